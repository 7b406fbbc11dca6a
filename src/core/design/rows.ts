/**
 * A result row per task, from its transcript alone: the probes and the submission with the
 * evaluator's verdicts (valid, J, S, the first failed gate), and the task's score by the seed's
 * Table 3 rule — the best eligible evaluated design for a Design task (any probe or the
 * submission), the final submission for a Reimplementation; invalid or missing counts as S = 0.
 */
import { z } from 'zod';
import { EpisodeStatusSchema } from '../agent/events.ts';
import { taskUsage } from '../run/usage.ts';
import { VerdictSchema } from './evaluator.ts';
import { evaluatorCallsOf, type DesignTranscript } from './episode.ts';
import { DesignFamilySchema } from './task-schema.ts';

/** A verdict as a tool result holds it (the map is left out for the agent). */
export const RecordedVerdictSchema = VerdictSchema.omit({ map: true });
export type RecordedVerdict = z.infer<typeof RecordedVerdictSchema>;

export const EvaluatedDesignSchema = z.strictObject({
  call: z.enum(['probe', 'submit']),
  step: z.number().int(),
  source_sha256: z.string(),
  valid: z.boolean(),
  J: z.number().nullable(),
  S: z.number(),
  first_failed_gate: z.string().nullable(),
});

export const DesignRowSchema = z.strictObject({
  task_id: z.string(),
  family: DesignFamilySchema,
  physics: z.string(),
  status: EpisodeStatusSchema,
  probes_used: z.number().int(),
  probe_budget: z.number().int(),
  submitted: z.boolean(),
  /** S of the submission (0 when none or invalid). */
  submission_S: z.number(),
  submission_valid: z.boolean(),
  best_probe_S: z.number(),
  /** The Table 3 score of this task. */
  score: z.number(),
  /** The design the score comes from is valid. */
  valid: z.boolean(),
  scored_sha256: z.string().nullable(),
  scored_J: z.number().nullable(),
  evaluated: z.array(EvaluatedDesignSchema),
  tool_calls: z.number().int(),
  failed_tool_calls: z.number().int(),
  turns: z.number().int(),
  wall_ms: z.number(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost_usd: z.number().nullable(),
});
export type DesignRow = z.infer<typeof DesignRowSchema>;

export function evaluatedDesigns(t: DesignTranscript): z.infer<typeof EvaluatedDesignSchema>[] {
  return evaluatorCallsOf(t.events).flatMap((c) => {
    const v = RecordedVerdictSchema.safeParse(c.result);
    if (!v.success) return [];
    return [{ call: c.name as 'probe' | 'submit', step: c.step, source_sha256: v.data.source_sha256, valid: v.data.valid, J: v.data.J, S: v.data.S, first_failed_gate: v.data.gates.find((g) => !g.pass)?.id ?? null }];
  });
}

export function deriveDesignRow(t: DesignTranscript): DesignRow {
  const evaluated = evaluatedDesigns(t);
  const calls = t.events.filter((e) => e.type === 'tool_call');
  const submission = evaluated.find((e) => e.call === 'submit') ?? null;
  const probes = evaluated.filter((e) => e.call === 'probe');
  const eligible = t.task.family === 'design' ? evaluated : submission ? [submission] : [];
  const scored = eligible.reduce<(typeof evaluated)[number] | null>((best, e) => (best === null || e.S > best.S ? e : best), null);
  const usage = taskUsage(t);
  return {
    task_id: t.task.task_id,
    family: t.task.family,
    physics: t.task.physics,
    status: t.status,
    probes_used: probes.length,
    probe_budget: t.task.probe_budget,
    submitted: submission !== null,
    submission_S: submission?.S ?? 0,
    submission_valid: submission?.valid ?? false,
    best_probe_S: probes.reduce((m, p) => Math.max(m, p.S), 0),
    score: scored?.S ?? 0,
    valid: scored?.valid ?? false,
    scored_sha256: scored?.source_sha256 ?? null,
    scored_J: scored?.J ?? null,
    evaluated,
    tool_calls: calls.length,
    failed_tool_calls: calls.filter((c) => c.type === 'tool_call' && c.error !== null).length,
    turns: t.events.filter((e) => e.type === 'reply').length,
    wall_ms: t.timings.duration_ms,
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cost_usd: usage.cost_usd,
  };
}
