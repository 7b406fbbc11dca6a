/**
 * What the run page shows while an LLM run is in flight, folded from the engine's live events
 * (RunOptions.onLive): the task in progress with its events so far, the text the model is
 * streaming right now, and running totals of tokens and cost over every reply of the run. Pure, so
 * the page keeps one mutable instance and renders copies at its own pace.
 */
import type { TranscriptEvent } from '../../core/agent/events.ts';
import type { LiveEvent } from '../../core/run/types.ts';

export interface LiveTotals {
  replies: number;
  input_tokens: number;
  output_tokens: number;
  /** Sum of the replies with a known price. */
  priced_cost_usd: number;
  /** Replies whose price is unknown: while any exist the run's cost is unknown, not the priced sum. */
  unknown_price_replies: number;
  /** HTTP retries (429, 5xx, network, timeout) so far. */
  http_retries: number;
}

export interface LiveLlmState {
  taskId: string | null;
  /** The current task's events, in order. */
  events: TranscriptEvent[];
  /** Text streamed for the reply in flight; cleared when the reply event lands or the attempt is retried. */
  streaming: string;
  totals: LiveTotals;
}

export function emptyLiveState(): LiveLlmState {
  return {
    taskId: null,
    events: [],
    streaming: '',
    totals: { replies: 0, input_tokens: 0, output_tokens: 0, priced_cost_usd: 0, unknown_price_replies: 0, http_retries: 0 },
  };
}

/** Applies one live event in place (the state is the page's private accumulator). */
export function applyLiveEvent(state: LiveLlmState, e: LiveEvent): void {
  if (e.task_id !== state.taskId) {
    state.taskId = e.task_id;
    state.events = [];
    state.streaming = '';
  }
  if (e.type === 'delta') {
    state.streaming += e.text;
    return;
  }
  const ev = e.event;
  state.events.push(ev);
  if (ev.type === 'reply') {
    state.streaming = '';
    const t = state.totals;
    t.replies++;
    if (ev.usage) {
      t.input_tokens += ev.usage.input_tokens;
      t.output_tokens += ev.usage.output_tokens;
    }
    if (ev.cost_usd === null) t.unknown_price_replies++;
    else if (ev.cost_usd !== undefined) t.priced_cost_usd += ev.cost_usd;
  } else if (ev.type === 'llm_retry') {
    // The failed attempt's partial text is not part of the answer that will come.
    state.streaming = '';
    state.totals.http_retries++;
  }
}

/** The run's cost so far: null (unknown) as soon as one reply had no price. */
export function liveCost(t: LiveTotals): number | null {
  return t.unknown_price_replies > 0 ? null : t.priced_cost_usd;
}

/** A render copy: new arrays and objects, so React sees the change. */
export function snapshotLiveState(s: LiveLlmState): LiveLlmState {
  return { taskId: s.taskId, events: s.events.slice(), streaming: s.streaming, totals: { ...s.totals } };
}
