/**
 * The model side of `proving-ground run`: `--provider openai|anthropic|gemini --base-url URL
 * --model ID` and the decoding, retry and budget flags, the API key from the environment
 * (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY; never printed, never written), and the
 * LLM agent built on the provider adapters with Node's global fetch and timers.
 */
import { z } from 'zod';
import { UsageError, describeNumberRule, parseNumberFlag } from '../args.ts';
import type { Agent, Clock } from '../../src/core/agent/types.ts';
import { DEFAULT_MAX_CONSECUTIVE_FAILURES } from '../../src/core/llm/failure-streak.ts';
import { EpisodeBudgetSchema, type EpisodeBudget, type Timers } from '../../src/core/llm/budget.ts';
import { createLlmAgent } from '../../src/core/llm/llm-agent.ts';
import { DEFAULT_PRICES, type PriceTable } from '../../src/core/llm/prices.ts';
import type { CostProjection } from '../../src/core/llm/projection.ts';
import { sleepWith } from '../../src/core/llm/retry.ts';
import { ModelSettingsSchema, RetryPolicySchema, safeEndpoint, type ModelSettings, type RetryPolicy } from '../../src/core/llm/settings.ts';
import { ProviderIdSchema, ReasoningEffortSchema, type FetchLike, type ProviderId } from '../../src/core/llm/types.ts';
import { createLlmClient } from '../../src/adapters/llm/index.ts';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/adapters/llm/http.ts';
import { formatUsd } from '../../src/core/run/usage.ts';

/** The flags of a model run, for parseFlags. */
export const MODEL_FLAGS = {
  provider: { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  temperature: { type: 'string' },
  'max-output-tokens': { type: 'string' },
  'reasoning-effort': { type: 'string' },
  'max-turns': { type: 'string' },
  'max-cost-usd': { type: 'string' },
  'timeout-s': { type: 'string' },
  'no-stream': { type: 'boolean' },
  'max-retries': { type: 'string' },
  'request-timeout-s': { type: 'string' },
  'max-consecutive-failures': { type: 'string' },
  'max-response-mib': { type: 'string' },
} as const;

/**
 * Each HTTP attempt's limit when --request-timeout-s is not given: a server that accepts the
 * connection and never answers would otherwise hold a task (and the run) until --timeout-s, or
 * forever without it. Long enough for a slow reasoning reply; a timed-out attempt is retried.
 */
export const DEFAULT_REQUEST_TIMEOUT_S = 120;

export const API_KEY_ENV: Readonly<Record<ProviderId, string>> = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY', gemini: 'GEMINI_API_KEY' };

/** Each provider's own endpoint, used when --base-url is left out. */
export const DEFAULT_BASE_URLS: Readonly<Record<ProviderId, string>> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  gemini: 'https://generativelanguage.googleapis.com',
};

export interface ModelRunArgs {
  settings: ModelSettings;
  retry: RetryPolicy;
  budget: EpisodeBudget;
  /** Each HTTP attempt's limit in seconds (default DEFAULT_REQUEST_TIMEOUT_S). */
  requestTimeoutS: number;
  /** Tasks in a row that fail to connect or authenticate before the run stops (src/core/llm/failure-streak.ts). */
  maxConsecutiveFailures: number;
  /** The most bytes one reply may have (--max-response-mib; default the adapters' 8 MiB). */
  maxResponseBytes: number;
}

type FlagValues = { [K in keyof typeof MODEL_FLAGS]?: (typeof MODEL_FLAGS)[K]['type'] extends 'boolean' ? boolean : string };

/** True when any model flag is present (then --provider is required and --agent is not allowed). */
export function hasModelFlags(values: FlagValues): boolean {
  return Object.keys(MODEL_FLAGS).some((k) => values[k as keyof FlagValues] !== undefined);
}

/** The flag behind each schema field, for error messages. */
const SETTINGS_FLAG_NAMES: Readonly<Record<string, string>> = {
  provider: '--provider',
  base_url: '--base-url',
  model: '--model',
  temperature: '--temperature',
  max_output_tokens: '--max-output-tokens',
  reasoning_effort: '--reasoning-effort',
  stream: '--no-stream',
};
const RETRY_FLAG_NAMES: Readonly<Record<string, string>> = { max_retries: '--max-retries' };
const BUDGET_FLAG_NAMES: Readonly<Record<string, string>> = { max_turns: '--max-turns', max_cost_usd: '--max-cost-usd', timeout_s: '--timeout-s' };

/** The numeric fields' schemas: their ranges are the only ones (the flags check number format only). */
const SETTINGS_NUMBERS = { temperature: ModelSettingsSchema.shape.temperature.unwrap(), max_output_tokens: ModelSettingsSchema.shape.max_output_tokens.unwrap() };
const RETRY_NUMBERS = { max_retries: RetryPolicySchema.shape.max_retries.unwrap() };
const BUDGET_NUMBERS = { max_turns: EpisodeBudgetSchema.shape.max_turns.unwrap(), max_cost_usd: EpisodeBudgetSchema.shape.max_cost_usd.unwrap(), timeout_s: EpisodeBudgetSchema.shape.timeout_s.unwrap() };

const REQUEST_TIMEOUT_S = z.number().positive().max(86_400);
const MAX_FAILURES = z.number().int().min(1);
/** Up to 256 MiB: past that a reply string nears V8's limit once the transcript is serialised. */
const RESPONSE_MIB = z.number().positive().max(256);

function numberFlag(flag: string, value: string | undefined, schema: z.ZodNumber): number | undefined {
  return parseNumberFlag(flag, value, describeNumberRule(schema));
}

/**
 * A schema's issues as flag errors: a numeric field names its flag, the rule the schema enforces
 * and the value given ("--temperature must be a number ≥ 0 and ≤ 2, got "3""); any other field
 * names its flag and the schema's message ("--base-url: base_url must be …").
 */
function flagError(error: z.ZodError, names: Readonly<Record<string, string>>, raw: Readonly<Record<string, string | undefined>>, numbers: Readonly<Record<string, z.ZodNumber>>): UsageError {
  const lines = error.issues.map((issue) => {
    const key = issue.path.map(String).join('.');
    const flag = names[key] ?? key;
    const schema = numbers[key];
    const value = raw[key];
    return schema !== undefined && value !== undefined ? `${flag} must be ${describeNumberRule(schema)}, got "${value}"` : `${flag}: ${issue.message}`;
  });
  return new UsageError([...new Set(lines)].join('; '));
}

export function parseModelArgs(values: FlagValues): ModelRunArgs {
  const provider = ProviderIdSchema.safeParse(values.provider);
  if (values.provider === undefined) throw new UsageError('--provider is required with model flags (openai, anthropic or gemini)');
  if (!provider.success) throw new UsageError(`unknown provider "${values.provider}": --provider must be one of ${ProviderIdSchema.options.join(', ')}`);
  if (!values.model) throw new UsageError('--model ID is required with --provider');
  const effort = values['reasoning-effort'];
  if (effort !== undefined && !ReasoningEffortSchema.safeParse(effort).success) {
    throw new UsageError(`--reasoning-effort must be one of ${ReasoningEffortSchema.options.join(', ')}, got "${effort}"`);
  }
  const settingsRaw = { temperature: values.temperature, max_output_tokens: values['max-output-tokens'] };
  const temperature = numberFlag('--temperature', values.temperature, SETTINGS_NUMBERS.temperature);
  const maxOut = numberFlag('--max-output-tokens', values['max-output-tokens'], SETTINGS_NUMBERS.max_output_tokens);
  const settings = ModelSettingsSchema.safeParse({
    provider: provider.data,
    base_url: values['base-url'] ?? DEFAULT_BASE_URLS[provider.data],
    model: values.model,
    ...(temperature !== undefined ? { temperature } : {}),
    ...(maxOut !== undefined ? { max_output_tokens: maxOut } : {}),
    ...(effort !== undefined ? { reasoning_effort: effort } : {}),
    stream: values['no-stream'] !== true,
  });
  if (!settings.success) throw flagError(settings.error, SETTINGS_FLAG_NAMES, settingsRaw, SETTINGS_NUMBERS);
  const maxRetries = numberFlag('--max-retries', values['max-retries'], RETRY_NUMBERS.max_retries);
  const retry = RetryPolicySchema.safeParse(maxRetries !== undefined ? { max_retries: maxRetries } : {});
  if (!retry.success) throw flagError(retry.error, RETRY_FLAG_NAMES, { max_retries: values['max-retries'] }, RETRY_NUMBERS);
  const budgetRaw = { max_turns: values['max-turns'], max_cost_usd: values['max-cost-usd'], timeout_s: values['timeout-s'] };
  const maxTurns = numberFlag('--max-turns', budgetRaw.max_turns, BUDGET_NUMBERS.max_turns);
  const maxCost = numberFlag('--max-cost-usd', budgetRaw.max_cost_usd, BUDGET_NUMBERS.max_cost_usd);
  const timeout = numberFlag('--timeout-s', budgetRaw.timeout_s, BUDGET_NUMBERS.timeout_s);
  const budget = EpisodeBudgetSchema.safeParse({
    ...(maxTurns !== undefined ? { max_turns: maxTurns } : {}),
    ...(maxCost !== undefined ? { max_cost_usd: maxCost } : {}),
    ...(timeout !== undefined ? { timeout_s: timeout } : {}),
  });
  if (!budget.success) throw flagError(budget.error, BUDGET_FLAG_NAMES, budgetRaw, BUDGET_NUMBERS);
  const requestTimeoutS = numberFlag('--request-timeout-s', values['request-timeout-s'], REQUEST_TIMEOUT_S) ?? DEFAULT_REQUEST_TIMEOUT_S;
  if (!REQUEST_TIMEOUT_S.safeParse(requestTimeoutS).success) throw new UsageError(`--request-timeout-s must be ${describeNumberRule(REQUEST_TIMEOUT_S)}, got "${values['request-timeout-s']}"`);
  const maxFailures = numberFlag('--max-consecutive-failures', values['max-consecutive-failures'], MAX_FAILURES) ?? DEFAULT_MAX_CONSECUTIVE_FAILURES;
  if (!MAX_FAILURES.safeParse(maxFailures).success) throw new UsageError(`--max-consecutive-failures must be ${describeNumberRule(MAX_FAILURES)}, got "${values['max-consecutive-failures']}"`);
  const responseMib = numberFlag('--max-response-mib', values['max-response-mib'], RESPONSE_MIB);
  if (responseMib !== undefined && !RESPONSE_MIB.safeParse(responseMib).success) throw new UsageError(`--max-response-mib must be ${describeNumberRule(RESPONSE_MIB)}, got "${values['max-response-mib']}"`);
  const maxResponseBytes = responseMib !== undefined ? Math.round(responseMib * 1024 * 1024) : DEFAULT_MAX_RESPONSE_BYTES;
  return { settings: settings.data, retry: retry.data, budget: budget.data, requestTimeoutS, maxConsecutiveFailures: maxFailures, maxResponseBytes };
}

/** Loopback hosts (a local server needs no key). */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The key from the provider's environment variable. Missing is an error for a remote endpoint and
 * fine for a loopback one (the key is then empty). The message names the variable, never a value.
 */
export function resolveApiKey(settings: Pick<ModelSettings, 'provider' | 'base_url'>, env: Readonly<Record<string, string | undefined>>): string {
  const name = API_KEY_ENV[settings.provider];
  const key = env[name]?.trim() ?? '';
  if (key === '' && !isLocalUrl(settings.base_url)) {
    throw new UsageError(`${name} is not set: ${settings.provider} at ${safeEndpoint(settings.base_url)} needs an API key (export ${name}=…; a local server on 127.0.0.1/localhost needs none)`);
  }
  return key;
}

export const nodeTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  // Lets SIGINT in during a task whose oracle calls all return synchronously (episode-guard.ts).
  yieldToHost: () => new Promise<void>((resolve) => setImmediate(resolve)),
};

export interface LlmAgentDeps {
  env: Readonly<Record<string, string | undefined>>;
  fetch: FetchLike;
  clock: Clock;
  timers: Timers;
  prices?: PriceTable;
}

/**
 * Gives every HTTP attempt a time limit on top of the caller's signal. The adapters see the
 * resulting abort as a TimeoutError (kind 'timeout', retried), not as the caller cancelling.
 */
export function withRequestTimeout(fetch: FetchLike, ms: number): FetchLike {
  return (url, init) => fetch(url, { ...init, signal: AbortSignal.any([init.signal, AbortSignal.timeout(ms)]) });
}

export function buildCliLlmAgent(a: ModelRunArgs, deps: LlmAgentDeps): Agent {
  const apiKey = resolveApiKey(a.settings, deps.env);
  let client;
  try {
    client = createLlmClient({
      provider: a.settings.provider,
      baseUrl: a.settings.base_url,
      apiKey,
      fetch: withRequestTimeout(deps.fetch, a.requestTimeoutS * 1000),
      maxResponseBytes: a.maxResponseBytes,
      clock: deps.clock,
      ...(a.settings.extra_headers ? { extraHeaders: a.settings.extra_headers } : {}),
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return createLlmAgent({ client, settings: a.settings, retry: a.retry, sleep: sleepWith(deps.timers), prices: deps.prices ?? DEFAULT_PRICES, clock: deps.clock });
}

const usd = (x: number | null): string => (x === null ? 'unknown' : formatUsd(x));

/** The projection as the CLI prints it before a run. */
export function projectionLines(p: CostProjection): string[] {
  return [
    `projected: ${p.task_count} tasks, ${p.turns} requests, ~${p.input_tokens.toLocaleString('en-US')} input + ${p.output_tokens.toLocaleString('en-US')} output tokens, cost ${usd(p.cost_usd)} (upper bound ${usd(p.upper.cost_usd)})`,
    ...p.assumptions.map((s) => `  assumes ${s}`),
  ];
}
