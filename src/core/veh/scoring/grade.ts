/**
 * One task's line in an export's summary table (src/core/export/task-summary.ts): pass, score and
 * the checks that failed, derived through the metrics module's own per-row summaries so a line can
 * never disagree with the metric it feeds.
 * - P1: pass when the predicted action is the gold action; score 1 or 0.
 * - P2: pass when the final design is feasible (an LLM budget stop never passes); score is the P2b
 *   contribution, P/P_BKF when feasible else 0.
 * - P3: pass on a successful recovery (feasible final design); score P/P_BKF when successful else 0.
 * - P4: pass on an exact match with the oracle's order; score is Kendall τb (0 on a parse failure).
 */
import { actionCheck, protocolFailures, rankingFailures, type FailedCheck, type TaskGrade } from '../../suite/scoring.ts';
import { missingFieldsRecallOfRow } from '../metrics/p1.ts';
import { summariseP2 } from '../metrics/p2.ts';
import { summariseP3 } from '../metrics/p3.ts';
import { summariseP4 } from '../metrics/p4.ts';
import { hadParseFailure } from '../metrics/trajectory.ts';
import type { VehRow } from '../rows.ts';

const fmt = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(3));

export const VEH_PASS_RULE =
  'Pass: P1 gold action, P2 feasible final design, P3 successful recovery, P4 exact order. Score: 1/0 for P1, P/P_BKF of a passing final design for P2/P3, Kendall τ for P4. Tool calls are the oracle evaluations the agent asked for.';

export function gradeVehRow(row: VehRow): TaskGrade {
  const failed: FailedCheck[] = protocolFailures(row, hadParseFailure(row));
  const done = (pass: boolean, score: number): TaskGrade => ({ status: row.status, pass, score, failed });
  switch (row.probe) {
    case 'P1': {
      const pass = actionCheck(row, failed);
      const recall = pass ? missingFieldsRecallOfRow(row) : null;
      if (recall !== null && recall < 1) failed.push({ check: 'missing_fields', detail: `named ${fmt(recall * 100)} % of the missing fields` });
      return done(pass, pass ? 1 : 0);
    }
    case 'P2': {
      const s = summariseP2(row);
      if (!row.final.result.feasible) failed.push({ check: 'final_feasible', detail: `final design violates ${row.final.result.violations.join(', ') || 'a constraint'}` });
      return done(s.finalFeasible, s.finalFeasible ? s.finalRatio : 0);
    }
    case 'P3': {
      const s = summariseP3(row);
      if (!s.escaped) failed.push({ check: 'escape', detail: 'no evaluated design had less violation than the trap' });
      if (s.cascade === true) failed.push({ check: 'cascade', detail: 'an escape violated a constraint the trap satisfied' });
      if (!row.final.result.feasible) failed.push({ check: 'success', detail: `final design violates ${row.final.result.violations.join(', ') || 'a constraint'}` });
      return done(s.success, s.success ? s.finalRatio : 0);
    }
    case 'P4': {
      const s = summariseP4(row);
      failed.push(...rankingFailures(s, hadParseFailure(row)));
      return done(s.exact, s.tau);
    }
  }
}
