/**
 * Leaf checks shared by the Mie and harvester reproduction tasks (issue 19): the replay gate, a table's
 * rows grouped by a variant column, and "each reported peak is the argmax of its own sampled curve" —
 * the consistency that ties a summary table to the curves it claims to summarise (a peak copied from
 * another variant, or from the paper, is not the maximum of this variant's curve).
 */
import { column, type CheckResult } from '../../checks.ts';
import type { ReplayOutcome } from '../../replay.ts';

export const pass = (reason: string): CheckResult => ({ score: 1, reason });
export const fail = (reason: string): CheckResult => ({ score: 0, reason });

export function replayCompleted(r: ReplayOutcome): CheckResult {
  return r.status === 'completed' ? pass('the replay ran to completion') : fail(`the replay is ${r.status}: ${r.reason ?? ''}`);
}

/** The named columns of a table, or why they cannot be read. */
export function columns(r: ReplayOutcome, table: string, cols: readonly string[]): number[][] | string {
  const out: number[][] = [];
  for (const c of cols) {
    const v = column(r, table, c);
    if (typeof v === 'string') return v;
    out.push(v);
  }
  return out;
}

/** The x at the largest y among the rows whose key column equals `key` (null when there are none). */
export function argmaxAt(keys: readonly number[], xs: readonly number[], ys: readonly number[], key: number): number | null {
  let best = -1;
  for (let i = 0; i < keys.length; i++) if (keys[i] === key && (best < 0 || (ys[i] as number) > (ys[best] as number))) best = i;
  return best < 0 ? null : (xs[best] as number);
}

/**
 * Every row of `peaks` (key, peak) names the x where the curve of `curves` (key, x, y) with the same key
 * is largest, exactly (both come from the same sampled grid).
 */
export function peaksAreArgmax(r: ReplayOutcome, peaks: { table: string; key: string; peak: string }, curves: { table: string; key: string; x: string; y: string }): CheckResult {
  const p = columns(r, peaks.table, [peaks.key, peaks.peak]);
  if (typeof p === 'string') return fail(p);
  const cv = columns(r, curves.table, [curves.key, curves.x, curves.y]);
  if (typeof cv === 'string') return fail(cv);
  const [pk, pv] = p as [number[], number[]];
  const [ck, cx, cy] = cv as [number[], number[], number[]];
  const off = pk.filter((k, i) => argmaxAt(ck, cx, cy, k) !== pv[i]);
  if (pk.length === 0) return fail(`${peaks.table} has no rows`);
  return off.length === 0
    ? pass(`every ${peaks.table}.${peaks.peak} is where its own ${curves.table}.${curves.y} curve peaks`)
    : fail(`${peaks.table}.${peaks.peak} at ${peaks.key} = ${off.join(', ')} is not the maximum of that variant's ${curves.table}.${curves.y}`);
}

/** Successful calls of one oracle tool with their arguments. */
export function callArguments(r: ReplayOutcome, tool: 'solve' | 'veh'): unknown[] {
  return r.calls.filter((c) => c.tool === tool && c.ok).map((c) => c.arguments);
}
