/**
 * What every suite's run manifest shares (Appendix N.1/N.9 of VEHBench: "run dates, provider
 * endpoints and model version strings are recorded in per-model run manifests"): the fields the
 * generic layers read (run id, suite, agent, seed, status, dates, bank, model block, usage), the
 * model block of an LLM run and the helpers that build it. A suite's manifest schema holds these
 * names and adds its own (VEH: query-budget rule, P3 variant, audit controls).
 */
import { z } from 'zod';
import type { Agent } from '../agent/types.ts';
import { isEvent } from '../agent/events.ts';
import { EpisodeBudgetSchema, describeBudget, type EpisodeBudget } from '../llm/budget.ts';
import { RetryPolicySchema, safeEndpoint } from '../llm/settings.ts';
import { ProviderIdSchema, ReasoningEffortSchema } from '../llm/types.ts';
import { sha256Hex } from '../hash/sha256.ts';
import { hashString } from '../stats/rng.ts';
import { AgentDescriptorSchema, type TranscriptCore } from './transcript-core.ts';
import { UsageTotalsSchema } from './usage.ts';

export const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Deterministic run id: suite prefix, agent, seed, start time (to the second) and a short hash of
 * the filter (sorted) plus whatever else distinguishes two runs of the suite (`distinguish`).
 */
export function runIdOf(prefix: string, input: { agent: Agent; seed: number; startedMs: number; filters: Record<string, string> }, distinguish: (filter: string) => string): string {
  const stamp = iso(input.startedMs).replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const filter = Object.entries(input.filters)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return `${prefix}-${input.agent.id.replace(/[^A-Za-z0-9._-]/g, '_')}-s${input.seed}-${stamp}-${hashString(distinguish(filter)).toString(16).padStart(8, '0')}`;
}

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


/** System prompt hash per task group (a probe, a category), from what the transcripts actually sent. */
function systemPromptHashes<T extends TranscriptCore>(transcripts: readonly T[], groupOf: (t: T) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of transcripts) {
    const group = groupOf(t);
    if (out[group] !== undefined) continue;
    const system = t.events.find(isEvent('message'));
    if (system?.role === 'system') out[group] = sha256Hex(system.content);
  }
  return out;
}

/** Distinct model version strings the replies reported, in order of first appearance. */
export function modelVersions(transcripts: readonly TranscriptCore[]): string[] {
  const seen = new Set<string>();
  for (const t of transcripts) for (const e of t.events) if (isEvent('reply')(e) && e.llm?.model_version) seen.add(e.llm.model_version);
  return [...seen];
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The first request body the run recorded (replies first, then failed requests' attempts); null when none. */
function firstRequestBody(transcripts: readonly TranscriptCore[]): Record<string, unknown> | null {
  for (const t of transcripts) {
    for (const e of t.events) {
      if (!isEvent('reply')(e)) continue;
      const body = e.llm?.calls.map((c) => c.request_body).find(isRecord);
      if (body) return body;
    }
  }
  for (const t of transcripts) {
    for (const e of t.events) {
      if (!isEvent('error')(e)) continue;
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

/**
 * The model block of a run by a model agent (null for built-in agents). `groupOf` names the task
 * group each system prompt hash is keyed by (VEH: the probe).
 */
export function modelBlock<T extends TranscriptCore>(input: { agent: Agent; budget?: EpisodeBudget }, transcripts: readonly T[], groupOf: (t: T) => string): ManifestModel | null {
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
    system_prompt_sha256: systemPromptHashes(transcripts, groupOf),
  };
}


/**
 * The manifest fields every suite records, in groups, so each suite's strict schema spreads them in
 * its own key order (VEH puts `suite` after `app_version`; later suites put it first).
 */
export const manifestRunHead = { run_id: z.string(), app_version: z.string() };
export const manifestTaskSelection = {
  /** sha256 of the bank's manifest the tasks came from (who loaded the bank computes it). */
  bank_hash: z.string(),
  task_filter: z.record(z.string(), z.string()),
  task_count: z.number().int(),
  agent: AgentDescriptorSchema,
};
export const manifestRunner = { seed: z.number().int(), max_retries: z.number().int(), oracle_backend: z.string() };
export const manifestRunEnd = {
  started_at: z.string(),
  finished_at: z.string(),
  status: z.enum(['completed', 'cancelled', 'failed']),
  decoding: z.string(),
};

/** The manifest as generic layers read it: these fields, whatever else the suite adds. */
export const ManifestCoreSchema = z.looseObject({
  schema_version: z.number().int(),
  ...manifestRunHead,
  suite: z.string(),
  ...manifestTaskSelection,
  ...manifestRunner,
  ...manifestRunEnd,
  model: z.looseObject({ provider: z.string(), endpoint: z.string(), model: z.string(), model_versions: z.array(z.string()), budget: EpisodeBudgetSchema, budget_text: z.string() }).optional(),
  usage: UsageTotalsSchema.optional(),
  warnings: z.array(z.string()).optional(),
});
export type ManifestCore = z.infer<typeof ManifestCoreSchema>;
