import { describe, expect, it } from 'vitest';
import { EpisodeCancelledError, EpisodeLoop, OracleFailureError, type Interpretation } from './loop.ts';
import type { AgentReply, AgentSession, ChatMessage } from './types.ts';
import type { JsonObject } from './parse-json.ts';

function scripted(replies: readonly string[]): AgentSession & { seen: ChatMessage[][] } {
  let i = 0;
  const seen: ChatMessage[][] = [];
  return {
    seen,
    respond(messages): Promise<AgentReply> {
      seen.push([...messages]);
      const text = replies[Math.min(i, replies.length - 1)] ?? '';
      i++;
      return Promise.resolve({ text, usage: { input_tokens: 10, output_tokens: 3 } });
    },
  };
}

function ticking(): () => number {
  let t = 1000;
  return () => (t += 5);
}

const wantsAction = (obj: JsonObject): Interpretation<string> =>
  typeof obj.action === 'string' ? { ok: true, value: obj.action } : { ok: false, problem: '"action" is missing' };

describe('EpisodeLoop.ask retry policy', () => {
  it('succeeds after two garbage replies and logs both retries', async () => {
    const session = scripted(['no idea', '{"reason": "x"}', '```json\n{"action": "stop"}\n```']);
    const loop = new EpisodeLoop({ session, clock: ticking(), signal: new AbortController().signal });
    loop.say({ role: 'system', content: 'sys' }, { role: 'user', content: '{"q":1}' });
    const r = await loop.ask(wantsAction, 'Use {"action": ...}.');
    expect(r).toEqual({ ok: true, value: 'stop', retries: 2 });
    const types = loop.events.map((e) => e.type);
    expect(types.filter((t) => t === 'retry')).toHaveLength(2);
    expect(types.filter((t) => t === 'reply')).toHaveLength(3);
    expect(types).not.toContain('parse_failure');
    const retries = loop.events.filter((e) => e.type === 'retry');
    expect(retries[0]?.type === 'retry' && retries[0].problem).toMatch(/no JSON object/);
    expect(retries[1]?.type === 'retry' && retries[1].problem).toMatch(/"action" is missing/);
    // The third request carries the whole exchange: sys, user, bad, correction, bad, correction.
    expect(session.seen[2]?.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(session.seen[2]?.[3]?.content).toMatch(/could not be used: no JSON object/);
    const reply = loop.events.find((e) => e.type === 'reply');
    expect(reply?.type === 'reply' && reply.usage).toEqual({ input_tokens: 10, output_tokens: 3 });
    expect(reply?.type === 'reply' && reply.duration_ms).toBe(5);
  });

  it('counts a parse failure after three garbage replies', async () => {
    const session = scripted(['garbage']);
    const loop = new EpisodeLoop({ session, clock: ticking(), signal: new AbortController().signal });
    loop.say({ role: 'user', content: 'go' });
    const r = await loop.ask(wantsAction, 'hint');
    expect(r.ok).toBe(false);
    expect(r.retries).toBe(2);
    expect(session.seen).toHaveLength(3);
    const failures = loop.events.filter((e) => e.type === 'parse_failure');
    expect(failures).toHaveLength(1);
    expect(loop.events.filter((e) => e.type === 'retry')).toHaveLength(2);
  });

  it('honours maxRetries = 0', async () => {
    const loop = new EpisodeLoop({
      session: scripted(['x']),
      clock: ticking(),
      signal: new AbortController().signal,
      maxRetries: 0,
    });
    const r = await loop.ask(wantsAction, 'hint');
    expect(r.ok).toBe(false);
    expect(loop.events.filter((e) => e.type === 'reply')).toHaveLength(1);
  });
});

describe('EpisodeLoop cancellation', () => {
  it('cancels a request that never resolves on its own', async () => {
    const controller = new AbortController();
    let started = false;
    const session: AgentSession = {
      respond: () => {
        started = true;
        return new Promise<AgentReply>(() => {});
      },
    };
    const loop = new EpisodeLoop({ session, clock: ticking(), signal: controller.signal });
    const pending = loop.ask(wantsAction, 'hint');
    await Promise.resolve();
    expect(started).toBe(true);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(EpisodeCancelledError);
  });

  it('refuses to start once aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const loop = new EpisodeLoop({ session: scripted(['{}']), clock: ticking(), signal: controller.signal });
    await expect(loop.ask(wantsAction, 'hint')).rejects.toBeInstanceOf(EpisodeCancelledError);
  });

  it('passes the signal to the session so providers can abort their own request', async () => {
    const controller = new AbortController();
    let received: AbortSignal | null = null;
    const session: AgentSession = {
      respond: (_m, signal) => {
        received = signal;
        return Promise.resolve({ text: '{"action":"a"}' });
      },
    };
    const loop = new EpisodeLoop({ session, clock: ticking(), signal: controller.signal });
    await loop.ask(wantsAction, 'hint');
    // The episode's own signal (run cancel + episode timeout): it follows the run's signal.
    const got = received as AbortSignal | null;
    expect(got).toBe(loop.signal);
    expect(got?.aborted).toBe(false);
    controller.abort();
    expect(got?.aborted).toBe(true);
  });
});

describe('EpisodeLoop.callOracle', () => {
  it('times a suite oracle call and adds it to oracleMs; the suite records its own event', async () => {
    const loop = new EpisodeLoop({ session: scripted(['{}']), clock: ticking(), signal: new AbortController().signal });
    const r = await loop.callOracle(() => Promise.resolve(42));
    // ticking() advances 5 ms per read: one read before the call and one after.
    expect(r).toEqual({ result: 42, duration_ms: 5 });
    expect(loop.oracleMs).toBe(5);
    expect(loop.events).toEqual([]);
  });

  it("turns the oracle's own failure into OracleFailureError (the harness's failure, not the agent's)", async () => {
    const loop = new EpisodeLoop({ session: scripted(['{}']), clock: ticking(), signal: new AbortController().signal });
    await expect(loop.callOracle(() => Promise.reject(new Error('worker crashed')))).rejects.toBeInstanceOf(OracleFailureError);
  });

  it('refuses a call once the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const loop = new EpisodeLoop({ session: scripted(['{}']), clock: ticking(), signal: controller.signal });
    await expect(loop.callOracle(() => Promise.resolve(1))).rejects.toBeInstanceOf(EpisodeCancelledError);
  });
});
