/**
 * Pure summaries of one transcript for the transcript view: token totals, event counts, a safe
 * download name and durations. Kept out of the components so they are testable without a DOM.
 */
import type { TranscriptEvent } from '../../core/agent/events.ts';
import type { Transcript } from '../../core/run/transcript.ts';
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
