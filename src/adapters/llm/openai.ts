/**
 * OpenAI chat completions (`POST {base}/chat/completions`, `GET {base}/models`), for OpenAI itself
 * and every server that speaks the same format (OpenRouter, vLLM, llama.cpp, LM Studio, Ollama's /v1).
 *
 * Where OpenAI and the compatible servers disagree:
 * - api.openai.com's newer models refuse `max_tokens` and want `max_completion_tokens`; the
 *   compatible servers mostly know only `max_tokens`. The host decides which one is sent.
 * - OpenAI's reasoning models (o-series, gpt-5) reject any temperature but the default, so
 *   temperature is left out for them and whenever a reasoning effort is requested.
 */
import { LlmError, type ChatOptions, type ClientConfig, type LlmClient, type LlmMessage, type LlmRequest, type LlmResponse, type LlmToolCall, type LlmUsage } from '../../core/llm/types.ts';
import { exchangeJson, exchangeSse, streamProtocolError, type HttpContext } from './http.ts';
import { summariseErrorBody } from './http-errors.ts';
import { OpenAiChunkSchema, OpenAiCompletionSchema, OpenAiModelListSchema, type OpenAiUsage } from './openai-wire.ts';
import { createRedactor, withRedaction } from './redact.ts';
import type { SseEvent } from './sse.ts';
import { parseWire, toolCall, trimBaseUrl } from './wire.ts';

const OPENAI_HOST = 'api.openai.com';

function isOpenAiHost(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).hostname === OPENAI_HOST;
  } catch {
    return false;
  }
}

/** OpenAI model families that only take the default temperature. */
const REASONING_MODEL = /^(o\d|gpt-5)/;

function wireMessage(m: LlmMessage): Record<string, unknown> {
  switch (m.role) {
    case 'system':
    case 'user':
      return { role: m.role, content: m.content };
    case 'assistant':
      if (m.tool_calls && m.tool_calls.length > 0) {
        return {
          role: 'assistant',
          // null rather than '' when the turn was only tool calls: some compatible servers reject empty content.
          content: m.content === '' ? null : m.content,
          tool_calls: m.tool_calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments_text } })),
        };
      }
      return { role: 'assistant', content: m.content };
    case 'tool':
      return { role: 'tool', tool_call_id: m.tool_call_id, content: m.content };
  }
}

export function openAiRequestBody(request: LlmRequest, baseUrl: string): Record<string, unknown> {
  const official = isOpenAiHost(baseUrl);
  const reasoning = request.reasoning_effort !== undefined && request.reasoning_effort !== 'none';
  const fixedTemperature = reasoning || (official && REASONING_MODEL.test(request.model));
  const body: Record<string, unknown> = {
    model: request.model,
    messages: request.messages.map(wireMessage),
  };
  if (request.tools && request.tools.length > 0) {
    body.tools = request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
  }
  if (!fixedTemperature) body.temperature = request.temperature;
  body[official ? 'max_completion_tokens' : 'max_tokens'] = request.max_output_tokens;
  if (reasoning) body.reasoning_effort = request.reasoning_effort;
  if (request.stream) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  return body;
}

function usageOf(u: OpenAiUsage | null | undefined): LlmUsage | null {
  if (!u) return null;
  const cached = u.prompt_tokens_details?.cached_tokens;
  const reasoning = u.completion_tokens_details?.reasoning_tokens;
  return {
    input_tokens: u.prompt_tokens,
    output_tokens: u.completion_tokens,
    ...(cached != null ? { cached_input_tokens: cached } : {}),
    ...(reasoning != null ? { reasoning_tokens: reasoning } : {}),
  };
}

/**
 * OpenAI's reasons are the normalised vocabulary already. The legacy function_call means a tool
 * call, and some compatible servers (Ollama, older llama.cpp) say 'stop' even when they return tool calls.
 */
function finishReason(raw: string | null | undefined, toolCalls: number): string {
  if (raw === 'function_call') return 'tool_calls';
  if (raw == null || raw === '' || raw === 'stop') return toolCalls > 0 ? 'tool_calls' : 'stop';
  return raw;
}

interface PartialToolCall {
  id: string;
  name: string;
  args: string;
}

/** Accumulates a chat.completion.chunk stream: text deltas in order, tool-call fragments by index. */
class OpenAiStream {
  private text = '';
  private readonly calls = new Map<number, PartialToolCall>();
  private finish: string | null = null;
  private usage: OpenAiUsage | null = null;
  private model: string | null = null;
  private sawDone = false;

  constructor(private readonly onDelta: ((text: string) => void) | undefined) {}

  onEvent(event: SseEvent): 'done' | void {
    if (event.data === '[DONE]') {
      this.sawDone = true;
      return 'done';
    }
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      throw streamProtocolError('openai', `a stream event is not JSON: ${JSON.stringify(event.data.slice(0, 120))}`);
    }
    if (typeof json === 'object' && json !== null && 'error' in json && json.error) {
      // Compatible servers (OpenRouter, vLLM) report failures after the 200 as an error event.
      throw new LlmError('server', `openai: the stream reported an error: ${summariseErrorBody(json)}`);
    }
    const chunk = parseWire(OpenAiChunkSchema, json, 'a chat completion chunk', (m) => streamProtocolError('openai', m));
    if (chunk.model) this.model = chunk.model;
    if (chunk.usage) this.usage = chunk.usage;
    for (const choice of chunk.choices) {
      const delta = choice.delta;
      if (delta?.content) {
        this.text += delta.content;
        this.onDelta?.(delta.content);
      }
      for (const frag of delta?.tool_calls ?? []) {
        const call = this.calls.get(frag.index) ?? { id: '', name: '', args: '' };
        if (frag.id) call.id = frag.id;
        if (frag.function?.name) call.name += frag.function.name;
        if (frag.function?.arguments) call.args += frag.function.arguments;
        this.calls.set(frag.index, call);
      }
      if (choice.finish_reason) this.finish = choice.finish_reason;
    }
  }

  /** Complete when `[DONE]` came, or (for servers that omit it) a finish reason did. */
  result(): Omit<LlmResponse, 'log'> {
    if (!this.sawDone && this.finish === null) throw streamProtocolError('openai', 'the stream ended before its finish reason and [DONE] (truncated)');
    const toolCalls: LlmToolCall[] = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, c]) => toolCall(c.id || `call_${index}`, c.name, c.args));
    return { text: this.text, tool_calls: toolCalls, usage: usageOf(this.usage), finish_reason: finishReason(this.finish, toolCalls.length), model_version: this.model };
  }
}

export function createOpenAiClient(config: ClientConfig): LlmClient {
  const baseUrl = trimBaseUrl(config.baseUrl);
  const ctx: HttpContext = { provider: 'openai', fetch: config.fetch, clock: config.clock, redact: createRedactor(config.apiKey), ...(config.maxResponseBytes !== undefined ? { maxResponseBytes: config.maxResponseBytes } : {}) };
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(config.apiKey !== '' ? { authorization: `Bearer ${config.apiKey}` } : {}),
    ...config.extraHeaders,
  });

  async function chat(request: LlmRequest, options: ChatOptions): Promise<LlmResponse> {
    const req = { method: 'POST' as const, url: `${baseUrl}/chat/completions`, headers: headers(true), body: openAiRequestBody(request, baseUrl), signal: options.signal };
    if (request.stream) {
      const stream = new OpenAiStream(options.onDelta);
      const { result, log } = await exchangeSse(ctx, req, { onEvent: (e) => stream.onEvent(e), finish: () => stream.result() });
      return { ...result, log };
    }
    const { json, log, protocolError } = await exchangeJson(ctx, req);
    const body = parseWire(OpenAiCompletionSchema, json, 'a chat completion', protocolError);
    const choice = body.choices[0];
    if (!choice) throw protocolError('the completion has no choices');
    const toolCalls = (choice.message.tool_calls ?? []).map((c) => toolCall(c.id, c.function.name, c.function.arguments ?? ''));
    return {
      text: choice.message.content ?? choice.message.refusal ?? '',
      tool_calls: toolCalls,
      usage: usageOf(body.usage),
      finish_reason: finishReason(choice.finish_reason, toolCalls.length),
      model_version: body.model ?? null,
      log: log(),
    };
  }

  async function listModels(signal: AbortSignal): Promise<string[]> {
    const { json, protocolError } = await exchangeJson(ctx, { method: 'GET', url: `${baseUrl}/models`, headers: headers(false), signal });
    return parseWire(OpenAiModelListSchema, json, 'a model list', protocolError).data.map((m) => m.id);
  }

  return withRedaction({ provider: 'openai', baseUrl, chat, listModels }, ctx.redact);
}
