/**
 * Per-task outcome cells for the result tables. They come from the metrics module's own per-row
 * summaries, so a table row and the suite metric it feeds can never disagree.
 */
import { summariseP2 } from '../../core/veh/metrics/p2.ts';
import { summariseP3 } from '../../core/veh/metrics/p3.ts';
import { summariseP4 } from '../../core/veh/metrics/p4.ts';
import type { P1Row, P2Row, P3Row, P4Row } from '../../core/veh/rows.ts';

export function p1Outcome(row: P1Row) {
  return { gold: row.gold_action, predicted: row.predicted_action, correct: row.predicted_action === row.gold_action };
}

export function p2Outcome(row: P2Row) {
  const s = summariseP2(row);
  return { feasible: s.finalFeasible, ratio: s.finalRatio, queries: s.queries, budget: row.query_budget };
}

export function p3Outcome(row: P3Row) {
  const s = summariseP3(row);
  return { success: s.success, escaped: s.escaped, cascade: s.cascade, ratio: s.finalRatio, budget: row.query_budget };
}

export function p4Outcome(row: P4Row) {
  const s = summariseP4(row);
  return { tau: s.parsed ? s.tau : null, exact: s.exact, predicted: row.predicted_order };
}
