import type { EventCore } from '../../core/agent/events.ts';
import { describe, expect, it } from 'vitest';
import type { TranscriptEvent } from '../../core/veh/protocol/events.ts';
import { applyLiveEvent, emptyLiveState, liveCost, snapshotLiveState } from './live-llm.ts';

const reply = (cost: number | null | undefined, input = 100, output = 10): TranscriptEvent => ({
  type: 'reply',
  t_ms: 1,
  attempt: 0,
  text: '{"action":"propose_design"}',
  usage: { input_tokens: input, output_tokens: output },
  ...(cost !== undefined ? { cost_usd: cost } : {}),
  duration_ms: 5,
});

describe('live LLM state', () => {
  it('accumulates streamed text until the reply lands, then counts its tokens and cost', () => {
    const s = emptyLiveState();
    applyLiveEvent(s, { type: 'delta', task_id: 'A', text: '{"act' });
    applyLiveEvent(s, { type: 'delta', task_id: 'A', text: 'ion"' });
    expect(s.streaming).toBe('{"action"');
    applyLiveEvent(s, { type: 'event', task_id: 'A', event: reply(0.001) });
    expect(s.streaming).toBe('');
    expect(s.totals).toMatchObject({ replies: 1, input_tokens: 100, output_tokens: 10 });
    expect(liveCost(s.totals)).toBeCloseTo(0.001, 15);
  });

  it('a new task starts a fresh event list; totals run across tasks', () => {
    const s = emptyLiveState();
    applyLiveEvent(s, { type: 'event', task_id: 'A', event: reply(0.001) });
    applyLiveEvent(s, { type: 'event', task_id: 'B', event: reply(0.002) });
    expect(s.taskId).toBe('B');
    expect(s.events).toHaveLength(1);
    expect(s.totals.replies).toBe(2);
    expect(liveCost(s.totals)).toBeCloseTo(0.003, 15);
  });

  it('one reply with an unknown price makes the cost unknown, never a partial sum', () => {
    const s = emptyLiveState();
    applyLiveEvent(s, { type: 'event', task_id: 'A', event: reply(0.001) });
    applyLiveEvent(s, { type: 'event', task_id: 'A', event: reply(null) });
    expect(liveCost(s.totals)).toBeNull();
    expect(s.totals.priced_cost_usd).toBeCloseTo(0.001, 15);
  });

  it('built-in agents’ replies (no cost field) cost nothing; an HTTP retry drops the partial stream', () => {
    const s = emptyLiveState();
    applyLiveEvent(s, { type: 'event', task_id: 'A', event: reply(undefined) });
    expect(liveCost(s.totals)).toBe(0);
    applyLiveEvent(s, { type: 'delta', task_id: 'A', text: 'partial' });
    applyLiveEvent(s, { type: 'event', task_id: 'A', event: { type: 'llm_retry', t_ms: 2, retry: 1, error_kind: 'server', status: 500, wait_ms: 1000, message: 'HTTP 500' } as EventCore });
    expect(s.streaming).toBe('');
    expect(s.totals.http_retries).toBe(1);
  });

  it('snapshots are independent copies', () => {
    const s = emptyLiveState();
    applyLiveEvent(s, { type: 'event', task_id: 'A', event: reply(0.001) });
    const snap = snapshotLiveState(s);
    applyLiveEvent(s, { type: 'event', task_id: 'A', event: reply(0.001) });
    expect(snap.events).toHaveLength(1);
    expect(snap.totals.replies).toBe(1);
  });
});
