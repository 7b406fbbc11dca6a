/**
 * The settings form's draft (every field as the user typed it) and its conversion to a
 * StoredModelConfig. Numbers stay strings until Save, so a half-typed "0." is not rewritten under
 * the cursor; conversion names every bad field in words the form shows next to it.
 */
import { DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_TEMPERATURE, ModelSettingsSchema } from '../../core/llm/settings.ts';
import { ReasoningEffortSchema, type ProviderId, type ReasoningEffort } from '../../core/llm/types.ts';
import { presetById, type PresetId } from './presets.ts';
import { STORED_SETTINGS_VERSION, type StoredModelConfig } from './stored-settings.ts';

export interface SettingsDraft {
  preset: PresetId;
  provider: ProviderId;
  baseUrl: string;
  model: string;
  temperature: string;
  maxOutputTokens: string;
  reasoningEffort: ReasoningEffort | '';
  stream: boolean;
  /** One `Name: value` per line. */
  extraHeaders: string;
  maxTurns: string;
  maxCostUsd: string;
  timeoutS: string;
  /** USD per 1M tokens; both empty: use the bundled price table. */
  priceInput: string;
  priceOutput: string;
}

export type DraftField = keyof SettingsDraft;
export type DraftErrors = Partial<Record<DraftField, string>>;

/** A wall-clock limit per task by default, so a stalled endpoint cannot hold a run forever. */
export const DEFAULT_TIMEOUT_S = 600;

export function draftFromPreset(presetId: PresetId, previous?: SettingsDraft): SettingsDraft {
  const p = presetById(presetId);
  const base: SettingsDraft = previous ?? {
    preset: presetId,
    provider: p.provider,
    baseUrl: p.baseUrl,
    model: p.exampleModel,
    temperature: String(DEFAULT_TEMPERATURE),
    maxOutputTokens: String(DEFAULT_MAX_OUTPUT_TOKENS),
    reasoningEffort: '',
    stream: true,
    extraHeaders: '',
    maxTurns: '',
    maxCostUsd: '',
    timeoutS: String(DEFAULT_TIMEOUT_S),
    priceInput: '',
    priceOutput: '',
  };
  if (!previous) return base;
  // Switching preset changes the endpoint; the model id and price belong to the old endpoint.
  return {
    ...previous,
    preset: presetId,
    provider: p.provider,
    baseUrl: presetId === 'custom' ? previous.baseUrl : p.baseUrl,
    model: presetId === 'custom' ? previous.model : p.exampleModel,
    priceInput: '',
    priceOutput: '',
  };
}

export function draftFromConfig(config: StoredModelConfig | null): SettingsDraft {
  if (config === null) return draftFromPreset('openai');
  const s = config.settings;
  return {
    preset: config.preset,
    provider: s.provider,
    baseUrl: s.base_url,
    model: s.model,
    temperature: String(s.temperature),
    maxOutputTokens: String(s.max_output_tokens),
    reasoningEffort: s.reasoning_effort ?? '',
    stream: s.stream,
    extraHeaders: Object.entries(s.extra_headers ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    maxTurns: config.budget.max_turns !== undefined ? String(config.budget.max_turns) : '',
    maxCostUsd: config.budget.max_cost_usd !== undefined ? String(config.budget.max_cost_usd) : '',
    timeoutS: config.budget.timeout_s !== undefined ? String(config.budget.timeout_s) : '',
    priceInput: config.custom_price ? String(config.custom_price.input) : '',
    priceOutput: config.custom_price ? String(config.custom_price.output) : '',
  };
}

/**
 * Header names that carry credentials. Extra headers are saved and written into run manifests
 * (they are not secrets by contract), so a key put there would leak: the form refuses them and
 * points at the key field.
 */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'x-api-key', 'api-key', 'x-goog-api-key', 'cookie', 'openai-api-key', 'anthropic-api-key']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseExtraHeaders(text: string): { ok: true; headers: Record<string, string> } | { ok: false; error: string } {
  const headers: Record<string, string> = {};
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  for (const [i, line] of lines.entries()) {
    const colon = line.indexOf(':');
    if (colon <= 0) return { ok: false, error: `line ${i + 1}: write each header as “Name: value”` };
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!HEADER_NAME.test(name)) return { ok: false, error: `line ${i + 1}: “${name}” is not a valid header name` };
    if (CREDENTIAL_HEADERS.has(name.toLowerCase()) || /(^|-)(api-?key|token|secret)($|-)/i.test(name)) {
      return { ok: false, error: `line ${i + 1}: ${name} carries a credential; extra headers are saved and recorded in run manifests, so put the key in the API key field instead` };
    }
    headers[name] = value;
  }
  return { ok: true, headers };
}

/** A key pasted into a URL (…?key=, https://user:key@host) would be copied into every logged URL. */
function carriesCredentials(baseUrl: string): boolean {
  try {
    const u = new URL(baseUrl.trim());
    return u.search !== '' || u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function optionalNumber(text: string, what: string, check: (n: number) => string | null): Parsed<number | undefined> {
  const t = text.trim();
  if (t === '') return { ok: true, value: undefined };
  const n = Number(t);
  if (!Number.isFinite(n)) return { ok: false, error: `${what} must be a number` };
  const problem = check(n);
  return problem ? { ok: false, error: problem } : { ok: true, value: n };
}

const positive = (what: string) => (n: number) => (n > 0 ? null : `${what} must be greater than 0`);
const positiveInt = (what: string) => (n: number) => (Number.isInteger(n) && n > 0 ? null : `${what} must be a whole number above 0`);
const nonNegative = (what: string) => (n: number) => (n >= 0 ? null : `${what} must be 0 or more`);

/** Draft → config; `today` (YYYY-MM-DD) stamps a user-entered price. */
export function configFromDraft(draft: SettingsDraft, today: string): { ok: true; config: StoredModelConfig } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const take = <T>(field: DraftField, r: Parsed<T>): T | undefined => {
    if (r.ok) return r.value;
    errors[field] = r.error;
    return undefined;
  };

  const temperature = take('temperature', optionalNumber(draft.temperature, 'Temperature', (n) => (n >= 0 && n <= 2 ? null : 'Temperature must be between 0 and 2')));
  const maxOutput = take('maxOutputTokens', optionalNumber(draft.maxOutputTokens, 'Max output tokens', positiveInt('Max output tokens')));
  const maxTurns = take('maxTurns', optionalNumber(draft.maxTurns, 'Max turns', positiveInt('Max turns')));
  const maxCost = take('maxCostUsd', optionalNumber(draft.maxCostUsd, 'Max cost', positive('Max cost')));
  const timeout = take('timeoutS', optionalNumber(draft.timeoutS, 'Timeout', positive('Timeout')));
  const priceIn = take('priceInput', optionalNumber(draft.priceInput, 'Input price', nonNegative('Input price')));
  const priceOut = take('priceOutput', optionalNumber(draft.priceOutput, 'Output price', nonNegative('Output price')));
  if ((priceIn === undefined) !== (priceOut === undefined) && !errors.priceInput && !errors.priceOutput) {
    errors[priceIn === undefined ? 'priceInput' : 'priceOutput'] = 'Enter both the input and the output price, or neither';
  }
  const headers = parseExtraHeaders(draft.extraHeaders);
  if (!headers.ok) errors.extraHeaders = headers.error;

  const settings = ModelSettingsSchema.safeParse({
    provider: draft.provider,
    base_url: draft.baseUrl.trim().replace(/\/+$/, ''),
    model: draft.model.trim(),
    ...(temperature !== undefined ? { temperature } : {}),
    ...(maxOutput !== undefined ? { max_output_tokens: maxOutput } : {}),
    ...(draft.reasoningEffort !== '' ? { reasoning_effort: ReasoningEffortSchema.parse(draft.reasoningEffort) } : {}),
    stream: draft.stream,
    ...(headers.ok && Object.keys(headers.headers).length > 0 ? { extra_headers: headers.headers } : {}),
  });
  if (!errors.baseUrl && carriesCredentials(draft.baseUrl)) {
    errors.baseUrl = 'The base URL must not carry a query string or user:password: the key goes in the API key field';
  }
  if (!settings.success) {
    for (const issue of settings.error.issues) {
      const field = issue.path[0] === 'base_url' ? 'baseUrl' : issue.path[0] === 'model' ? 'model' : null;
      if (field && !errors[field]) errors[field] = field === 'baseUrl' ? 'Base URL must be an absolute http:// or https:// URL' : 'Enter a model id';
    }
  }
  if (Object.keys(errors).length > 0 || !settings.success) return { ok: false, errors };
  return {
    ok: true,
    config: {
      schema_version: STORED_SETTINGS_VERSION,
      preset: draft.preset,
      settings: settings.data,
      budget: {
        ...(maxTurns !== undefined ? { max_turns: maxTurns } : {}),
        ...(maxCost !== undefined ? { max_cost_usd: maxCost } : {}),
        ...(timeout !== undefined ? { timeout_s: timeout } : {}),
      },
      custom_price: priceIn !== undefined && priceOut !== undefined ? { input: priceIn, output: priceOut, as_of: today } : null,
    },
  };
}
