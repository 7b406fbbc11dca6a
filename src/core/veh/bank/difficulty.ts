/**
 * Difficulty labels by rank: each bank has a published count per label, so tasks are sorted by a
 * continuous hardness score (each family documents its own) and cut into those counts. Ties are
 * broken by task id so the assignment is deterministic.
 */
export function assignByRank<T extends { id: string; hardness: number }>(items: readonly T[], labels: readonly { label: string; count: number }[]): Map<string, string> {
  const total = labels.reduce((s, l) => s + l.count, 0);
  if (total !== items.length) throw new Error(`difficulty counts sum to ${total}, but there are ${items.length} tasks`);
  const sorted = items.slice().sort((a, b) => a.hardness - b.hardness || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const out = new Map<string, string>();
  let i = 0;
  for (const { label, count } of labels) {
    for (let k = 0; k < count; k++) out.set((sorted[i++] as T).id, label);
  }
  return out;
}
