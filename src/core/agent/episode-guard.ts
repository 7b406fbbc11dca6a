/**
 * Cancel and budget enforcement of one episode, shared by the VEH EpisodeLoop and the free
 * tool-use loop (src/core/llm/tool-loop.ts). It owns the episode's AbortSignal — the run's signal
 * plus the episode timeout — which every model request and oracle/tool call gets, so Cancel and
 * the timeout reach a request in flight at once. Before each request it checks the wall clock,
 * max_turns (replies so far) and max_cost_usd (summed known cost); see src/core/llm/budget.ts.
 */
import type { Clock } from './types.ts';
import { BudgetExceededError, type EpisodeBudget, type TimerHandle, type Timers } from '../llm/budget.ts';

export class EpisodeCancelledError extends Error {
  constructor() {
    super('episode cancelled');
    this.name = 'AbortError';
  }
}

export interface EpisodeGuardOptions {
  /** The run's signal: aborting it cancels the episode. */
  signal: AbortSignal;
  clock: Clock;
  startedMs: number;
  budget?: EpisodeBudget;
  /** Required when budget.timeout_s is set (core has no ambient timers). */
  timers?: Timers;
}

/**
 * How often (episode clock) an episode hands control back to the host between calls: often enough
 * that Ctrl-C stops a built-in agent's task within a second, rarely enough to cost nothing.
 */
export const YIELD_EVERY_MS = 50;

export class EpisodeGuard {
  /** Agent replies so far (parse retries included): what max_turns counts. */
  replies = 0;
  /** Summed cost of the replies with a known price (USD). */
  costUsd = 0;
  /** Replies whose cost was null (unknown price): they add nothing to costUsd. */
  unknownCostReplies = 0;
  private readonly o: EpisodeGuardOptions;
  private readonly episode = new AbortController();
  private timedOut = false;
  private timer: TimerHandle | null = null;
  private lastYieldMs: number;
  private readonly onRunAbort = (): void => this.episode.abort();

  constructor(o: EpisodeGuardOptions) {
    this.o = o;
    this.lastYieldMs = o.startedMs;
    if (o.signal.aborted) this.episode.abort();
    else o.signal.addEventListener('abort', this.onRunAbort, { once: true });
    const timeout = o.budget?.timeout_s;
    if (timeout !== undefined) {
      if (!o.timers) throw new Error('budget.timeout_s needs injected timers');
      this.timer = o.timers.setTimeout(() => {
        this.timedOut = true;
        this.episode.abort();
      }, timeout * 1000);
    }
  }

  /** The run's cancel plus the episode timeout. */
  get signal(): AbortSignal {
    return this.episode.signal;
  }

  get budget(): EpisodeBudget | undefined {
    return this.o.budget;
  }

  /** Clears the timer and the listener on the run's signal; call once the episode is over. */
  dispose(): void {
    if (this.timer !== null) this.o.timers?.clearTimeout(this.timer);
    this.timer = null;
    this.o.signal.removeEventListener('abort', this.onRunAbort);
  }

  /** Counts one reply and its cost (undefined: an agent without prices, e.g. a scripted one). */
  countReply(cost: number | null | undefined): void {
    this.replies++;
    if (typeof cost === 'number') this.costUsd += cost;
    else if (cost === null) this.unknownCostReplies++;
  }

  private elapsedMs(): number {
    return this.o.clock() - this.o.startedMs;
  }

  private timeoutError(): BudgetExceededError {
    const limit = this.o.budget?.timeout_s ?? 0;
    return new BudgetExceededError('timeout_s', limit, Math.max(limit, this.elapsedMs() / 1000));
  }

  /**
   * Between two calls of an episode: hands control to the host (Timers.yieldToHost, when given) if
   * YIELD_EVERY_MS have passed since the last time, so the host sees a Ctrl-C even when every call
   * returns synchronously; then throws if the episode was stopped meanwhile.
   */
  async yieldToHost(): Promise<void> {
    const yieldNow = this.o.timers?.yieldToHost;
    if (yieldNow && this.o.clock() - this.lastYieldMs >= YIELD_EVERY_MS) {
      await yieldNow.call(this.o.timers);
      this.lastYieldMs = this.o.clock();
    }
    this.throwIfStopped();
  }

  /** Throws when the run was cancelled or the episode's wall clock has run out. */
  throwIfStopped(): void {
    if (this.o.signal.aborted) throw new EpisodeCancelledError();
    const timeout = this.o.budget?.timeout_s;
    if (this.timedOut || (timeout !== undefined && this.elapsedMs() >= timeout * 1000)) throw this.timeoutError();
  }

  /** The soft stops checked before each model request: wall clock, turns, cost. */
  throwIfBudgetSpent(maxTurnsFallback?: number): void {
    this.throwIfStopped();
    const b = this.o.budget;
    const maxTurns = b?.max_turns ?? maxTurnsFallback;
    if (maxTurns !== undefined && this.replies >= maxTurns) throw new BudgetExceededError('max_turns', maxTurns, this.replies);
    if (b?.max_cost_usd !== undefined && this.costUsd >= b.max_cost_usd) throw new BudgetExceededError('max_cost_usd', b.max_cost_usd, this.costUsd);
  }

  /** Why an awaited call was interrupted: cancel, timeout, or (null) its own failure. */
  interruption(e: unknown): Error | null {
    if (this.o.signal.aborted) return new EpisodeCancelledError();
    if (this.timedOut) return this.timeoutError();
    return e instanceof EpisodeCancelledError ? e : null;
  }
}
