/**
 * Run manifest (Appendix N.1/N.9: "run dates, provider endpoints and model version strings are
 * recorded in per-model run manifests"): everything needed to say what was run and to rerun it.
 */
import { z } from 'zod';
import type { Agent, Clock } from '../agent/types.ts';
import { DEFAULT_MAX_RETRIES } from '../agent/loop.ts';
import { hashString } from '../stats/rng.ts';
import { QueryBudgetRuleSchema, budgetRuleFor, describeBudgetRule } from '../veh/protocol/budget.ts';
import { P3VariantSchema, type P3Variant } from '../veh/protocol/prompts.ts';
import { AgentDescriptorSchema } from './transcript.ts';

export const MANIFEST_SCHEMA_VERSION = 1;

export const DECODING_NOTE =
  'LLM endpoints run at temperature 0 (Appendix N.9); built-in agents are deterministic given the run seed (per-task RNG = deriveSeed(seed, task_id)).';

export const RunManifestSchema = z.strictObject({
  schema_version: z.literal(MANIFEST_SCHEMA_VERSION),
  run_id: z.string(),
  app_version: z.string(),
  suite: z.literal('veh'),
  /** Hash of the bank manifest the tasks came from (who loaded the bank computes it). */
  bank_hash: z.string(),
  task_filter: z.record(z.string(), z.string()),
  task_count: z.number().int(),
  agent: AgentDescriptorSchema,
  query_budget_rule: QueryBudgetRuleSchema,
  query_budget_rule_text: z.string(),
  p3_variant: P3VariantSchema,
  seed: z.number().int(),
  max_retries: z.number().int(),
  oracle_backend: z.string(),
  started_at: z.string(),
  finished_at: z.string(),
  status: z.enum(['completed', 'cancelled', 'failed']),
  decoding: z.string(),
});
export type RunManifest = z.infer<typeof RunManifestSchema>;

export interface ManifestInput {
  agent: Agent;
  seed: number;
  p3Variant: P3Variant;
  appVersion: string;
  bankHash: string;
  filters: Record<string, string>;
  taskCount: number;
  oracleBackend: string;
  startedMs: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Deterministic id: start time, agent, seed and a short hash of the filter. */
export function runId(input: ManifestInput): string {
  const stamp = iso(input.startedMs).replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const filter = Object.entries(input.filters)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return `veh-${input.agent.id}-s${input.seed}-${stamp}-${hashString(`${filter}|${input.p3Variant}|${input.bankHash}`).toString(16).padStart(8, '0')}`;
}

export function buildManifest(input: ManifestInput, clock: Clock, status: RunManifest['status']): RunManifest {
  const rule = budgetRuleFor(input.agent);
  return {
    schema_version: MANIFEST_SCHEMA_VERSION,
    run_id: runId(input),
    app_version: input.appVersion,
    suite: 'veh',
    bank_hash: input.bankHash,
    task_filter: input.filters,
    task_count: input.taskCount,
    agent: { id: input.agent.id, label: input.agent.label, description: input.agent.description, privileged: input.agent.privileged },
    query_budget_rule: rule,
    query_budget_rule_text: describeBudgetRule(rule),
    p3_variant: input.p3Variant,
    seed: input.seed,
    max_retries: DEFAULT_MAX_RETRIES,
    oracle_backend: input.oracleBackend,
    started_at: iso(input.startedMs),
    finished_at: iso(clock()),
    status,
    decoding: DECODING_NOTE,
  };
}
