/**
 * One circuit episode's transcript: the task snapshot (with its hidden reference, so scoring needs
 * nothing else), the agent, the settings it ran under, every event, the status and timings. Rows and
 * metrics are re-derived from these files alone.
 */
import { z } from 'zod';
import { EpisodeBudgetSchema } from '../../llm/budget.ts';
import { AgentDescriptorSchema, TimingsSchema } from '../../run/transcript-core.ts';
import { EpisodeStatusSchema } from '../../veh/rows.ts';
import { CircuitTaskSchema } from '../task-schema.ts';
import { CircuitTranscriptEventSchema } from './events.ts';
import { P3VariantSchema } from '../../veh/protocol/prompts.ts';

export const CIRCUIT_TRANSCRIPT_SCHEMA_VERSION = 1;

export const CircuitTranscriptSchema = z.strictObject({
  schema_version: z.literal(CIRCUIT_TRANSCRIPT_SCHEMA_VERSION),
  suite: z.literal('circuit'),
  task: CircuitTaskSchema,
  agent: AgentDescriptorSchema,
  settings: z.strictObject({
    run_seed: z.number().int(),
    /** deriveSeed(run_seed, task_id): the agent's RNG seed for this task. */
    task_seed: z.number().int(),
    /** Position in the run, so rows are rebuilt in run order (the bootstrap depends on order). */
    task_index: z.number().int(),
    /** The task's query budget (P2 query_budget, P3 query_budget_remaining); null for P1/P4. */
    query_budget: z.number().int().nullable(),
    max_retries: z.number().int(),
    oracle_backend: z.string(),
    budget: EpisodeBudgetSchema.optional(),
    /** Present when P3 opened with the verifier-authored state summary; absent = the raw corrupted history. */
    p3_variant: P3VariantSchema.optional(),
  }),
  events: z.array(CircuitTranscriptEventSchema),
  status: EpisodeStatusSchema,
  timings: TimingsSchema,
});
export type CircuitTranscript = z.infer<typeof CircuitTranscriptSchema>;
