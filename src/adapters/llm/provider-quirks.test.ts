/**
 * Anthropic and Gemini behaviours the stand-in does not produce, fed through an injected fetch:
 * in-stream errors, thinking blocks, a retry hint only in the body, a prompt blocked by safety.
 */
import { describe, expect, it } from 'vitest';
import type { FetchLike, LlmRequest } from '../../core/llm/types.ts';
import { createAnthropicClient } from './anthropic.ts';
import { createGeminiClient } from './gemini.ts';

function fetchReturning(body: string, init: { status?: number; contentType: string }): FetchLike {
  return () => Promise.resolve(new Response(body, { status: init.status ?? 200, headers: { 'content-type': init.contentType } }));
}

const request: LlmRequest = { model: 'm', messages: [{ role: 'user', content: 'hi' }], temperature: 0, max_output_tokens: 64, stream: true };
const signal = (): AbortSignal => new AbortController().signal;
const event = (o: { type: string; [field: string]: unknown }): string => `event: ${o.type}\ndata: ${JSON.stringify(o)}\n\n`;

describe('Anthropic streams', () => {
  it('turns an in-stream overloaded_error event into a retryable server error, with the events so far logged', async () => {
    const sse = event({ type: 'message_start', message: { model: 'claude', usage: { input_tokens: 5, output_tokens: 1 } } }) + event({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    const c = createAnthropicClient({ provider: 'anthropic', baseUrl: 'https://api.anthropic.com', apiKey: 'k-1234', fetch: fetchReturning(sse, { contentType: 'text/event-stream' }), clock: () => 0 });
    const e = await c.chat(request, { signal: signal() }).catch((err: unknown) => err);
    expect(e).toMatchObject({ kind: 'server', retryable: true, status: 200, message: 'anthropic: the stream reported overloaded_error: Overloaded' });
    expect((e as { log: { response_body: unknown[] } }).log.response_body).toHaveLength(2);
  });

  it('skips thinking blocks in the text, and takes message_delta usage as cumulative', async () => {
    const sse = [
      event({ type: 'message_start', message: { model: 'claude-x', usage: { input_tokens: 10, cache_read_input_tokens: 4, output_tokens: 1 } } }),
      event({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } }),
      event({ type: 'content_block_stop', index: 0 }),
      event({ type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }),
      event({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Answer' } }),
      event({ type: 'content_block_stop', index: 1 }),
      event({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 42 } }),
      event({ type: 'message_stop' }),
    ].join('');
    const c = createAnthropicClient({ provider: 'anthropic', baseUrl: 'https://api.anthropic.com', apiKey: 'k-1234', fetch: fetchReturning(sse, { contentType: 'text/event-stream' }), clock: () => 0 });
    const deltas: string[] = [];
    const r = await c.chat(request, { signal: signal(), onDelta: (d) => deltas.push(d) });
    expect(deltas).toEqual(['Answer']);
    // input = 10 uncached + 4 cache reads; output 42 from message_delta replaces message_start's 1.
    expect(r).toMatchObject({ text: 'Answer', finish_reason: 'stop', model_version: 'claude-x', usage: { input_tokens: 14, output_tokens: 42, cached_input_tokens: 4 } });
  });
});

describe('Gemini errors and blocks', () => {
  it('reads the retry delay from RetryInfo when a 429 has no retry-after header', async () => {
    const body = JSON.stringify({ error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '17s' }] } });
    const c = createGeminiClient({ provider: 'gemini', baseUrl: 'https://generativelanguage.googleapis.com', apiKey: 'k-1234', fetch: fetchReturning(body, { status: 429, contentType: 'application/json' }), clock: () => 0 });
    await expect(c.chat({ ...request, stream: false }, { signal: signal() })).rejects.toMatchObject({ kind: 'rate_limit', retryAfterMs: 17_000 });
  });

  it('reports a prompt blocked by safety as content_filter with empty text', async () => {
    const body = JSON.stringify({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 }, modelVersion: 'gemini-x' });
    const c = createGeminiClient({ provider: 'gemini', baseUrl: 'https://generativelanguage.googleapis.com', apiKey: 'k-1234', fetch: fetchReturning(body, { contentType: 'application/json' }), clock: () => 0 });
    const r = await c.chat({ ...request, stream: false }, { signal: signal() });
    expect(r).toMatchObject({ text: '', tool_calls: [], finish_reason: 'content_filter', usage: { input_tokens: 7, output_tokens: 0 } });
  });

  it('leaves thought parts out of the answer and counts thinking tokens as output', async () => {
    const body = JSON.stringify({
      candidates: [{ content: { role: 'model', parts: [{ text: 'pondering', thought: true }, { text: 'Answer' }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 2, thoughtsTokenCount: 30 },
    });
    const c = createGeminiClient({ provider: 'gemini', baseUrl: 'https://generativelanguage.googleapis.com', apiKey: 'k-1234', fetch: fetchReturning(body, { contentType: 'application/json' }), clock: () => 0 });
    const r = await c.chat({ ...request, stream: false }, { signal: signal() });
    expect(r).toMatchObject({ text: 'Answer', usage: { input_tokens: 7, output_tokens: 32, reasoning_tokens: 30 }, model_version: null });
  });
});
