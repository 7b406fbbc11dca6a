/**
 * Anthropic Messages API (`POST {base}/v1/messages`, `GET {base}/v1/models`), callable straight from
 * a browser page: every request carries `anthropic-dangerous-direct-browser-access: true`, without
 * which the API refuses cross-origin calls.
 *
 * Mapping from the provider-agnostic messages: system prompts go to the top-level `system`; an
 * assistant turn is one message of text + tool_use blocks; tool results become tool_result blocks
 * in a user message, consecutive ones merged (the API wants user/assistant turns to alternate).
 * Reasoning effort maps to extended thinking with a token budget on top of max_output_tokens
 * (max_tokens counts thinking too), and temperature is then left out (thinking only runs at 1).
 * A reply's thinking blocks (with their signatures) become its provider_state and are sent back,
 * unchanged and in their place, with the assistant turn: the API requires them when thinking is
 * combined with tool use. Thinking text never reaches the answer text or the streamed deltas.
 */
import { z } from 'zod';
import { LlmError, type ChatOptions, type ClientConfig, type LlmClient, type LlmErrorKind, type LlmMessage, type LlmRequest, type LlmResponse, type LlmToolCall, type LlmUsage, type ReasoningEffort } from '../../core/llm/types.ts';
import { exchangeJson, exchangeSse, streamProtocolError, type HttpContext } from './http.ts';
import { AnthropicEventSchema, AnthropicMessageSchema, AnthropicModelListSchema, type AnthropicUsage } from './anthropic-wire.ts';
import { createRedactor, withRedaction } from './redact.ts';
import type { SseEvent } from './sse.ts';
import { argumentsObject, parseWire, toolCall, trimBaseUrl } from './wire.ts';

export const ANTHROPIC_VERSION = '2023-06-01';

/** Thinking budgets per effort; 1024 is the API's minimum. */
export const THINKING_BUDGET: Record<Exclude<ReasoningEffort, 'none'>, number> = { low: 1024, medium: 4096, high: 16384 };

type Block = Record<string, unknown>;
interface WireMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

/**
 * The provider_state of an Anthropic reply that had thinking: its content blocks in the order
 * received, thinking and redacted_thinking blocks verbatim (the API checks their signatures), text
 * blocks verbatim, and tool_use blocks by id (their input is the message's own tool call).
 */
const AnthropicStateSchema = z.strictObject({
  provider: z.literal('anthropic'),
  content: z.array(
    z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
      z.strictObject({ type: z.literal('redacted_thinking'), data: z.string() }),
      z.strictObject({ type: z.literal('text'), text: z.string() }),
      z.strictObject({ type: z.literal('tool_use'), id: z.string() }),
    ]),
  ),
});
type AnthropicState = z.infer<typeof AnthropicStateSchema>;
type StateBlock = AnthropicState['content'][number];

/** The state of a reply's blocks (as received, in order); undefined when it had no thinking to send back. */
function stateOf(blocks: readonly { type: string; text?: string; thinking?: string; signature?: string; data?: string; id?: string }[]): AnthropicState | undefined {
  const content: StateBlock[] = [];
  for (const b of blocks) {
    if (b.type === 'thinking') content.push({ type: 'thinking', thinking: b.thinking ?? '', signature: b.signature ?? '' });
    else if (b.type === 'redacted_thinking') content.push({ type: 'redacted_thinking', data: b.data ?? '' });
    else if (b.type === 'text') content.push({ type: 'text', text: b.text ?? '' });
    else if (b.type === 'tool_use') content.push({ type: 'tool_use', id: b.id ?? '' });
  }
  return content.some((b) => b.type === 'thinking' || b.type === 'redacted_thinking') ? { provider: 'anthropic', content } : undefined;
}

const toolUseBlock = (c: LlmToolCall): Block => ({ type: 'tool_use', id: c.id, name: c.name, input: argumentsObject(c) });

/**
 * An assistant turn rebuilt from its state: the blocks in their original order, thinking blocks
 * unchanged. The text blocks are replayed as received when they still add up to the message's
 * text; otherwise the message's text takes the first text block's place. Tool calls the state does
 * not name are appended.
 */
function replayBlocks(m: Extract<LlmMessage, { role: 'assistant' }>, state: AnthropicState): Block[] {
  const texts = state.content.flatMap((b) => (b.type === 'text' ? [b.text] : []));
  const verbatim = texts.join('') === m.content;
  const calls = new Map((m.tool_calls ?? []).map((c) => [c.id, c]));
  const out: Block[] = [];
  let textPlaced = false;
  for (const b of state.content) {
    if (b.type === 'thinking' || b.type === 'redacted_thinking') out.push({ ...b });
    else if (b.type === 'text') {
      if (verbatim && b.text !== '') out.push({ type: 'text', text: b.text });
      else if (!verbatim && !textPlaced && m.content !== '') out.push({ type: 'text', text: m.content });
      textPlaced = true;
    } else {
      const c = calls.get(b.id);
      if (c) out.push(toolUseBlock(c));
      calls.delete(b.id);
    }
  }
  if (!textPlaced && m.content !== '') {
    const firstTool = out.findIndex((b) => b.type === 'tool_use');
    out.splice(firstTool === -1 ? out.length : firstTool, 0, { type: 'text', text: m.content });
  }
  out.push(...[...calls.values()].map(toolUseBlock));
  return out;
}

function blocksOf(m: Exclude<LlmMessage, { role: 'system' }>): Block[] {
  switch (m.role) {
    case 'user':
      return m.content === '' ? [] : [{ type: 'text', text: m.content }];
    case 'assistant': {
      // State from another provider (or none) does not parse and is ignored.
      const state = AnthropicStateSchema.safeParse(m.provider_state);
      if (state.success) return replayBlocks(m, state.data);
      // The API rejects empty text blocks: a tool-only turn has none.
      return [...(m.content === '' ? [] : [{ type: 'text', text: m.content }]), ...(m.tool_calls ?? []).map(toolUseBlock)];
    }
    case 'tool':
      return [{ type: 'tool_result', tool_use_id: m.tool_call_id, content: m.content }];
  }
}

export function anthropicMessages(messages: readonly LlmMessage[]): { system: string | null; messages: WireMessage[] } {
  const system: string[] = [];
  const out: WireMessage[] = [];
  for (const m of messages) {
    if (m.role === 'system') {
      system.push(m.content);
      continue;
    }
    const role = m.role === 'assistant' ? 'assistant' : 'user';
    const blocks = blocksOf(m);
    // An empty turn (e.g. a blank model reply in the history) is dropped; its neighbours then merge.
    if (blocks.length === 0) continue;
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  // tool_result blocks must open their user message, before any text.
  for (const m of out) {
    if (m.role === 'user') m.content = [...m.content.filter((b) => b.type === 'tool_result'), ...m.content.filter((b) => b.type !== 'tool_result')];
  }
  return { system: system.length > 0 ? system.join('\n\n') : null, messages: out };
}

export function anthropicRequestBody(request: LlmRequest): Record<string, unknown> {
  const { system, messages } = anthropicMessages(request.messages);
  const effort = request.reasoning_effort;
  const budget = effort !== undefined && effort !== 'none' ? THINKING_BUDGET[effort] : null;
  const body: Record<string, unknown> = {
    model: request.model,
    max_tokens: request.max_output_tokens + (budget ?? 0),
    ...(system !== null ? { system } : {}),
    messages,
  };
  if (request.tools && request.tools.length > 0) {
    body.tools = request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
  }
  if (budget !== null) body.thinking = { type: 'enabled', budget_tokens: budget };
  else body.temperature = request.temperature;
  if (request.stream) body.stream = true;
  return body;
}

/** Anthropic's input_tokens excludes cache reads and writes; the contract counts all input, cached as a part. */
function usageOf(u: AnthropicUsage | null | undefined): LlmUsage | null {
  if (!u || u.input_tokens == null || u.output_tokens == null) return null;
  const cached = u.cache_read_input_tokens ?? 0;
  return {
    input_tokens: u.input_tokens + cached + (u.cache_creation_input_tokens ?? 0),
    output_tokens: u.output_tokens,
    ...(u.cache_read_input_tokens != null ? { cached_input_tokens: cached } : {}),
  };
}

const STOP_REASONS: Record<string, string> = { end_turn: 'stop', stop_sequence: 'stop', max_tokens: 'length', tool_use: 'tool_calls', refusal: 'content_filter' };
const stopReason = (raw: string | null | undefined): string => (raw == null ? 'stop' : (STOP_REASONS[raw] ?? raw));

const ERROR_KINDS: Record<string, LlmErrorKind> = {
  authentication_error: 'auth',
  permission_error: 'auth',
  not_found_error: 'not_found',
  rate_limit_error: 'rate_limit',
  api_error: 'server',
  overloaded_error: 'server',
  invalid_request_error: 'bad_request',
  request_too_large: 'bad_request',
};

interface PartialBlock {
  type: string;
  text: string;
  id: string;
  name: string;
  json: string;
  thinking: string;
  signature: string;
  data: string;
}

/** Accumulates the Messages event stream into one response. */
class AnthropicStream {
  private readonly blocks = new Map<number, PartialBlock>();
  private usage: AnthropicUsage = {};
  private model: string | null = null;
  private stop: string | null = null;
  private stopped = false;

  constructor(private readonly onDelta: ((text: string) => void) | undefined) {}

  onEvent(event: SseEvent): 'done' | void {
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      throw streamProtocolError('anthropic', `a stream event is not JSON: ${JSON.stringify(event.data.slice(0, 120))}`);
    }
    const e = parseWire(AnthropicEventSchema, json, 'a Messages stream event', (m) => streamProtocolError('anthropic', m));
    switch (e.type) {
      case 'message_start':
        this.model = e.message.model ?? null;
        this.usage = { ...this.usage, ...definedOnly(e.message.usage) };
        return;
      case 'content_block_start': {
        const b = e.content_block;
        this.blocks.set(e.index, { type: b.type, text: b.text ?? '', id: b.id ?? '', name: b.name ?? '', json: '', thinking: b.thinking ?? '', signature: b.signature ?? '', data: b.data ?? '' });
        if (b.type === 'text' && b.text) this.onDelta?.(b.text);
        return;
      }
      case 'content_block_delta': {
        const block = this.blocks.get(e.index);
        if (!block) throw streamProtocolError('anthropic', `a delta for block ${e.index} before its content_block_start`);
        if (e.delta.type === 'text_delta' && e.delta.text !== undefined) {
          block.text += e.delta.text;
          this.onDelta?.(e.delta.text);
        } else if (e.delta.type === 'input_json_delta' && e.delta.partial_json !== undefined) {
          block.json += e.delta.partial_json;
        } else if (e.delta.type === 'thinking_delta' && e.delta.thinking !== undefined) {
          // Reasoning, not answer text: kept for the provider state, never passed to onDelta.
          block.thinking += e.delta.thinking;
        } else if (e.delta.type === 'signature_delta' && e.delta.signature !== undefined) {
          block.signature += e.delta.signature;
        }
        return;
      }
      case 'message_delta':
        this.stop = e.delta.stop_reason ?? this.stop;
        // message_delta's usage is cumulative: its counts replace message_start's.
        this.usage = { ...this.usage, ...definedOnly(e.usage) };
        return;
      case 'message_stop':
        this.stopped = true;
        return 'done';
      case 'error':
        throw new LlmError(ERROR_KINDS[e.error.type] ?? 'server', `anthropic: the stream reported ${e.error.type}: ${e.error.message}`);
      case 'content_block_stop':
      case 'ping':
        return;
    }
  }

  result(): Omit<LlmResponse, 'log'> {
    if (!this.stopped) throw streamProtocolError('anthropic', 'the stream ended before message_stop (truncated)');
    const ordered = [...this.blocks.entries()].sort(([a], [b]) => a - b).map(([, b]) => b);
    const text = ordered.filter((b) => b.type === 'text').map((b) => b.text).join('');
    // A tool_use block that streamed no input fragments has the empty object as input.
    const calls = ordered.filter((b) => b.type === 'tool_use').map((b) => toolCall(b.id, b.name, b.json === '' ? '{}' : b.json));
    const state = stateOf(ordered);
    return { text, tool_calls: calls, usage: usageOf(this.usage), finish_reason: stopReason(this.stop), model_version: this.model, ...(state ? { provider_state: state } : {}) };
  }
}

function definedOnly(u: AnthropicUsage | null | undefined): AnthropicUsage {
  return Object.fromEntries(Object.entries(u ?? {}).filter(([, v]) => v != null)) as AnthropicUsage;
}

export function createAnthropicClient(config: ClientConfig): LlmClient {
  const baseUrl = trimBaseUrl(config.baseUrl);
  const ctx: HttpContext = { provider: 'anthropic', fetch: config.fetch, clock: config.clock, redact: createRedactor(config.apiKey), ...(config.maxResponseBytes !== undefined ? { maxResponseBytes: config.maxResponseBytes } : {}) };
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(config.apiKey !== '' ? { 'x-api-key': config.apiKey } : {}),
    'anthropic-version': ANTHROPIC_VERSION,
    ...config.extraHeaders,
    // Last, so extra headers cannot drop it: without it a browser call is refused.
    'anthropic-dangerous-direct-browser-access': 'true',
  });

  async function chat(request: LlmRequest, options: ChatOptions): Promise<LlmResponse> {
    const req = { method: 'POST' as const, url: `${baseUrl}/v1/messages`, headers: headers(true), body: anthropicRequestBody(request), signal: options.signal };
    if (request.stream) {
      const stream = new AnthropicStream(options.onDelta);
      const { result, log } = await exchangeSse(ctx, req, { onEvent: (e) => stream.onEvent(e), finish: () => stream.result() });
      return { ...result, log };
    }
    const { json, log, protocolError } = await exchangeJson(ctx, req);
    const body = parseWire(AnthropicMessageSchema, json, 'a Messages response', protocolError);
    const text = body.content.filter((b) => b.type === 'text').map((b) => b.text ?? '').join('');
    const calls: LlmToolCall[] = body.content
      .filter((b) => b.type === 'tool_use')
      .map((b) => toolCall(b.id ?? '', b.name ?? '', JSON.stringify(b.input ?? {})));
    const state = stateOf(body.content);
    return { text, tool_calls: calls, usage: usageOf(body.usage), finish_reason: stopReason(body.stop_reason), model_version: body.model ?? null, ...(state ? { provider_state: state } : {}), log: log() };
  }

  async function listModels(signal: AbortSignal): Promise<string[]> {
    const ids: string[] = [];
    let after: string | null = null;
    // Paged by after_id; bounded so a server that keeps saying has_more cannot loop forever.
    for (let page = 0; page < 20; page++) {
      const query = `limit=1000${after ? `&after_id=${encodeURIComponent(after)}` : ''}`;
      const { json, protocolError } = await exchangeJson(ctx, { method: 'GET', url: `${baseUrl}/v1/models?${query}`, headers: headers(false), signal });
      const list = parseWire(AnthropicModelListSchema, json, 'a model list', protocolError);
      ids.push(...list.data.map((m) => m.id));
      if (!list.has_more || !list.last_id) break;
      after = list.last_id;
    }
    return ids;
  }

  return withRedaction({ provider: 'anthropic', baseUrl, chat, listModels }, ctx.redact);
}
