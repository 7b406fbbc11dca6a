/**
 * Pure summaries of one transcript for the transcript view: token totals, event counts, a safe
 * download name, durations, and timing and cost per turn. Kept out of the components so they are testable without a DOM.
 */
import type { TranscriptEvent } from '../../core/veh/protocol/events.ts';
import type { Transcript } from '../../core/veh/run/transcript.ts';
import { formatNumber } from '../format.ts';

export interface TokenTotals {
  input: number;
  output: number;
  /** Replies that reported usage; scripted agents report none, so the header then omits tokens. */
  replies: number;
}

export function tokenTotals(events: readonly TranscriptEvent[]): TokenTotals | null {
  const totals: TokenTotals = { input: 0, output: 0, replies: 0 };
  for (const e of events) {
    if (e.type !== 'reply' || !e.usage) continue;
    totals.input += e.usage.input_tokens;
    totals.output += e.usage.output_tokens;
    totals.replies += 1;
  }
  return totals.replies > 0 ? totals : null;
}

export interface EventCounts {
  replies: number;
  agentQueries: number;
  harnessCalls: number;
  retries: number;
  parseFailures: number;
  invalidActions: number;
}

export function eventCounts(events: readonly TranscriptEvent[]): EventCounts {
  const c: EventCounts = { replies: 0, agentQueries: 0, harnessCalls: 0, retries: 0, parseFailures: 0, invalidActions: 0 };
  for (const e of events) {
    if (e.type === 'reply') c.replies += 1;
    else if (e.type === 'oracle_call') {
      if (e.purpose === 'agent') c.agentQueries += 1;
      else c.harnessCalls += 1;
    } else if (e.type === 'retry') c.retries += 1;
    else if (e.type === 'parse_failure') c.parseFailures += 1;
    else if (e.type === 'action' && !e.protocol_valid) c.invalidActions += 1;
  }
  return c;
}

/** Task ids come from the bank (or a loaded file): keep the file name to safe characters. */
export function transcriptFilename(transcript: Pick<Transcript, 'task' | 'agent'>): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '').slice(0, 80);
  return `vehbench-transcript-${safe(transcript.task.task_id)}-${safe(transcript.agent.id)}.json`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  return ms >= 1000 ? `${formatNumber(ms / 1000)} s` : `${formatNumber(Math.round(ms))} ms`;
}

/**
 * Timing and cost per agent turn: each reply (retries included, as their own turn) with how long the
 * agent took, the oracle time its action spent, its tokens and its cost, and what the protocol made
 * of it.
 */
export interface TurnTiming {
  /** 1-based position among the episode's replies. */
  turn: number;
  /** 0 for the first answer to a prompt, 1+ for the harness's corrective retries. */
  attempt: number;
  /** When the reply arrived, ms since the episode started. */
  atMs: number;
  replyMs: number;
  /** Agent-purpose oracle calls made for this turn's action. */
  oracleMs: number;
  oracleCalls: number;
  inputTokens: number | null;
  outputTokens: number | null;
  /** undefined: the agent reports no cost (built-in agents); null: the model's price is unknown. */
  costUsd: number | null | undefined;
  /** The protocol step this reply became, once an action event follows it. */
  step: number | null;
  action: string | null;
  valid: boolean | null;
}

export function turnTimings(events: readonly TranscriptEvent[]): TurnTiming[] {
  const turns: TurnTiming[] = [];
  for (const e of events) {
    const last = turns[turns.length - 1];
    if (e.type === 'reply') {
      turns.push({
        turn: turns.length + 1,
        attempt: e.attempt,
        atMs: e.t_ms,
        replyMs: e.duration_ms,
        oracleMs: 0,
        oracleCalls: 0,
        inputTokens: e.usage?.input_tokens ?? null,
        outputTokens: e.usage?.output_tokens ?? null,
        costUsd: e.cost_usd,
        step: null,
        action: null,
        valid: null,
      });
    } else if (e.type === 'action' && last !== undefined && last.step === null) {
      last.step = e.step;
      last.action = e.action;
      last.valid = e.protocol_valid;
    } else if (e.type === 'oracle_call' && e.purpose === 'agent' && last !== undefined) {
      last.oracleMs += e.duration_ms;
      last.oracleCalls += 1;
    }
  }
  return turns;
}

export interface TurnTotals {
  replyMs: number;
  oracleMs: number;
  /** Sum over priced turns; null when no turn carries a cost. */
  costUsd: number | null;
  /** Turns whose price is unknown (cost_usd null). */
  unpriced: number;
}

export function turnTotals(turns: readonly TurnTiming[]): TurnTotals {
  let replyMs = 0;
  let oracleMs = 0;
  let cost: number | null = null;
  let unpriced = 0;
  for (const t of turns) {
    replyMs += t.replyMs;
    oracleMs += t.oracleMs;
    if (t.costUsd === null) unpriced++;
    else if (t.costUsd !== undefined) cost = (cost ?? 0) + t.costUsd;
  }
  return { replyMs, oracleMs, costUsd: cost, unpriced };
}
