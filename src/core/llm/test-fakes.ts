/**
 * Test doubles for the LLM loop: a scripted LlmClient (each call takes the next step of a script),
 * manual timers with a matching clock, and a sleep that only records its waits. No network, no
 * ambient time: tests drive time by hand.
 */
import type { Timers } from './budget.ts';
import type { Sleep } from './retry.ts';
import { RetryAbortedError } from './retry.ts';
import { LlmError, type ChatOptions, type LlmCallLog, type LlmClient, type LlmRequest, type LlmResponse, type LlmToolCall, type LlmUsage, type ProviderId } from './types.ts';

export interface FakeReply {
  text?: string;
  tool_calls?: LlmToolCall[];
  usage?: LlmUsage | null;
  finish_reason?: string;
  model_version?: string | null;
  /** Streamed in these pieces (when the request asks for streaming). */
  deltas?: string[];
}

/** A step: a reply, an error to throw, or a function that decides (it may wait on the signal). */
export type FakeStep = FakeReply | LlmError | ((req: LlmRequest, opts: ChatOptions) => Promise<LlmResponse>);

export const FAKE_BASE_URL = 'http://127.0.0.1:9/v1';

export function fakeLog(req: LlmRequest, status: number | null, response: unknown): LlmCallLog {
  return { url: `${FAKE_BASE_URL}/chat/completions`, status, request_body: { model: req.model, messages: req.messages, temperature: req.temperature }, response_body: response, duration_ms: 7 };
}

export function fakeResponse(req: LlmRequest, r: FakeReply): LlmResponse {
  const text = r.text ?? '';
  return {
    text,
    tool_calls: r.tool_calls ?? [],
    usage: r.usage === undefined ? { input_tokens: 100, output_tokens: 20 } : r.usage,
    finish_reason: r.finish_reason ?? ((r.tool_calls?.length ?? 0) > 0 ? 'tool_calls' : 'stop'),
    model_version: r.model_version === undefined ? `${req.model}-2024-08-06` : r.model_version,
    log: fakeLog(req, 200, { id: 'fake', choices: [{ message: { content: text } }] }),
  };
}

/** An error as an adapter throws it, with its call log. */
export function fakeError(kind: LlmError['kind'], status: number | null, message: string, retryAfterMs: number | null = null): LlmError {
  return new LlmError(kind, message, { status, retryAfterMs, log: { url: `${FAKE_BASE_URL}/chat/completions`, status, request_body: { model: 'm', messages: [] }, response_body: { error: { message } }, duration_ms: 3 } });
}

export interface FakeClient extends LlmClient {
  readonly requests: LlmRequest[];
  readonly signals: AbortSignal[];
}

/** Plays `script` one step per chat() call; past its end it repeats `fallback` (or fails the test). */
export function fakeClient(script: readonly FakeStep[], opts: { provider?: ProviderId; fallback?: FakeStep } = {}): FakeClient {
  const requests: LlmRequest[] = [];
  const signals: AbortSignal[] = [];
  let i = 0;
  return {
    provider: opts.provider ?? 'openai',
    baseUrl: FAKE_BASE_URL,
    requests,
    signals,
    async chat(request, options) {
      requests.push(request);
      signals.push(options.signal);
      const step = script[i++] ?? opts.fallback;
      if (step === undefined) throw new Error(`fake client: no scripted step for call ${i}`);
      if (step instanceof LlmError) throw step;
      if (typeof step === 'function') return step(request, options);
      if (request.stream && step.deltas) for (const d of step.deltas) options.onDelta?.(d);
      return fakeResponse(request, step);
    },
    listModels: () => Promise.resolve(['m']),
  };
}

/** A step that never answers until its signal aborts (then rejects like fetch does). */
export function hangUntilAborted(onStart?: () => void): FakeStep {
  return (_req, opts) =>
    new Promise<LlmResponse>((_resolve, reject) => {
      onStart?.();
      const fail = (): void => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (opts.signal.aborted) fail();
      else opts.signal.addEventListener('abort', fail, { once: true });
    });
}

/** Manual timers and the clock they share: `advance(ms)` moves time and fires what is due. */
export function manualTime(startMs = Date.UTC(2026, 0, 1)) {
  let now = startMs;
  let nextId = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      const id = nextId++;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (h) => {
      pending.delete(h as number);
    },
  };
  return {
    timers,
    clock: (): number => now,
    pendingCount: (): number => pending.size,
    advance(ms: number): void {
      now += ms;
      for (const [id, t] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at <= now) {
          pending.delete(id);
          t.fn();
        }
      }
    },
  };
}

/** A Sleep that resolves at once and records every wait (or rejects when already aborted). */
export function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms, signal) => {
      if (signal.aborted) return Promise.reject(new RetryAbortedError());
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

/** An Rng that always returns `u` (jitter factor 0.5 + 0.5u). */
export const constantRng = (u: number) => ({ next: (): number => u });
