/**
 * One episode's transcript: schema version, the task snapshot (including its hidden reference, so
 * scoring needs nothing else), the agent, the settings it ran under, every event, the status and
 * timings. `score` re-derives rows and metrics from these files alone.
 */
import { z } from 'zod';
import { TimingsSchema } from '../../run/transcript-core.ts';
import { TranscriptEventSchema } from '../protocol/events.ts';
import { QueryBudgetRuleSchema } from '../protocol/budget.ts';
import { ControlConditionSchema } from '../protocol/control-blocks.ts';
import { P3VariantSchema } from '../protocol/prompts.ts';
import { SgFormSchema } from '../protocol/sg-forms.ts';
import { SubsetIdSchema } from '../subsets/appendix-d.ts';
import { EpisodeStatusSchema } from '../rows.ts';
import { EpisodeBudgetSchema } from '../../llm/budget.ts';
import { VehTaskSchema } from '../task-schema.ts';
import type { RunControls } from './types.ts';

/**
 * 3: settings may carry the run-time controls (control, subset, sg_form, matched_to_run_id).
 * 2: reply events may carry cost_usd and llm (per-attempt HTTP records), new llm_retry events, end
 * events may name a budget_limit, error events may carry llm_calls, settings may carry a budget.
 * Version 1 transcripts (built-in agents, before LLM runs) are a subset and still parse.
 */
export const TRANSCRIPT_SCHEMA_VERSION = 3;
export const SUPPORTED_TRANSCRIPT_VERSIONS = [1, 2, 3] as const;

export const AgentDescriptorSchema = z.strictObject({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  privileged: z.boolean(),
});

export const TranscriptSettingsSchema = z.strictObject({
  /** The run's seed (agent RNGs derive from it; the bootstrap uses it). */
  run_seed: z.number().int(),
  /** deriveSeed(run_seed, task_id): the agent's RNG seed for this task. */
  task_seed: z.number().int(),
  /** Position in the run, so rows are rebuilt in run order (the bootstrap depends on order). */
  task_index: z.number().int(),
  p3_variant: P3VariantSchema,
  budget_rule: QueryBudgetRuleSchema,
  /** Effective query budget of this episode; null for P1/P4. */
  query_budget: z.number().int().nullable(),
  max_retries: z.number().int(),
  oracle_backend: z.string(),
  /** Per-episode budget of an LLM run, when one was set. */
  budget: EpisodeBudgetSchema.optional(),
  /** Controlled-prompt condition (Appendix Q); absent in files before version 3: 'default'. */
  control: ControlConditionSchema.optional(),
  /** The named task subset the run used (Appendix D); absent: none. */
  subset: SubsetIdSchema.optional(),
  /** SG audit form (Appendix P) this P2 task ran as; absent: an ordinary P2 episode. */
  sg_form: SgFormSchema.optional(),
  /** CMA-ES query-matched run: the run whose per-task query count is this episode's budget. */
  matched_to_run_id: z.string().optional(),
});

export type TranscriptSettings = z.infer<typeof TranscriptSettingsSchema>;

export const TranscriptSchema = z.strictObject({
  schema_version: z.union([z.literal(1), z.literal(2), z.literal(TRANSCRIPT_SCHEMA_VERSION)]),
  task: VehTaskSchema,
  agent: AgentDescriptorSchema,
  settings: TranscriptSettingsSchema,
  events: z.array(TranscriptEventSchema),
  status: EpisodeStatusSchema,
  timings: TimingsSchema,
});
export type Transcript = z.infer<typeof TranscriptSchema>;

/**
 * The audit controls an episode ran under, as RunControls (matched budgets excluded: they are per
 * task). A resumed run passes these on so its remaining tasks run under the same controls.
 */
export function runControlsOf(settings: TranscriptSettings): RunControls {
  return { control: settings.control ?? 'default', subset: settings.subset ?? null, sgForm: settings.sg_form ?? null };
}
