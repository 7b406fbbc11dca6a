/**
 * The privileged reference agent: it reads the hidden reference and answers with it, through the
 * same protocol as everyone else. It calibrates the harness — a correct pipeline scores it
 * perfectly (P1 composite 1, P2b 1, P3 success 1, Kendall τ 1) — and is not a competitor.
 */
import type { JsonObject } from '../../agent/parse-json.ts';
import type { BudgetedAgent } from '../protocol/budget.ts';
import type { VehTask } from '../task-schema.ts';
import { isFinalSelection } from './payload.ts';
import { scriptedAgent } from './scripted.ts';

function taskOf(raw: unknown): VehTask {
  if (typeof raw !== 'object' || raw === null || !('reference' in raw) || !('probe' in raw)) {
    throw new Error('reference agent needs the full task (with its reference) in the episode context');
  }
  return raw as VehTask;
}

export const referenceAgent: BudgetedAgent = scriptedAgent({
  id: 'reference',
  label: 'Reference (privileged)',
  description:
    'Reads the hidden reference: P1 gold action and missing fields, P2 the best-known feasible design (then stops on closure), P3 the BKF design every turn, P4 the oracle order. Must score perfectly; calibrates the harness.',
  privileged: true,
  strategy: (ctx) => {
    const task = taskOf(ctx.task);
    return (v): JsonObject => {
      switch (task.probe) {
        case 'P1':
          return {
            action: task.reference.gold_label.action_type,
            missing_fields: task.reference.gold_label.missing_fields,
            reason: 'gold label',
          };
        case 'P2': {
          const bkf = task.reference.bkf.design;
          // First turn proposes the BKF (feasible closure ends the episode); if the episode goes
          // on anyway, stop and name it.
          return v.turn === 0 && !isFinalSelection(v.latest)
            ? { action: 'continue', design: bkf, reason: 'best-known feasible design' }
            : { action: 'stop', design: bkf, reason: 'best-known feasible design' };
        }
        case 'P3': {
          const bkf = task.reference.bkf.design;
          return isFinalSelection(v.latest)
            ? { action: 'stop', design: bkf, reason: 'best-known feasible design' }
            : { action: 'propose_design', design: bkf, reason: 'best-known feasible design' };
        }
        case 'P4':
          return { ranking: task.reference.oracle_order, reason: 'oracle order' };
      }
    };
  },
});
