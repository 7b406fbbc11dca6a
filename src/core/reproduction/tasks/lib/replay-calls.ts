/**
 * Small leaf helpers shared by reproduction tasks: the replay gate, the arguments of this replay's
 * successful solve calls of one kind (a modeling leaf checks that the device the claim needs was
 * really solved), and a table's columns read together.
 */
import { column, type CheckResult } from '../../checks.ts';
import type { ReplayOutcome } from '../../replay.ts';

export function replayCompleted(r: ReplayOutcome): CheckResult {
  return r.status === 'completed' ? { score: 1, reason: 'the replay ran to completion' } : { score: 0, reason: `the replay is ${r.status}: ${r.reason ?? ''}` };
}

/** The arguments (and results) of every successful `solve` call of this replay whose problem has this kind. */
export function solvedOfKind(r: ReplayOutcome, kind: string): { args: Record<string, unknown>; result: unknown }[] {
  const out: { args: Record<string, unknown>; result: unknown }[] = [];
  r.calls.forEach((c, i) => {
    const a = c.arguments as Record<string, unknown> | null;
    if (c.tool === 'solve' && c.ok && a !== null && typeof a === 'object' && a.kind === kind) out.push({ args: a, result: r.results[i] });
  });
  return out;
}

/** Several numeric columns of one table, as rows in the order asked, or why they cannot be read. */
export function columns(r: ReplayOutcome, name: string, cols: readonly string[]): number[][] | string {
  const got: number[][] = [];
  for (const c of cols) {
    const v = column(r, name, c);
    if (typeof v === 'string') return v;
    got.push(v);
  }
  const n = got[0]?.length ?? 0;
  return Array.from({ length: n }, (_, i) => got.map((v) => v[i] as number));
}
