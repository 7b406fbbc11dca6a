/**
 * An Agent backed by a model endpoint. Each session sends the episode's conversation (the suite's
 * system prompt, then the user and assistant turns the EpisodeLoop keeps) to the LlmClient through
 * the HTTP retry policy, with temperature, max output tokens and reasoning effort from the run's
 * settings, streaming deltas forwarded to the live view. A reply carries its text, token usage,
 * cost (null when the price is unknown) and one record per HTTP attempt for the transcript.
 * The scripted agents go through the same EpisodeLoop; only this class talks to an endpoint.
 * The loop's conversation holds text only, so a session keeps each reply's provider state
 * (LlmResponse.provider_state: thinking blocks, thought signatures) itself and puts it back on
 * that reply's assistant turn in the next requests.
 */
import type { Agent, AgentReply, AgentSession, ChatMessage, Clock, RespondHooks, Rng, Usage } from '../agent/types.ts';
import { LlmRequestFailedError, callRecord, type LlmCallRecord, type LlmReplyMeta } from './call-record.ts';
import { costOf, priceFor, type ModelPrice, type PriceTable } from './prices.ts';
import { withRetries, type Sleep } from './retry.ts';
import { safeEndpoint, type ModelSettings, type RetryPolicy } from './settings.ts';
import { LlmError, type LlmClient, type LlmMessage, type LlmRequest, type LlmResponse, type LlmUsage, type ProviderId } from './types.ts';

export interface LlmAgentOptions {
  client: LlmClient;
  settings: ModelSettings;
  retry: RetryPolicy;
  sleep: Sleep;
  prices: PriceTable;
  /** Jitter of the retry backoff; default: the episode's own seeded RNG (EpisodeContext.rng). */
  rng?: Rng;
  /** For the duration of attempts that failed before the adapter could log them; default: 0. */
  clock?: Clock;
}

export const PROVIDER_LABELS: Readonly<Record<ProviderId, string>> = { openai: 'OpenAI-compatible', anthropic: 'Anthropic', gemini: 'Google Gemini' };

/** The agent id an LLM run is recorded under: llm:<provider>:<model>. */
export function llmAgentId(settings: Pick<ModelSettings, 'provider' | 'model'>): string {
  return `llm:${settings.provider}:${settings.model}`;
}

function toLlmMessage(m: ChatMessage): LlmMessage {
  return { role: m.role, content: m.content };
}

/** The contract's usage as the transcript stores it (undefined when the provider reported none). */
export function toUsage(u: LlmUsage | null): Usage | undefined {
  if (!u) return undefined;
  return {
    input_tokens: u.input_tokens,
    output_tokens: u.output_tokens,
    ...(u.cached_input_tokens !== undefined ? { cached_input_tokens: u.cached_input_tokens } : {}),
    ...(u.reasoning_tokens !== undefined ? { reasoning_tokens: u.reasoning_tokens } : {}),
  };
}

/** What a session remembers of one of its replies, to send the provider's state back with it. */
export interface GivenReply {
  readonly text: string;
  readonly provider_state?: unknown;
}

/** The decoding part of every request under `settings` (temperature, max output tokens, reasoning effort, streaming). */
export function decodingFields(settings: ModelSettings): Pick<LlmRequest, 'temperature' | 'max_output_tokens' | 'reasoning_effort' | 'stream'> {
  return {
    temperature: settings.temperature,
    max_output_tokens: settings.max_output_tokens,
    ...(settings.reasoning_effort !== undefined ? { reasoning_effort: settings.reasoning_effort } : {}),
    stream: settings.stream,
  };
}

/** What a reply event records of the provider's answer: ids, version, finish reason, HTTP attempts, reasoning state. */
export function replyMeta(settings: Pick<ModelSettings, 'provider' | 'model'>, response: LlmResponse, calls: LlmCallRecord[]): LlmReplyMeta {
  return {
    provider: settings.provider,
    model: settings.model,
    model_version: response.model_version,
    finish_reason: response.finish_reason,
    calls,
    ...(response.provider_state !== undefined ? { provider_state: response.provider_state } : {}),
  };
}

/**
 * The price of one reply: the requested id's (`listed`, looked up once per run) or, only when that
 * id is unlisted, the version the provider reported; null when neither is known.
 */
export function priceForReply(prices: PriceTable, settings: Pick<ModelSettings, 'provider'>, listed: ModelPrice | null, response: Pick<LlmResponse, 'model_version'>): ModelPrice | null {
  return listed ?? (response.model_version ? priceFor(prices, settings.provider, response.model_version) : null);
}

/**
 * The request a session sends for `messages` under `settings`. `given` are the session's earlier
 * replies in order: the n-th assistant message gets the n-th reply's provider state, when its text
 * is still that reply's text.
 */
export function buildLlmRequest(settings: ModelSettings, messages: readonly ChatMessage[], given: readonly GivenReply[] = []): LlmRequest {
  let n = 0;
  const withState = (m: ChatMessage): LlmMessage => {
    if (m.role !== 'assistant') return toLlmMessage(m);
    const reply = given[n++];
    return reply?.provider_state !== undefined && reply.text === m.content ? { role: 'assistant', content: m.content, provider_state: reply.provider_state } : toLlmMessage(m);
  };
  return {
    model: settings.model,
    messages: messages.map(withState),
    ...decodingFields(settings),
  };
}

export interface LlmExchange {
  response: LlmResponse;
  calls: LlmCallRecord[];
}

/**
 * One request through the retry policy. Every attempt is recorded; a request that fails for good
 * throws LlmRequestFailedError with all attempts. Aborts propagate unchanged; the hooks hear each
 * attempt start and end, so a caller whose stop abandons the request can still count its attempts
 * (attempt-ledger.ts).
 */
export async function sendWithRetries(
  o: Pick<LlmAgentOptions, 'client' | 'retry' | 'sleep' | 'clock'> & { rng: Rng },
  request: LlmRequest,
  signal: AbortSignal,
  hooks: RespondHooks | undefined,
): Promise<LlmExchange> {
  const calls: LlmCallRecord[] = [];
  const now = o.clock ?? ((): number => 0);
  const url = safeEndpoint(o.client.baseUrl);
  try {
    const response = await withRetries(
      async (n) => {
        const t0 = now();
        hooks?.onAttemptStart?.(n, url);
        try {
          const r = await o.client.chat(request, { signal, ...(hooks?.onDelta ? { onDelta: (t: string) => hooks.onDelta?.(t) } : {}) });
          const record = callRecord(n, r.log, { error_kind: null, error: null, status: r.log.status, wait_ms: null, duration_ms: now() - t0 }, url);
          calls.push(record);
          hooks?.onAttemptEnd?.(record);
          return r;
        } catch (e) {
          if (e instanceof LlmError) {
            const record = callRecord(n, e.log, { error_kind: e.kind, error: e.message, status: e.status, wait_ms: null, duration_ms: now() - t0 }, url);
            calls.push(record);
            hooks?.onAttemptEnd?.(record);
          }
          throw e;
        }
      },
      {
        policy: o.retry,
        rng: o.rng,
        sleep: o.sleep,
        signal,
        onRetry: (report) => {
          const last = calls.at(-1);
          if (last) calls[calls.length - 1] = { ...last, wait_ms: report.wait_ms };
          hooks?.onRetry?.(report);
        },
      },
    );
    return { response, calls };
  } catch (e) {
    if (e instanceof LlmError) {
      const what = `${e.kind}${e.status !== null ? `, HTTP ${e.status}` : ''}`;
      const tries = calls.length === 1 ? '1 attempt' : `${calls.length} attempts`;
      const hint = e.retryable ? 'retries exhausted' : 'not retried';
      throw new LlmRequestFailedError(`model request failed (${what}; ${tries}, ${hint}): ${e.message}`, e.kind, e.status, calls, e);
    }
    throw e;
  }
}

export function createLlmAgent(options: LlmAgentOptions): Agent {
  const { settings, client } = options;
  if (client.provider !== settings.provider) {
    throw new Error(`the client speaks ${client.provider} but the settings name provider ${settings.provider}`);
  }
  const listed: ModelPrice | null = priceFor(options.prices, settings.provider, settings.model);
  return {
    id: llmAgentId(settings),
    label: `${settings.model} (${PROVIDER_LABELS[settings.provider]})`,
    description: `${settings.model} at ${safeEndpoint(settings.base_url)}, temperature ${settings.temperature}, max ${settings.max_output_tokens} output tokens`,
    privileged: false,
    model: { settings, retry: options.retry },
    toolModel: () => ({ client, settings, retry: options.retry, sleep: options.sleep, prices: options.prices }),
    start(ctx): AgentSession {
      const rng = options.rng ?? ctx.rng;
      const given: GivenReply[] = [];
      return {
        async respond(messages, signal, hooks): Promise<AgentReply> {
          const { response, calls } = await sendWithRetries({ ...options, rng }, buildLlmRequest(settings, messages, given), signal, hooks);
          given.push({ text: response.text, ...(response.provider_state !== undefined ? { provider_state: response.provider_state } : {}) });
          const usage = toUsage(response.usage);
          return {
            text: response.text,
            ...(usage ? { usage } : {}),
            cost_usd: costOf(response.usage, priceForReply(options.prices, settings, listed, response)),
            llm: replyMeta(settings, response, calls),
          };
        },
      };
    },
  };
}
