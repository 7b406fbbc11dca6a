/**
 * Google Gemini through its native API (`POST {base}/v1beta/models/{model}:generateContent`,
 * `:streamGenerateContent?alt=sse`, `GET {base}/v1beta/models`). Not the OpenAI-compatible
 * endpoint: that one fails the browser's CORS preflight.
 *
 * The key travels in the `x-goog-api-key` header, never in the URL (URLs end up in logs and
 * transcripts). Gemini has no tool-call ids: calls get `call_<n>`, numbered across the whole
 * conversation so they stay unique, and results go back as functionResponse parts matched by name.
 * Parts that carry a `thoughtSignature` (thinking models put one on the first function call of a
 * step, or on a text part) make the reply's provider_state; the assistant turn is sent back with
 * its parts in their original order and each signature on its own part, as the API requires.
 */
import { z } from 'zod';
import { type ChatOptions, type ClientConfig, type LlmClient, type LlmErrorKind, type LlmMessage, type LlmRequest, type LlmResponse, type LlmToolCall, type LlmUsage, type ReasoningEffort } from '../../core/llm/types.ts';
import { exchangeJson, exchangeSse, streamProtocolError, type HttpContext } from './http.ts';
import { toGeminiSchema } from './gemini-schema.ts';
import { GeminiErrorSchema, GeminiModelListSchema, GeminiResponseSchema, type GeminiResponse, type GeminiUsage } from './gemini-wire.ts';
import { createRedactor, withRedaction } from './redact.ts';
import type { SseEvent } from './sse.ts';
import { argumentsObject, parseWire, toolCall, trimBaseUrl } from './wire.ts';

/** thinkingBudget per effort ('none' is 0: thinking off, where the model allows it). */
export const GEMINI_THINKING_BUDGET: Record<ReasoningEffort, number> = { none: 0, low: 1024, medium: 8192, high: 24576 };

type Part = Record<string, unknown>;
interface Content {
  role: 'user' | 'model';
  parts: Part[];
}

/**
 * The provider_state of a Gemini reply that carried thought signatures: its parts in order, text
 * verbatim (consecutive unsigned answer text merged; thought parts only when signed), function
 * calls by their index in the reply's tool calls, each with the signature it came with.
 */
const GeminiStateSchema = z.strictObject({
  provider: z.literal('gemini'),
  parts: z.array(
    z.union([
      z.strictObject({ text: z.string(), thought: z.literal(true).optional(), thoughtSignature: z.string().optional() }),
      z.strictObject({ call: z.number().int().nonnegative(), thoughtSignature: z.string().optional() }),
    ]),
  ),
});
type GeminiState = z.infer<typeof GeminiStateSchema>;
type StatePart = GeminiState['parts'][number];

const callPart = (c: LlmToolCall, signature?: string): Part => ({ functionCall: { name: c.name, args: argumentsObject(c) }, ...(signature !== undefined ? { thoughtSignature: signature } : {}) });

/**
 * A model turn rebuilt from its state. Text parts are replayed as received when they still add up
 * to the message's text (otherwise the message's text takes the first text part's place, without
 * a signature that could no longer match); calls the state does not name are appended.
 */
function replayParts(m: Extract<LlmMessage, { role: 'assistant' }>, state: GeminiState): Part[] {
  const answer = state.parts.flatMap((p) => ('text' in p && p.thought !== true ? [p.text] : []));
  const verbatim = answer.join('') === m.content;
  const calls = m.tool_calls ?? [];
  const used = new Set<number>();
  const out: Part[] = [];
  let textPlaced = false;
  for (const p of state.parts) {
    if ('call' in p) {
      const c = calls[p.call];
      if (c && !used.has(p.call)) out.push(callPart(c, p.thoughtSignature));
      used.add(p.call);
    } else if (p.thought === true) {
      out.push({ ...p });
    } else {
      if (verbatim && (p.text !== '' || p.thoughtSignature !== undefined)) out.push({ ...p });
      else if (!verbatim && !textPlaced && m.content !== '') out.push({ text: m.content });
      textPlaced = true;
    }
  }
  if (!textPlaced && m.content !== '') {
    const firstCall = out.findIndex((p) => 'functionCall' in p);
    out.splice(firstCall === -1 ? out.length : firstCall, 0, { text: m.content });
  }
  calls.forEach((c, i) => {
    if (!used.has(i)) out.push(callPart(c));
  });
  return out;
}

function partsOf(m: Exclude<LlmMessage, { role: 'system' }>): Part[] {
  switch (m.role) {
    case 'user':
      return [{ text: m.content }];
    case 'assistant': {
      // State from another provider (or none) does not parse and is ignored.
      const state = GeminiStateSchema.safeParse(m.provider_state);
      if (state.success) return replayParts(m, state.data);
      return [...(m.content === '' ? [] : [{ text: m.content }]), ...(m.tool_calls ?? []).map((c) => callPart(c))];
    }
    case 'tool':
      // `response` must be an object (a protobuf Struct): the tool's text goes under `content`.
      return [{ functionResponse: { name: m.name, response: { content: m.content } } }];
  }
}

export function geminiRequestBody(request: LlmRequest): Record<string, unknown> {
  const system: string[] = [];
  const contents: Content[] = [];
  for (const m of request.messages) {
    if (m.role === 'system') {
      system.push(m.content);
      continue;
    }
    const parts = partsOf(m);
    if (parts.length === 0) continue;
    const role = m.role === 'assistant' ? 'model' : 'user';
    const last = contents[contents.length - 1];
    if (last && last.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  }
  const generationConfig: Record<string, unknown> = { temperature: request.temperature, maxOutputTokens: request.max_output_tokens };
  if (request.reasoning_effort !== undefined) generationConfig.thinkingConfig = { thinkingBudget: GEMINI_THINKING_BUDGET[request.reasoning_effort] };
  return {
    ...(system.length > 0 ? { systemInstruction: { parts: [{ text: system.join('\n\n') }] } } : {}),
    contents,
    ...(request.tools && request.tools.length > 0
      ? { tools: [{ functionDeclarations: request.tools.map((t) => ({ name: t.name, description: t.description, parameters: toGeminiSchema(t.parameters) })) }] }
      : {}),
    generationConfig,
  };
}

/** promptTokenCount includes the cached part; thinking tokens are billed as output, so output counts them. */
function usageOf(u: GeminiUsage | null | undefined): LlmUsage | null {
  if (!u || u.promptTokenCount == null) return null;
  const thoughts = u.thoughtsTokenCount ?? 0;
  return {
    input_tokens: u.promptTokenCount,
    output_tokens: (u.candidatesTokenCount ?? 0) + thoughts,
    ...(u.cachedContentTokenCount != null ? { cached_input_tokens: u.cachedContentTokenCount } : {}),
    ...(u.thoughtsTokenCount != null ? { reasoning_tokens: thoughts } : {}),
  };
}

const FILTERED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

function finishReason(raw: string | null, blocked: boolean, toolCalls: number): string {
  if (blocked) return 'content_filter';
  if (raw === null || raw === 'STOP') return toolCalls > 0 ? 'tool_calls' : 'stop';
  if (raw === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(raw)) return 'content_filter';
  return raw.toLowerCase();
}

/** Folds one or more response chunks (a stream sends partial candidates) into the answer. */
class GeminiAccumulator {
  text = '';
  readonly calls: { id: string | null; name: string; args: unknown }[] = [];
  finish: string | null = null;
  blocked = false;
  usage: GeminiUsage | null = null;
  model: string | null = null;
  /** The reply's parts as provider state (kept whole only when a signature came). */
  private readonly parts: StatePart[] = [];
  private signed = false;

  add(r: GeminiResponse, onDelta?: (text: string) => void): void {
    if (r.modelVersion) this.model = r.modelVersion;
    if (r.usageMetadata) this.usage = r.usageMetadata;
    if (r.promptFeedback?.blockReason) this.blocked = true;
    const candidate = r.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) {
      const signature = part.thoughtSignature;
      if (signature !== undefined) this.signed = true;
      const sig = signature !== undefined ? { thoughtSignature: signature } : {};
      if (part.functionCall) {
        this.parts.push({ call: this.calls.length, ...sig });
        this.calls.push({ id: part.functionCall.id ?? null, name: part.functionCall.name, args: part.functionCall.args ?? {} });
      } else if (part.thought === true) {
        // A thought summary is not the answer; it is only kept when it carries a signature.
        if (signature !== undefined) this.parts.push({ text: part.text ?? '', thought: true, ...sig });
      } else {
        const text = part.text ?? '';
        const last = this.parts[this.parts.length - 1];
        if (signature === undefined && last && 'text' in last && last.thought === undefined && last.thoughtSignature === undefined) last.text += text;
        else if (signature !== undefined || text !== '') this.parts.push({ text, ...sig });
        this.text += text;
        if (text !== '') onDelta?.(text);
      }
    }
    if (candidate?.finishReason) this.finish = candidate.finishReason;
  }

  response(firstCallNumber: number): Omit<LlmResponse, 'log'> {
    const toolCalls: LlmToolCall[] = this.calls.map((c, i) => toolCall(c.id ?? `call_${firstCallNumber + i}`, c.name, JSON.stringify(c.args)));
    return {
      text: this.text,
      tool_calls: toolCalls,
      usage: usageOf(this.usage),
      finish_reason: finishReason(this.finish, this.blocked, toolCalls.length),
      model_version: this.model,
      ...(this.signed ? { provider_state: { provider: 'gemini', parts: this.parts } satisfies GeminiState } : {}),
    };
  }
}

/** Google answers a bad key with 400 INVALID_ARGUMENT (reason API_KEY_INVALID), not 401. */
function classifyError(status: number, body: unknown): LlmErrorKind | null {
  const r = GeminiErrorSchema.safeParse(body);
  if (!r.success) return null;
  const reasons = (r.data.error.details ?? []).map((d) => d.reason);
  if (reasons.includes('API_KEY_INVALID') || /API key not valid/i.test(r.data.error.message ?? '')) return 'auth';
  return status === 400 && r.data.error.status === 'FAILED_PRECONDITION' ? 'bad_request' : null;
}

/** A 429's google.rpc.RetryInfo carries `retryDelay: "17s"` (a protobuf Duration). */
function retryAfterFromBody(body: unknown): number | null {
  const r = GeminiErrorSchema.safeParse(body);
  if (!r.success) return null;
  for (const d of r.data.error.details ?? []) {
    const delay = d.retryDelay;
    if (typeof delay === 'string') {
      const m = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim());
      if (m?.[1] !== undefined) return Math.round(Number(m[1]) * 1000);
    }
  }
  return null;
}

/** Model ids may come as "models/gemini-…" (the list's form) or bare. */
const bareModel = (model: string): string => model.replace(/^models\//, '');

export function createGeminiClient(config: ClientConfig): LlmClient {
  const baseUrl = trimBaseUrl(config.baseUrl);
  const ctx: HttpContext = { provider: 'gemini', fetch: config.fetch, clock: config.clock, redact: createRedactor(config.apiKey), classifyError, retryAfterFromBody, ...(config.maxResponseBytes !== undefined ? { maxResponseBytes: config.maxResponseBytes } : {}) };
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(config.apiKey !== '' ? { 'x-goog-api-key': config.apiKey } : {}),
    ...config.extraHeaders,
  });

  async function chat(request: LlmRequest, options: ChatOptions): Promise<LlmResponse> {
    const model = encodeURIComponent(bareModel(request.model));
    const firstCallNumber = request.messages.reduce((n, m) => n + (m.role === 'assistant' ? (m.tool_calls?.length ?? 0) : 0), 0);
    const body = geminiRequestBody(request);
    const acc = new GeminiAccumulator();
    if (request.stream) {
      const req = { method: 'POST' as const, url: `${baseUrl}/v1beta/models/${model}:streamGenerateContent?alt=sse`, headers: headers(true), body, signal: options.signal };
      const { result, log } = await exchangeSse(ctx, req, {
        onEvent: (e: SseEvent) => {
          let json: unknown;
          try {
            json = JSON.parse(e.data);
          } catch {
            throw streamProtocolError('gemini', `a stream event is not JSON: ${JSON.stringify(e.data.slice(0, 120))}`);
          }
          acc.add(parseWire(GeminiResponseSchema, json, 'a generateContent chunk', (m) => streamProtocolError('gemini', m)), options.onDelta);
        },
        // Gemini's stream has no end marker: the last chunk carries the finish reason.
        finish: () => {
          if (acc.finish === null && !acc.blocked) throw streamProtocolError('gemini', 'the stream ended before a finishReason (truncated)');
          return acc.response(firstCallNumber);
        },
      });
      return { ...result, log };
    }
    const req = { method: 'POST' as const, url: `${baseUrl}/v1beta/models/${model}:generateContent`, headers: headers(true), body, signal: options.signal };
    const { json, log, protocolError } = await exchangeJson(ctx, req);
    acc.add(parseWire(GeminiResponseSchema, json, 'a generateContent response', protocolError));
    return { ...acc.response(firstCallNumber), log: log() };
  }

  async function listModels(signal: AbortSignal): Promise<string[]> {
    const ids: string[] = [];
    let token: string | null = null;
    // Paged; bounded so a server that keeps returning a token cannot loop forever.
    for (let page = 0; page < 20; page++) {
      const query = `pageSize=1000${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
      const { json, protocolError } = await exchangeJson(ctx, { method: 'GET', url: `${baseUrl}/v1beta/models?${query}`, headers: headers(false), signal });
      const list = parseWire(GeminiModelListSchema, json, 'a model list', protocolError);
      for (const m of list.models ?? []) {
        if (!m.supportedGenerationMethods || m.supportedGenerationMethods.includes('generateContent')) ids.push(bareModel(m.name));
      }
      if (!list.nextPageToken) break;
      token = list.nextPageToken;
    }
    return ids;
  }

  return withRedaction({ provider: 'gemini', baseUrl, chat, listModels }, ctx.redact);
}
