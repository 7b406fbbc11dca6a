/**
 * The page's timers, for what core takes injected: episode timeouts, retry backoff waits, the
 * connection test's deadline and durations. One place, so every page feature waits the same way.
 */
import type { Timers } from '../../core/llm/budget.ts';
import { sleepWith, type Sleep } from '../../core/llm/retry.ts';

export const PAGE_TIMERS: Timers & { now: () => number } = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  now: () => performance.now(),
};

/** Abortable sleep on the page's timers (HTTP retry backoff). */
export const pageSleep: Sleep = sleepWith(PAGE_TIMERS);
