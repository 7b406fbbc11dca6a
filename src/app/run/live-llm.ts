/**
 * What the run page shows while an LLM run is in flight, folded from the engine's live events
 * (RunOptions.onLive): the task in progress with its events so far, the text the model is
 * streaming right now, and running totals of tokens and cost over every reply of the run. Pure, so
 * the page keeps one mutable instance and renders copies at its own pace.
 */
import { isEvent, type EventCore } from '../../core/agent/events.ts';
import type { LiveEvent } from '../../core/run/types.ts';
import { addReplyEvent, emptyUsage, type UsageTotals } from '../../core/run/usage.ts';

/**
 * The run's usage so far, summed like the transcripts' (addReplyEvent): priced_cost_usd sums the
 * replies with a known price; while any reply's price is unknown the run's cost is unknown.
 */
export interface LiveTotals extends UsageTotals {
  /** HTTP retries (429, 5xx, network, timeout) so far. */
  http_retries: number;
}

export interface LiveLlmState {
  taskId: string | null;
  /** The current task's events, in order. */
  events: EventCore[];
  /** Text streamed for the reply in flight; cleared when the reply event lands or the attempt is retried. */
  streaming: string;
  totals: LiveTotals;
}

export function emptyLiveState(): LiveLlmState {
  return {
    taskId: null,
    events: [],
    streaming: '',
    totals: { ...emptyUsage(), http_retries: 0 },
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
  if (isEvent('reply')(ev)) {
    state.streaming = '';
    addReplyEvent(state.totals, ev);
  } else if (isEvent('llm_retry')(ev)) {
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
