/**
 * Deterministic slices of a run's task list, for fanning one run out over machines (a CI matrix,
 * a Kubernetes Indexed Job): shard i of n is the i-th contiguous block of the selection, so the
 * shards' rows concatenated in shard order are the unsharded run's rows in its order. Each task's
 * RNG derives from the run seed and the task id, and its task_index is its position in the whole
 * selection, so a shard's transcripts are exactly the unsharded run's.
 */
export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export class ShardError extends Error {}

/** "i/n" with 1 ≤ i ≤ n ≤ 10 000. */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) throw new ShardError(`--shard must be i/n (for example 1/4), got "${text}"`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (!(count >= 1 && count <= 10_000) || !(index >= 1 && index <= count)) throw new ShardError(`--shard ${text}: need 1 ≤ i ≤ n ≤ 10000`);
  return { index, count };
}

/** The shard's block: [start, end) of a selection of `total` tasks. Blocks differ in size by at most one. */
export function shardRange(total: number, s: Shard): { start: number; end: number } {
  return { start: Math.floor(((s.index - 1) * total) / s.count), end: Math.floor((s.index * total) / s.count) };
}

export const shardLabel = (s: Shard): string => `${s.index}/${s.count}`;
