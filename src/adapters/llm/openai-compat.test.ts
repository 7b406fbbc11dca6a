/**
 * Quirks of OpenAI-compatible servers the stand-in does not imitate, fed through an injected fetch:
 * the adapter must read them as OpenAI's own format.
 */
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../core/llm/types.ts';
import { createOpenAiClient } from './openai.ts';

function fetchReturning(body: string, contentType: string): FetchLike {
  return () => Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': contentType } }));
}

const request = { model: 'qwen3', messages: [{ role: 'user' as const, content: 'hi' }], temperature: 0, max_output_tokens: 64, stream: false };

describe('OpenAI-compatible servers', () => {
  it("reads an Ollama-style reply: null content, tool calls with finish 'stop', no usage", async () => {
    const body = JSON.stringify({
      id: 'chatcmpl-1',
      model: 'qwen3:8b',
      choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_x', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] }, finish_reason: 'stop' }],
    });
    const c = createOpenAiClient({ provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', apiKey: '', fetch: fetchReturning(body, 'application/json'), clock: () => 0 });
    const r = await c.chat(request, { signal: new AbortController().signal });
    expect(r).toMatchObject({ text: '', finish_reason: 'tool_calls', usage: null, model_version: 'qwen3:8b' });
    expect(r.tool_calls).toEqual([{ id: 'call_x', name: 'f', arguments_text: '{"a":1}', arguments: { a: 1 } }]);
  });

  it('accepts a stream that ends after its finish reason without [DONE], and keeps usage sent beside the finish reason', async () => {
    const chunk = (o: object): string => `data: ${JSON.stringify(o)}\n\n`;
    const sse =
      chunk({ model: 'llama', choices: [{ index: 0, delta: { content: 'He' }, finish_reason: null }] }) +
      chunk({ model: 'llama', choices: [{ index: 0, delta: { content: 'llo' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 2 } });
    const c = createOpenAiClient({ provider: 'openai', baseUrl: 'http://127.0.0.1:8080/v1', apiKey: '', fetch: fetchReturning(sse, 'text/event-stream'), clock: () => 0 });
    const deltas: string[] = [];
    const r = await c.chat({ ...request, stream: true }, { signal: new AbortController().signal, onDelta: (d) => deltas.push(d) });
    expect(deltas).toEqual(['He', 'llo']);
    expect(r).toMatchObject({ text: 'Hello', finish_reason: 'stop', usage: { input_tokens: 3, output_tokens: 2 } });
  });

  it('turns a 200 whose JSON is not a chat completion into a protocol error naming the field', async () => {
    const c = createOpenAiClient({ provider: 'openai', baseUrl: 'http://x/v1', apiKey: '', fetch: fetchReturning('{"object":"list","data":[]}', 'application/json'), clock: () => 0 });
    await expect(c.chat(request, { signal: new AbortController().signal })).rejects.toMatchObject({ kind: 'protocol', message: expect.stringMatching(/choices/) as string });
  });

  it('reads on to the close after [DONE] rather than cancelling, and cuts off a server that holds the stream open', async () => {
    const encoder = new TextEncoder();
    const sse = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'ok' }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;
    const run = async (closes: boolean): Promise<{ cancelled: boolean; ms: number; text: string }> => {
      let cancelled = false;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(sse));
          if (closes) controller.close();
        },
        cancel() {
          cancelled = true;
        },
      });
      const fetchStream: FetchLike = () => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
      const c = createOpenAiClient({ provider: 'openai', baseUrl: 'http://x/v1', apiKey: '', fetch: fetchStream, clock: () => 0 });
      const started = Date.now();
      const r = await c.chat({ ...request, stream: true }, { signal: new AbortController().signal });
      return { cancelled, ms: Date.now() - started, text: r.text };
    };
    const closing = await run(true);
    expect(closing).toMatchObject({ cancelled: false, text: 'ok' });
    expect(closing.ms).toBeLessThan(900);
    const held = await run(false);
    expect(held).toMatchObject({ cancelled: true, text: 'ok' });
    expect(held.ms).toBeGreaterThanOrEqual(900);
  });
});
