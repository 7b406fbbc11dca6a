/**
 * The privileged reference for SG runs. It reads the hidden task (BKF design included), rebuilds the
 * group's gold exactly as the harness does (same draws, same fallback) on the in-process reference
 * oracle, and answers each form with it: A the candidate equal to the gold, B the gold itself, C
 * the gold's values of the masked variables. A correct SG harness scores it 100 % in all three
 * forms, so it calibrates the audit; it is not a competitor. It answers only the SG formats.
 */
import { z } from 'zod';
import type { Agent, ChatMessage } from '../../agent/types.ts';
import { referenceVehBackend } from '../../kernels/reference-veh-backend.ts';
import { createDirectVehOracle } from '../direct-oracle.ts';
import { DESIGN_VARIABLES, VehDesignSchema, parseOracleRequest, type VehDesign } from '../oracle.ts';
import { P2TaskSchema, type P2Task } from '../task-schema.ts';
import { GOLD_PRECISIONS, bkfAt, screeningDesigns } from './sg-forms.ts';

export const SG_REFERENCE_ID = 'sg-reference';

const oracle = createDirectVehOracle(referenceVehBackend);

const OpeningSchema = z.object({
  form: z.enum(['A', 'B', 'C']),
  candidates: z.array(z.object({ id: z.string(), design: VehDesignSchema })).optional(),
  masked_variables: z.array(z.enum(DESIGN_VARIABLES)).optional(),
});

/** The gold the harness picks: the first feasible draw, else the BKF at the fewest feasible digits. */
export function referenceGold(task: P2Task): VehDesign {
  const feasible = (design: VehDesign): boolean =>
    oracle.evaluateSync(parseOracleRequest({ design, excitation: task.excitation_context, environment: task.environment_context, constraints: task.constraints })).feasible;
  const drawn = screeningDesigns(task).find(feasible);
  if (drawn) return drawn;
  for (const digits of GOLD_PRECISIONS) if (feasible(bkfAt(task, digits))) return bkfAt(task, digits);
  return bkfAt(task, GOLD_PRECISIONS[GOLD_PRECISIONS.length - 1] ?? 17);
}

const same = (a: VehDesign, b: VehDesign): boolean => DESIGN_VARIABLES.every((v) => a[v] === b[v]);

function answer(gold: VehDesign, messages: readonly ChatMessage[]): object {
  const opening = messages.find((m) => m.role === 'user');
  const o = OpeningSchema.parse(JSON.parse(opening?.content ?? '{}'));
  switch (o.form) {
    case 'A':
      return { choice: o.candidates?.find((c) => same(c.design, gold))?.id ?? '', reason: 'the candidate equal to the gold design' };
    case 'B':
      return { design: gold, reason: 'the gold design' };
    case 'C':
      return { values: Object.fromEntries((o.masked_variables ?? []).map((v) => [v, gold[v]])), reason: 'the gold values' };
  }
}

export const sgReferenceAgent: Agent = {
  id: SG_REFERENCE_ID,
  label: 'SG reference (privileged)',
  description:
    'Reads the hidden task, rebuilds the probe group’s gold design as the harness does and answers every SG form with it; must score 100 % in A, B and C. Calibrates the SG audit; answers only SG formats.',
  privileged: true,
  start: (ctx) => {
    const gold = referenceGold(P2TaskSchema.parse(ctx.task));
    return { respond: (messages) => Promise.resolve({ text: JSON.stringify(answer(gold, messages)) }) };
  },
};
