/**
 * Token usage and cost, summed from transcripts alone (so `score DIR` and the page can recompute
 * them): per task and per run. A reply's cost is null when its model's price is unknown; any such
 * reply makes the task's (and the run's) total cost null — an unknown is never summed as 0 — while
 * `priced_cost_usd` still shows the part that is known. Built-in agents' replies carry no cost
 * field and cost nothing.
 */
import { z } from 'zod';
import { isEvent, type ReplyEvent } from '../agent/events.ts';
import type { TranscriptCore } from './transcript-core.ts';

export const UsageTotalsSchema = z.strictObject({
  /** Agent replies (parse retries included). */
  replies: z.number().int(),
  /** HTTP attempts to the model (retried and failed ones included). */
  http_calls: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cached_input_tokens: z.number().int(),
  reasoning_tokens: z.number().int(),
  /** Replies that reported no token usage. */
  replies_without_usage: z.number().int(),
  /** Replies whose price is unknown (cost null). */
  unknown_price_replies: z.number().int(),
  /** Sum of the known costs (USD). */
  priced_cost_usd: z.number(),
  /** Total cost (USD); null when any reply's price was unknown. */
  cost_usd: z.number().nullable(),
});
export type UsageTotals = z.infer<typeof UsageTotalsSchema>;

export const TaskUsageSchema = z.strictObject({ task_id: z.string(), ...UsageTotalsSchema.shape });
export type TaskUsage = z.infer<typeof TaskUsageSchema>;

export function emptyUsage(): UsageTotals {
  return {
    replies: 0,
    http_calls: 0,
    input_tokens: 0,
    output_tokens: 0,
    cached_input_tokens: 0,
    reasoning_tokens: 0,
    replies_without_usage: 0,
    unknown_price_replies: 0,
    priced_cost_usd: 0,
    cost_usd: 0,
  };
}

export function addUsage(a: UsageTotals, b: UsageTotals): UsageTotals {
  return {
    replies: a.replies + b.replies,
    http_calls: a.http_calls + b.http_calls,
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cached_input_tokens: a.cached_input_tokens + b.cached_input_tokens,
    reasoning_tokens: a.reasoning_tokens + b.reasoning_tokens,
    replies_without_usage: a.replies_without_usage + b.replies_without_usage,
    unknown_price_replies: a.unknown_price_replies + b.unknown_price_replies,
    priced_cost_usd: a.priced_cost_usd + b.priced_cost_usd,
    cost_usd: a.cost_usd === null || b.cost_usd === null ? null : a.cost_usd + b.cost_usd,
  };
}

/**
 * Adds one reply event to `totals` in place: the reply, its HTTP attempts, its tokens and its cost
 * (a null cost makes the total null; the known part stays in priced_cost_usd). The one place usage
 * is summed: transcripts, the tool loop and the page's live totals all go through it.
 */
export function addReplyEvent(totals: UsageTotals, e: Pick<ReplyEvent, 'usage' | 'cost_usd' | 'llm'>): void {
  totals.replies++;
  totals.http_calls += e.llm?.calls.length ?? 0;
  if (e.usage) {
    totals.input_tokens += e.usage.input_tokens;
    totals.output_tokens += e.usage.output_tokens;
    totals.cached_input_tokens += e.usage.cached_input_tokens ?? 0;
    totals.reasoning_tokens += e.usage.reasoning_tokens ?? 0;
  } else {
    totals.replies_without_usage++;
  }
  if (e.cost_usd === null) {
    totals.unknown_price_replies++;
    totals.cost_usd = null;
  } else if (e.cost_usd !== undefined) {
    totals.priced_cost_usd += e.cost_usd;
    if (totals.cost_usd !== null) totals.cost_usd += e.cost_usd;
  }
}

export function taskUsage(t: Pick<TranscriptCore, 'task' | 'events'>): TaskUsage {
  const u = emptyUsage();
  for (const e of t.events) {
    // Attempts that got no reply: a request that failed for good (error), one a budget stop cut short (end).
    if ((isEvent('error')(e) || isEvent('end')(e)) && e.llm_calls) u.http_calls += e.llm_calls.length;
    if (isEvent('reply')(e)) addReplyEvent(u, e);
  }
  return { task_id: t.task.task_id, ...u };
}

export function runUsage(transcripts: readonly Pick<TranscriptCore, 'task' | 'events'>[]): UsageTotals {
  return transcripts.reduce<UsageTotals>((acc, t) => {
    const { task_id: _id, ...u } = taskUsage(t);
    return addUsage(acc, u);
  }, emptyUsage());
}

/**
 * Money as the page, the CLI and results.md show it. An unknown cost is the words "unknown price",
 * never "$0": a model missing from the price table is not free. Sub-cent costs (the norm for one
 * request, and for cheap runs) keep 2 significant digits instead of rounding to $0.0000.
 */
export function formatUsd(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return 'unknown price';
  if (usd === 0) return '$0';
  if (usd < 0.01) return `$${usd.toPrecision(2)}`;
  return `$${usd.toFixed(usd < 100 ? 4 : 2)}`;
}

/** "$0.0123", "$0.0123 + unknown (2 replies unpriced)", or "unknown (no price for this model)". */
export function formatCost(u: Pick<UsageTotals, 'cost_usd' | 'priced_cost_usd' | 'unknown_price_replies'>): string {
  if (u.cost_usd !== null) return formatUsd(u.cost_usd);
  if (u.priced_cost_usd > 0) return `${formatUsd(u.priced_cost_usd)} + unknown (${u.unknown_price_replies} replies unpriced)`;
  return 'unknown (no price for this model)';
}
