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

/** A stored run as the pair picker needs it: its id and the suite it ran (newest first in a list). */
export interface PairCandidate {
  store_id: string;
  suite: string;
}

/**
 * The picker's starting pair: the ids asked for, else the newest run as B and the next newest as A.
 * Never one run against itself: a given id is kept and the other side takes the newest other run.
 * Runs of different suites share no tasks to pair, so the other side is a run of the same suite
 * where there is one, and with nothing asked for B is the newest run that has a same-suite partner
 * (a VEH run, then a reproduction run: the reproduction run alone cannot be compared).
 */
export function defaultComparePair(runs: readonly PairCandidate[], a: string | null, b: string | null): { a: string; b: string } {
  const suiteOf = (id: string | null): string | undefined => runs.find((r) => r.store_id === id)?.suite;
  const other = (than: string | null): string => {
    const suite = suiteOf(than);
    return (runs.find((r) => r.store_id !== than && r.suite === suite) ?? runs.find((r) => r.store_id !== than))?.store_id ?? '';
  };
  if (a !== null && b !== null && a !== b) return { a, b };
  if (a !== null) return { a, b: other(a) };
  if (b !== null) return { a: other(b), b };
  const paired = runs.find((r) => runs.some((o) => o.store_id !== r.store_id && o.suite === r.suite));
  const newest = (paired ?? runs[0])?.store_id ?? '';
  return { a: other(newest), b: newest };
}
