/**
 * Ctrl-C mid-task (issue 21): a built-in agent on a WASM oracle makes only synchronous calls, so
 * without a yield the host's signal handler (here: a timer standing in for SIGINT) could not run
 * until the task ended. With Timers.yieldToHost the loop hands control back between calls, at most
 * every YIELD_EVERY_MS, and the episode stops within a few calls of the abort.
 */
import { describe, expect, it } from 'vitest';
import { EpisodeCancelledError, EpisodeLoop } from './loop.ts';
import { YIELD_EVERY_MS } from './episode-guard.ts';
import type { Timers } from '../llm/budget.ts';

/** A synchronous oracle call of `ms` milliseconds of CPU (as a WASM kernel on the main thread is). */
function busy(ms: number): number {
  const end = performance.now() + ms;
  let n = 0;
  while (performance.now() < end) n++;
  return n;
}

const hostTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  yieldToHost: () => new Promise<void>((resolve) => setImmediate(resolve)),
};

/** 150 calls of 10 ms (1.5 s of work in one task); the abort is due 100 ms in. Returns when the episode stopped and how many calls ran. */
async function runTask(timers: Timers | undefined): Promise<{ stoppedAfterMs: number; calls: number; error: unknown }> {
  const controller = new AbortController();
  const loop = new EpisodeLoop({ session: { respond: () => Promise.resolve({ text: '{}' }) }, clock: () => performance.now(), signal: controller.signal, ...(timers ? { timers } : {}) });
  const t0 = performance.now();
  setTimeout(() => controller.abort(), 100);
  let calls = 0;
  let error: unknown = null;
  try {
    for (let i = 0; i < 150; i++) {
      await loop.callOracle(() => Promise.resolve(busy(10)));
      calls++;
    }
  } catch (e) {
    error = e;
  } finally {
    loop.dispose();
  }
  return { stoppedAfterMs: performance.now() - t0, calls, error };
}

describe('an episode of synchronous oracle calls yields to the host', () => {
  it('stops within a second of the abort, mid-task, when the host gives yieldToHost', async () => {
    const r = await runTask(hostTimers);
    expect(r.error).toBeInstanceOf(EpisodeCancelledError);
    // Abort at 100 ms; the next yield comes at most YIELD_EVERY_MS (+ one 10 ms call) later.
    expect(r.stoppedAfterMs).toBeLessThan(1000);
    expect(r.calls).toBeLessThan(75);
    expect(YIELD_EVERY_MS).toBeLessThanOrEqual(100);
  });

  it('without it (fake timers, the page’s worker oracles) nothing changes: the loop never yields', async () => {
    const r = await runTask(undefined);
    // The timer could not fire while every call returned synchronously: all 150 ran.
    expect(r.calls).toBe(150);
    expect(r.error).toBeNull();
  });
});
