/**
 * Per-episode budgets of an LLM run (issue 3): a soft stop ends the episode with status
 * `budget_exceeded`, an `end` event naming the limit, and everything done so far kept.
 *
 * - max_turns counts agent replies, the parse-retry replies included (each is a paid request).
 *   It is checked before each request: the episode stops instead of sending reply max_turns + 1.
 * - max_cost_usd is checked before each request against the summed cost of the replies so far.
 *   A reply whose price is unknown (cost null) adds nothing, so an unknown price never trips this
 *   limit; the run manifest warns when a cost budget was set and some call had no price.
 * - timeout_s is the episode's wall clock (injected clock and timers). When it passes, the request
 *   or oracle call in flight is aborted at once and the episode ends.
 */
import { z } from 'zod';

export const EpisodeBudgetSchema = z.strictObject({
  max_turns: z.number().int().positive().optional(),
  max_cost_usd: z.number().positive().optional(),
  timeout_s: z.number().positive().optional(),
});
export type EpisodeBudget = z.infer<typeof EpisodeBudgetSchema>;

export const BudgetLimitSchema = z.enum(['max_turns', 'max_cost_usd', 'timeout_s']);
export type BudgetLimit = z.infer<typeof BudgetLimitSchema>;

/** Thrown inside an episode when a budget limit stops it; the run engine turns it into the `end` event. */
export class BudgetExceededError extends Error {
  readonly limit: BudgetLimit;
  /** The configured limit (turns, USD or seconds). */
  readonly limitValue: number;
  /** What had been used when the stop happened (turns, USD, seconds). */
  readonly used: number;
  constructor(limit: BudgetLimit, limitValue: number, used: number) {
    super(describeBudgetStop(limit, limitValue, used));
    this.name = 'BudgetExceededError';
    this.limit = limit;
    this.limitValue = limitValue;
    this.used = used;
  }
}

export function describeBudgetStop(limit: BudgetLimit, limitValue: number, used: number): string {
  switch (limit) {
    case 'max_turns':
      return `turn budget reached: ${used} of max ${limitValue} agent replies used`;
    case 'max_cost_usd':
      return `cost budget reached: $${used.toFixed(6)} spent of max $${limitValue}`;
    case 'timeout_s':
      return `episode timeout: ${used.toFixed(1)} s elapsed of max ${limitValue} s`;
  }
}

export function describeBudget(b: EpisodeBudget): string {
  const parts = [
    b.max_turns !== undefined ? `max ${b.max_turns} agent replies (parse retries included)` : null,
    b.max_cost_usd !== undefined ? `max $${b.max_cost_usd} per task (unknown prices count as 0 here)` : null,
    b.timeout_s !== undefined ? `max ${b.timeout_s} s wall clock per task` : null,
  ].filter((x): x is string => x !== null);
  return parts.length ? parts.join('; ') : 'no per-task budget';
}

/** Opaque handle of an injected timer. */
export type TimerHandle = unknown;

/** Injected timers (core has no ambient time): the page and the CLI pass the global ones, tests a fake. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /**
   * Hands control to the host's event loop for a moment (Node: setImmediate), so a Ctrl-C is seen
   * while a task runs oracle calls that each return synchronously (WASM on the main thread). The
   * episode guard calls it between calls, at most every few tens of ms. Absent (fake timers): never.
   */
  yieldToHost?(): Promise<void>;
}
