/**
 * The compare page's URL state: the two runs (`a` baseline, `b` challenger), an outcome filter for
 * the task table and the task shown side by side (`task`, a task id).
 */
import { PAIR_OUTCOMES, type PairOutcome } from '../../core/leaderboard/compare-runs.ts';

export interface CompareView {
  a: string | null;
  b: string | null;
  outcome: PairOutcome | null;
  task: string | null;
}

export function compareViewFromQuery(q: URLSearchParams): CompareView {
  const outcome = q.get('outcome');
  return {
    a: q.get('a') || null,
    b: q.get('b') || null,
    outcome: PAIR_OUTCOMES.find((o) => o === outcome) ?? null,
    task: q.get('task') || null,
  };
}

export const OUTCOME_LABEL: Readonly<Record<PairOutcome, string>> = {
  improvement: 'improvements (A fails, B passes)',
  regression: 'regressions (A passes, B fails)',
  both_fail: 'both fail',
  both_pass: 'both pass',
};

/**
 * The picker's starting pair: the ids asked for, else the newest run as B and the next newest as A.
 * Never one run against itself: a given id is kept and the other side takes the newest other run.
 */
export function defaultComparePair(storeIds: readonly string[], a: string | null, b: string | null): { a: string; b: string } {
  const other = (than: string | null): string => storeIds.find((id) => id !== than) ?? '';
  if (a !== null && b !== null && a !== b) return { a, b };
  if (a !== null) return { a, b: other(a) };
  if (b !== null) return { a: other(b), b };
  const newest = storeIds[0] ?? '';
  return { a: other(newest), b: newest };
}
