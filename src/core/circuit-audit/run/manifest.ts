/**
 * Circuit run manifest: what was run and how to rerun it (bank hash, seed, agent, oracle backend,
 * filters, times), plus the model block of an LLM run. Its own schema with suite 'circuit', so a
 * circuit run can never be mistaken for a VEH run.
 */
import { z } from 'zod';
import type { Agent, Clock } from '../../agent/types.ts';
import { EpisodeBudgetSchema, describeBudget, type EpisodeBudget } from '../../llm/budget.ts';
import { safeEndpoint } from '../../llm/settings.ts';
import {
  DECODING_NOTE,
  iso,
  manifestRunEnd,
  manifestRunHead,
  manifestRunner,
  manifestTaskSelection,
  modelVersions,
  runIdOf,
} from '../../run/manifest-core.ts';
import type { CircuitTranscript } from '../protocol/transcript.ts';
import { P3VariantSchema, type P3Variant } from '../../veh/protocol/prompts.ts';

export const CIRCUIT_MANIFEST_SCHEMA_VERSION = 1;

export const CIRCUIT_BUDGET_RULE_TEXT =
  "task budget: P2 each task's query_budget, ends on feasible closure, on \"stop\" or at the budget; P3 the full query_budget_remaining, no early stop";

export const CircuitRunManifestSchema = z.strictObject({
  schema_version: z.literal(CIRCUIT_MANIFEST_SCHEMA_VERSION),
  suite: z.literal('circuit'),
  ...manifestRunHead,
  ...manifestTaskSelection,
  ...manifestRunner,
  query_budget_rule_text: z.string(),
  ...manifestRunEnd,
  /** Present for a run whose P3 tasks opened with the verifier-authored state summary; absent = raw history. */
  p3_variant: P3VariantSchema.optional(),
  /** LLM runs only: what was called (never a key). */
  model: z
    .strictObject({
      provider: z.string(),
      endpoint: z.string(),
      model: z.string(),
      model_versions: z.array(z.string()),
      budget: EpisodeBudgetSchema,
      budget_text: z.string(),
    })
    .optional(),
});
export type CircuitRunManifest = z.infer<typeof CircuitRunManifestSchema>;

export interface CircuitManifestInput {
  agent: Agent;
  seed: number;
  appVersion: string;
  bankHash: string;
  filters: Record<string, string>;
  taskCount: number;
  oracleBackend: string;
  maxRetries: number;
  startedMs: number;
  budget?: EpisodeBudget;
  p3Variant?: P3Variant;
}

/** Deterministic id: suite, agent, seed, start time and a short hash of filter and bank. */
export function circuitRunId(input: CircuitManifestInput): string {
  return runIdOf('circuit', input, (filter) => `${filter}|${input.bankHash}`);
}

export function buildCircuitManifest(
  input: CircuitManifestInput,
  clock: Clock,
  status: CircuitRunManifest['status'],
  transcripts: readonly CircuitTranscript[],
): CircuitRunManifest {
  const m = input.agent.model;
  const budget = input.budget ?? {};
  return {
    schema_version: CIRCUIT_MANIFEST_SCHEMA_VERSION,
    suite: 'circuit',
    run_id: circuitRunId(input),
    app_version: input.appVersion,
    bank_hash: input.bankHash,
    task_filter: input.filters,
    task_count: input.taskCount,
    agent: { id: input.agent.id, label: input.agent.label, description: input.agent.description, privileged: input.agent.privileged },
    seed: input.seed,
    max_retries: input.maxRetries,
    oracle_backend: input.oracleBackend,
    query_budget_rule_text: CIRCUIT_BUDGET_RULE_TEXT,
    started_at: iso(input.startedMs),
    finished_at: iso(clock()),
    status,
    decoding: DECODING_NOTE,
    ...(input.p3Variant === 'state_summary' ? { p3_variant: input.p3Variant } : {}),
    ...(m
      ? {
          model: {
            provider: m.settings.provider,
            endpoint: safeEndpoint(m.settings.base_url),
            model: m.settings.model,
            model_versions: modelVersions(transcripts),
            budget,
            budget_text: describeBudget(budget),
          },
        }
      : {}),
  };
}
