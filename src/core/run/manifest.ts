/**
 * Run manifest (Appendix N.1/N.9: "run dates, provider endpoints and model version strings are
 * recorded in per-model run manifests"): everything needed to say what was run and to rerun it.
 */
import { z } from 'zod';
import type { Agent, Clock } from '../agent/types.ts';
import { DEFAULT_MAX_RETRIES } from '../agent/loop.ts';
import { hashString } from '../stats/rng.ts';
import { EpisodeBudgetSchema, describeBudget, type EpisodeBudget } from '../llm/budget.ts';
import { RetryPolicySchema, safeEndpoint } from '../llm/settings.ts';
import { ProviderIdSchema, ReasoningEffortSchema } from '../llm/types.ts';
import { sha256Hex } from '../hash/sha256.ts';
import { runUsage, UsageTotalsSchema } from './usage.ts';
import type { Transcript } from './transcript.ts';
import { QueryBudgetRuleSchema, budgetRuleFor, describeBudgetRule } from '../veh/protocol/budget.ts';
import { P3VariantSchema, type P3Variant } from '../veh/protocol/prompts.ts';
import { AgentDescriptorSchema } from './transcript.ts';
import { ControlConditionSchema, p3VariantUnder } from '../veh/protocol/control-blocks.ts';
import { SgFormSchema } from '../veh/protocol/sg-forms.ts';
import { SubsetIdSchema } from '../veh/subsets/appendix-d.ts';

/**
 * 3: run-time controls (`control`, `subset`, `sg_form`, `matched_to_run_id`, `matched_budgets`),
 * read back from the transcripts' settings. 2: optional `model`, `usage` and `warnings` blocks for
 * LLM runs. Version 1 and 2 manifests still parse (the controls are then absent: default, none).
 */
export const MANIFEST_SCHEMA_VERSION = 3;

/**
 * The model block of an LLM run (Appendix N.9's per-model run manifest): what was called and how.
 * Never a key: the endpoint is reduced to scheme, host, port and path (no user info, no query),
 * and of the extra headers only the names are kept.
 */
export const ManifestModelSchema = z.strictObject({
  provider: ProviderIdSchema,
  endpoint: z.string(),
  model: z.string(),
  /** Distinct version strings the provider reported in the replies, in order of first appearance. */
  model_versions: z.array(z.string()),
  /**
   * The temperature the requests actually sent (read from the first recorded request body); null when
   * the adapter left it out (Anthropic extended thinking, OpenAI reasoning models or a reasoning
   * effort), so the endpoint used its own default. Manifests before this change hold the setting.
   */
  temperature: z.number().nullable(),
  /**
   * The max tokens the requests actually sent (OpenAI max_tokens / max_completion_tokens, Anthropic
   * max_tokens — the thinking budget included —, Gemini maxOutputTokens).
   */
  max_output_tokens: z.number().int(),
  reasoning_effort: ReasoningEffortSchema.nullable(),
  stream: z.boolean(),
  extra_header_names: z.array(z.string()),
  retry_policy: RetryPolicySchema,
  budget: EpisodeBudgetSchema,
  budget_text: z.string(),
  /** SHA-256 (hex) of the system prompt each probe sent, keyed by probe. */
  system_prompt_sha256: z.record(z.string(), z.string()),
});
export type ManifestModel = z.infer<typeof ManifestModelSchema>;

export const DECODING_NOTE =
  'LLM requests ask for temperature 0 by default (Appendix N.9), except where the adapter must leave the temperature out (Anthropic extended thinking, OpenAI reasoning models or a reasoning effort) and the endpoint uses its own default; the model block records the temperature and max tokens actually sent. Built-in agents are deterministic given the run seed (per-task RNG = deriveSeed(seed, task_id)).';

/** How the manifest's temperature reads: the number, or that none was sent. */
export function describeTemperature(t: number | null): string {
  return t === null ? 'provider default (not sent)' : String(t);
}

export const RunManifestSchema = z.strictObject({
  schema_version: z.union([z.literal(1), z.literal(2), z.literal(MANIFEST_SCHEMA_VERSION)]),
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
  /** LLM runs only. */
  model: ManifestModelSchema.optional(),
  /** LLM runs only: tokens and cost of the finished tasks (cost null when any price is unknown). */
  usage: UsageTotalsSchema.optional(),
  /** Things a reader of the results should know (unknown prices under a cost budget, …). */
  warnings: z.array(z.string()).optional(),
  /** Controlled-prompt condition (Appendix Q); absent (old files): 'default'. */
  control: ControlConditionSchema.optional(),
  /** Named task subset (Appendix D), or null. */
  subset: SubsetIdSchema.nullable().optional(),
  /** Selection–generation audit form (Appendix P), or null for an ordinary run. */
  sg_form: SgFormSchema.nullable().optional(),
  /** CMA-ES query-matched run (Appendix M): the run whose per-task query counts were the budgets. */
  matched_to_run_id: z.string().nullable().optional(),
  /** Matched runs only: task_id → query budget (the source run's agent oracle calls on that task). */
  matched_budgets: z.record(z.string(), z.number().int()).optional(),
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
  budget?: EpisodeBudget;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Deterministic id: start time, agent, seed and a short hash of the filter. */
export function runId(input: ManifestInput): string {
  const stamp = iso(input.startedMs).replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const filter = Object.entries(input.filters)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return `veh-${input.agent.id.replace(/[^A-Za-z0-9._-]/g, '_')}-s${input.seed}-${stamp}-${hashString(`${filter}|${input.p3Variant}|${input.bankHash}`).toString(16).padStart(8, '0')}`;
}

/** System prompt hash per probe, from what the transcripts actually sent. */
function systemPromptHashes(transcripts: readonly Transcript[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of transcripts) {
    if (out[t.task.probe] !== undefined) continue;
    const system = t.events.find((e) => e.type === 'message' && e.role === 'system');
    if (system?.type === 'message') out[t.task.probe] = sha256Hex(system.content);
  }
  return out;
}

function modelVersions(transcripts: readonly Transcript[]): string[] {
  const seen = new Set<string>();
  for (const t of transcripts) for (const e of t.events) if (e.type === 'reply' && e.llm?.model_version) seen.add(e.llm.model_version);
  return [...seen];
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The first request body the run recorded (replies first, then failed requests' attempts); null when none. */
function firstRequestBody(transcripts: readonly Transcript[]): Record<string, unknown> | null {
  for (const t of transcripts) {
    for (const e of t.events) {
      if (e.type !== 'reply') continue;
      const body = e.llm?.calls.map((c) => c.request_body).find(isRecord);
      if (body) return body;
    }
  }
  for (const t of transcripts) {
    for (const e of t.events) {
      if (e.type !== 'error') continue;
      const body = e.llm_calls?.map((c) => c.request_body).find(isRecord);
      if (body) return body;
    }
  }
  return null;
}

const MAX_TOKEN_FIELDS = ['max_tokens', 'max_completion_tokens', 'maxOutputTokens'] as const;

/**
 * Temperature and max tokens as sent: top-level fields (OpenAI, Anthropic) or Gemini's
 * generationConfig. A body without a temperature means none was sent (null). Without any recorded
 * body (no request left the page), the settings stand for what would have been sent.
 */
export function sentDecoding(body: Record<string, unknown> | null, settings: { temperature: number; max_output_tokens: number }): { temperature: number | null; max_output_tokens: number } {
  if (!body) return { temperature: settings.temperature, max_output_tokens: settings.max_output_tokens };
  const fields = isRecord(body.generationConfig) ? { ...body, ...body.generationConfig } : body;
  const temperature = typeof fields.temperature === 'number' ? fields.temperature : null;
  const max = MAX_TOKEN_FIELDS.map((k) => fields[k]).find((v): v is number => typeof v === 'number' && Number.isInteger(v));
  return { temperature, max_output_tokens: max ?? settings.max_output_tokens };
}

function modelBlock(input: ManifestInput, transcripts: readonly Transcript[]): ManifestModel | null {
  const m = input.agent.model;
  if (!m) return null;
  const s = m.settings;
  const budget = input.budget ?? {};
  return {
    provider: s.provider,
    endpoint: safeEndpoint(s.base_url),
    model: s.model,
    model_versions: modelVersions(transcripts),
    ...sentDecoding(firstRequestBody(transcripts), s),
    reasoning_effort: s.reasoning_effort ?? null,
    stream: s.stream,
    extra_header_names: Object.keys(s.extra_headers ?? {}).sort(),
    retry_policy: m.retry,
    budget,
    budget_text: describeBudget(budget),
    system_prompt_sha256: systemPromptHashes(transcripts),
  };
}

/** The run-level controls, read back from the transcripts (every episode of a run records the same ones). */
function runControls(transcripts: readonly Transcript[]) {
  const first = transcripts[0]?.settings;
  const matched: Record<string, number> = {};
  for (const t of transcripts) if (t.settings.matched_to_run_id !== undefined && t.settings.query_budget !== null) matched[t.task.task_id] = t.settings.query_budget;
  return {
    control: first?.control ?? 'default',
    subset: first?.subset ?? null,
    sg_form: first?.sg_form ?? null,
    matched_to_run_id: first?.matched_to_run_id ?? null,
    ...(first?.matched_to_run_id !== undefined ? { matched_budgets: matched } : {}),
  };
}

export function buildManifest(input: ManifestInput, clock: Clock, status: RunManifest['status'], transcripts: readonly Transcript[] = []): RunManifest {
  const rule = budgetRuleFor(input.agent);
  const controls = runControls(transcripts);
  const model = modelBlock(input, transcripts);
  const usage = model ? runUsage(transcripts) : null;
  const warnings: string[] = [];
  if (model && usage && usage.unknown_price_replies > 0) {
    warnings.push(
      `no price known for ${model.provider} model "${model.model}": ${usage.unknown_price_replies} replies have cost null, so the run's total cost is null` +
        (model.budget.max_cost_usd !== undefined ? ` and max_cost_usd ($${model.budget.max_cost_usd}) could not limit them` : ''),
    );
  }
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
    query_budget_rule_text:
      controls.matched_to_run_id === null
        ? describeBudgetRule(rule)
        : `matched to run ${controls.matched_to_run_id}: each task's budget is that run's query count on it (matched_budgets), all spent, then one query-free turn names the final design`,
    // state_summary_plus runs P3 with the state summary whatever the chosen variant (as the transcripts record).
    p3_variant: p3VariantUnder(controls.control, input.p3Variant),
    seed: input.seed,
    max_retries: DEFAULT_MAX_RETRIES,
    oracle_backend: input.oracleBackend,
    started_at: iso(input.startedMs),
    finished_at: iso(clock()),
    status,
    decoding: DECODING_NOTE,
    ...(model ? { model } : {}),
    ...(usage ? { usage } : {}),
    ...(warnings.length ? { warnings } : {}),
    ...controls,
  };
}
