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
