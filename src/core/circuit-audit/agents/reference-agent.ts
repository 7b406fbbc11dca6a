/**
 * The privileged circuit reference agent: it reads the hidden reference and answers with it, through
 * the same protocol as everyone else. A correct pipeline scores it perfectly (P1 composite 1, P2 final
 * feasible 1, P3 success 1, Kendall τ 1); it calibrates the harness and is not a competitor.
 */
import type { JsonObject } from '../../agent/parse-json.ts';
import type { Agent } from '../../agent/types.ts';
import { scriptedAgent } from '../../veh/agents/scripted.ts';
import { CircuitTaskSchema, type CircuitTask } from '../task-schema.ts';

function taskOf(raw: unknown): CircuitTask {
  const parsed = CircuitTaskSchema.safeParse(raw);
  if (!parsed.success) throw new Error('circuit reference agent needs the full circuit task (with its reference) in the episode context');
  return parsed.data;
}

export const circuitReferenceAgent: Agent = scriptedAgent({
  id: 'reference',
  label: 'Reference (privileged)',
  description:
    'Reads the hidden reference: P1 gold action and missing fields, P2 the best-known feasible design (feasible closure ends the episode), P3 the BKF design every turn, P4 the oracle order. Must score perfectly; calibrates the harness.',
  privileged: true,
  strategy: (ctx) => {
    const task = taskOf(ctx.task);
    return (v): JsonObject => {
      switch (task.probe) {
        case 'P1':
          return { action: task.reference.gold_label.action_type, missing_fields: task.reference.gold_label.missing_fields, reason: 'gold label' };
        case 'P2':
          // The first turn's BKF closes the episode; should it go on anyway, stop on the BKF.
          return v.turn === 0
            ? { action: 'continue', design: task.reference.bkf.design, reason: 'best-known feasible design' }
            : { action: 'stop', design: task.reference.bkf.design, reason: 'best-known feasible design' };
        case 'P3':
          return { action: 'propose_design', design: task.reference.bkf.design, reason: 'best-known feasible design' };
        case 'P4':
          return { ranking: task.reference.oracle_order, reason: 'oracle order' };
      }
    };
  },
});
