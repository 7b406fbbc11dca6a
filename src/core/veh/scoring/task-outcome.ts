/**
 * What one task's row says about the agent, for comparing two runs task by task and for the
 * per-task score histograms. Each probe gets a pass/fail verdict and a score in the units of its
 * headline metric, so the mean of the scores over tasks is the headline wherever the headline is a
 * per-task mean (P2b, P3-Success, P4 τ). P1-Composite is a blend of class-level F1 and discipline
 * scores, not a per-task mean, so its per-task score is plain correctness.
 *
 * Pass definitions (documented choice):
 * - P1: the predicted action equals the gold action (a parse failure is a fail).
 * - P2: the final design is feasible (and no LLM budget stop ended the episode), the F_i of P2b;
 *   the score is F_i · P_i / P_i^BKF, P2b's per-task term, so "both pass" pairs still show power gains.
 * - P3: a successful recovery (final feasible after the budget), P3-Success's per-task indicator.
 * - P4: exact match of the predicted ranking with the oracle's order; the score is Kendall τb (0 on a
 *   parse failure), the headline's per-task term. Exact match is stricter than τ > 0 on purpose: a
 *   "pass" should mean the agent chose exactly what the policy asks for.
 */
import type { VehRow } from '../rows.ts';
import { summariseP2 } from '../metrics/p2.ts';
import { summariseP3 } from '../metrics/p3.ts';
import { summariseP4 } from '../metrics/p4.ts';

export interface TaskOutcome {
  pass: boolean;
  /** Per-task score in the headline's units (see the header). */
  score: number;
}

export function taskOutcome(row: VehRow): TaskOutcome {
  switch (row.probe) {
    case 'P1': {
      const pass = row.predicted_action !== null && row.predicted_action === row.gold_action;
      return { pass, score: pass ? 1 : 0 };
    }
    case 'P2': {
      const s = summariseP2(row);
      return { pass: s.finalFeasible, score: s.finalFeasible ? s.finalRatio : 0 };
    }
    case 'P3': {
      const s = summariseP3(row);
      return { pass: s.success, score: s.success ? 1 : 0 };
    }
    case 'P4': {
      const s = summariseP4(row);
      return { pass: s.exact, score: s.tau };
    }
  }
}

/** What a task's score means, for axis labels (units included). */
export const TASK_SCORE_LABEL: Readonly<Record<VehRow['probe'], string>> = {
  P1: 'correct action (1 = correct, 0 = wrong)',
  P2: 'F·P/P_BKF (power ratio, 0 if infeasible)',
  P3: 'recovered (1 = feasible final, 0 = not)',
  P4: 'Kendall τb (−1 to 1)',
};

/**
 * Axis range of a probe's task scores: τ spans [−1, 1]; the others [0, 1], widened to the next 0.1
 * when a P2 design beats the best-known-feasible one (a ratio above 1).
 */
export function taskScoreDomain(probe: VehRow['probe'], scores: readonly number[]): readonly [number, number] {
  if (probe === 'P4') return [-1, 1];
  let top = 0;
  for (const s of scores) if (Number.isFinite(s) && s > top) top = s;
  return [0, Math.max(1, Math.ceil(top * 10) / 10)];
}
