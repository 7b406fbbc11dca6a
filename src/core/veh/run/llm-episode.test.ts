/**
 * The LLM agent on the real episode path (runEpisode → EpisodeLoop → protocol), with a scripted
 * fake client and hand-driven time: budgets, HTTP retries in the transcript, failures and cancel.
 */
import { describe, expect, it } from 'vitest';
import { EpisodeCancelledError } from '../../agent/loop.ts';
import type { TranscriptEvent } from '../protocol/events.ts';
import type { EpisodeBudget } from '../../llm/budget.ts';
import { createLlmAgent } from '../../llm/llm-agent.ts';
import { DEFAULT_PRICES } from '../../llm/prices.ts';
import { DEFAULT_RETRY_POLICY, ModelSettingsSchema } from '../../llm/settings.ts';
import { fakeClient, fakeError, hangUntilAborted, manualTime, recordingSleep, type FakeStep } from '../../llm/test-fakes.ts';
import { summariseP3 } from '../metrics/p3.ts';
import { deriveRow } from '../protocol/derive-row.ts';
import { BKF_DESIGN, P3_PRIOR, fixtureOracle, fixtureP1, fixtureP2, fixtureP3, withTipMass } from '../protocol/test-fixtures.ts';
import type { P2Row, P3Row } from '../rows.ts';
import type { VehTask } from '../task-schema.ts';
import { runEpisode } from './run-episode.ts';
import { TranscriptSchema, type Transcript } from './transcript.ts';

const p2Continue = (tipMass: number): string => JSON.stringify({ design: withTipMass(tipMass), action: 'continue', reason: 'try' });

function setup(script: FakeStep[], opts: { model?: string; fallback?: FakeStep } = {}) {
  const client = fakeClient(script, opts.fallback ? { fallback: opts.fallback } : {});
  const time = manualTime();
  const settings = ModelSettingsSchema.parse({ provider: 'openai', base_url: 'https://api.openai.com/v1', model: opts.model ?? 'gpt-4o', stream: false });
  const { sleep, waits } = recordingSleep();
  const agent = createLlmAgent({ client, settings, retry: DEFAULT_RETRY_POLICY, sleep, prices: DEFAULT_PRICES, clock: time.clock });
  return { client, time, agent, waits };
}

async function episode(
  s: ReturnType<typeof setup>,
  task: VehTask,
  budget?: EpisodeBudget,
  signal = new AbortController().signal,
  live: TranscriptEvent[] = [],
): Promise<Transcript> {
  const t = await runEpisode({
    task,
    taskIndex: 0,
    agent: s.agent,
    oracle: fixtureOracle,
    clock: s.time.clock,
    runSeed: 1,
    signal,
    p3Variant: 'raw_history',
    timers: s.time.timers,
    onEvent: (e) => live.push(e),
    ...(budget ? { budget } : {}),
  });
  // Every transcript an LLM run writes must round-trip through the schema.
  expect(TranscriptSchema.parse(JSON.parse(JSON.stringify(t)))).toEqual(t);
  return t;
}

const endOf = (t: Transcript) => t.events.findLast((e) => e.type === 'end');

describe('episode budgets', () => {
  it('max_turns stops a P2 episode before the reply after the limit, keeping the evaluated steps', async () => {
    const s = setup([], { fallback: { text: p2Continue(1.2) } });
    const t = await episode(s, fixtureP2(0), { max_turns: 2 });
    expect(s.client.requests).toHaveLength(2);
    expect(t.status).toBe('budget_exceeded');
    expect(endOf(t)).toMatchObject({ status: 'budget_exceeded', budget_limit: 'max_turns', final: null, reason: 'turn budget reached: 2 of max 2 agent replies used' });
    const row = deriveRow(t) as P2Row;
    expect(row.budget_stop).toBe('max_turns');
    expect(row.steps).toHaveLength(2);
    expect(row.final.design).toEqual(withTipMass(1.2));
    expect(t.settings.budget).toEqual({ max_turns: 2 });
  });

  it('max_turns counts parse-retry replies too', async () => {
    const s = setup([], { fallback: { text: 'not json' } });
    const t = await episode(s, fixtureP1(0, 'solvable_base'), { max_turns: 2 });
    expect(s.client.requests).toHaveLength(2);
    expect(t.status).toBe('budget_exceeded');
    expect(t.events.filter((e) => e.type === 'retry')).toHaveLength(2);
    expect(t.events.some((e) => e.type === 'parse_failure')).toBe(false);
    expect(deriveRow(t)).toMatchObject({ probe: 'P1', predicted_action: null, budget_stop: 'max_turns' });
  });

  it('max_cost_usd stops once the summed reply cost reaches it', async () => {
    // gpt-4o at $2.50/$10 per 1M: 1000 in + 100 out = $0.0035 per reply; after two replies $0.007 ≥ $0.005.
    const s = setup([], { fallback: { text: p2Continue(1.2), usage: { input_tokens: 1000, output_tokens: 100 } } });
    const t = await episode(s, fixtureP2(0), { max_cost_usd: 0.005 });
    expect(s.client.requests).toHaveLength(2);
    expect(endOf(t)).toMatchObject({ budget_limit: 'max_cost_usd', reason: 'cost budget reached: $0.007000 spent of max $0.005' });
    const replies = t.events.filter((e) => e.type === 'reply');
    expect(replies.map((r) => (r.type === 'reply' ? r.cost_usd : undefined))).toEqual([expect.closeTo(0.0035, 12), expect.closeTo(0.0035, 12)]);
  });

  it('an unknown price never trips max_cost_usd (cost stays null)', async () => {
    const s = setup([], { model: 'local-model', fallback: { text: JSON.stringify({ action: 'reset_to_prior', reason: 'prior is trusted' }) } });
    const t = await episode(s, fixtureP3(0), { max_cost_usd: 1e-9 });
    expect(t.status).toBe('completed');
    expect(s.client.requests).toHaveLength(4);
    expect(t.events.filter((e) => e.type === 'reply').every((e) => e.type === 'reply' && e.cost_usd === null)).toBe(true);
  });

  it('timeout_s aborts the request in flight and ends the episode; the timer is cleared', async () => {
    const s = setup([hangUntilAborted(() => s.time.advance(30_000))]);
    const t = await episode(s, fixtureP1(0, 'solvable_base'), { timeout_s: 30 });
    expect(s.client.signals[0]?.aborted).toBe(true);
    expect(t.status).toBe('budget_exceeded');
    expect(endOf(t)).toMatchObject({ budget_limit: 'timeout_s', reason: 'episode timeout: 30.0 s elapsed of max 30 s' });
    expect(s.time.pendingCount()).toBe(0);
  });

  it('timeout_s is also checked against the clock before each request', async () => {
    const s = setup([], { fallback: { text: p2Continue(1.2) } });
    // The first oracle call takes 31 s by the clock while the timer has not fired (a coarse timer):
    // the next request is refused.
    let late = 0;
    const clock = (): number => s.time.clock() + late;
    const slowOracle = { ...fixtureOracle, evaluate: (r: Parameters<typeof fixtureOracle.evaluate>[0]) => ((late = 31_000), fixtureOracle.evaluate(r)) };
    const t = await runEpisode({
      task: fixtureP2(0),
      taskIndex: 0,
      agent: s.agent,
      oracle: slowOracle,
      clock,
      runSeed: 1,
      signal: new AbortController().signal,
      p3Variant: 'raw_history',
      timers: s.time.timers,
      budget: { timeout_s: 30 },
    });
    expect(s.client.requests).toHaveLength(0);
    expect(t.status).toBe('budget_exceeded');
    expect(endOf(t)).toMatchObject({ budget_limit: 'timeout_s' });
  });

  it('a P3 episode stopped by a budget is never a success, even on a feasible last state', async () => {
    const reset = { text: JSON.stringify({ action: 'reset_to_prior', reason: 'go back to the trusted design' }) };
    const full = await episode(setup([], { fallback: reset }), fixtureP3(0));
    const stopped = await episode(setup([], { fallback: reset }), fixtureP3(0), { max_turns: 1 });
    const fullRow = deriveRow(full) as P3Row;
    const stoppedRow = deriveRow(stopped) as P3Row;
    expect(fullRow.final.design).toEqual(P3_PRIOR);
    expect(stoppedRow.final.design).toEqual(P3_PRIOR);
    expect(stoppedRow.final.result.feasible).toBe(true);
    expect(summariseP3(fullRow).success).toBe(true);
    expect(summariseP3(stoppedRow).success).toBe(false);
  });
});

describe('HTTP failures and cancel', () => {
  it('retries show as llm_retry events, live and in the transcript, before the reply', async () => {
    const s = setup([fakeError('rate_limit', 429, 'rate limited', 2000), fakeError('server', 500, 'oops'), { text: JSON.stringify({ action: 'propose_design', reason: 'ok' }) }]);
    const live: TranscriptEvent[] = [];
    const t = await episode(s, fixtureP1(0, 'solvable_base'), undefined, undefined, live);
    expect(t.status).toBe('completed');
    const types = t.events.map((e) => e.type);
    expect(types.slice(0, 5)).toEqual(['message', 'message', 'llm_retry', 'llm_retry', 'reply']);
    expect(t.events.filter((e) => e.type === 'llm_retry')).toMatchObject([
      { retry: 1, error_kind: 'rate_limit', status: 429, wait_ms: 2000 },
      { retry: 2, error_kind: 'server', status: 500 },
    ]);
    expect(s.waits[0]).toBe(2000);
    const reply = t.events.find((e) => e.type === 'reply');
    expect(reply?.type === 'reply' && reply.llm?.calls.map((c) => c.status)).toEqual([429, 500, 200]);
    expect(live).toEqual(t.events);
  });

  it('a 401 fails the task clearly (status error, the attempt kept) without retrying', async () => {
    const s = setup([fakeError('auth', 401, 'invalid API key')]);
    const t = await episode(s, fixtureP1(0, 'solvable_base'));
    expect(s.client.requests).toHaveLength(1);
    expect(t.status).toBe('error');
    const err = t.events.find((e) => e.type === 'error');
    expect(err).toMatchObject({ message: 'model request failed (auth, HTTP 401; 1 attempt, not retried): invalid API key' });
    expect(err?.type === 'error' && err.llm_calls?.map((c) => [c.status, c.error_kind])).toEqual([[401, 'auth']]);
  });

  it('cancel mid-request aborts the HTTP request and drops the episode', async () => {
    const controller = new AbortController();
    const s = setup([hangUntilAborted(() => queueMicrotask(() => controller.abort()))]);
    await expect(episode(s, fixtureP1(0, 'solvable_base'), { timeout_s: 60 }, controller.signal)).rejects.toBeInstanceOf(EpisodeCancelledError);
    expect(s.client.signals[0]?.aborted).toBe(true);
    expect(s.time.pendingCount()).toBe(0);
  });

  it('the feasible BKF design closes a P2 episode normally under a budget that was not reached', async () => {
    const s = setup([{ text: JSON.stringify({ design: BKF_DESIGN, action: 'continue', reason: 'bkf' }) }]);
    const t = await episode(s, fixtureP2(0), { max_turns: 5, max_cost_usd: 1, timeout_s: 60 });
    expect(t.status).toBe('completed');
    expect(deriveRow(t).budget_stop).toBeUndefined();
  });
});
