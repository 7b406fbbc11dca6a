/**
 * HTTP-level retries of one model request: exponential backoff with jitter on LlmError.retryable
 * (429, 5xx, network, timeout), honouring retry-after (capped at the policy's max_delay_ms).
 * Time is injected: `sleep(ms, signal)` waits and rejects at once when the signal aborts, so a
 * cancel or an episode timeout never sits out a backoff. Each retry is reported (attempt, kind,
 * status, wait) so it lands in the transcript. This is not the suite's parse-retry policy
 * (EpisodeLoop), which asks again after a reply that could not be used.
 */
import type { Rng } from '../agent/types.ts';
import type { LlmRetryReport } from './call-record.ts';
import type { Timers } from './budget.ts';
import type { RetryPolicy } from './settings.ts';
import { LlmError } from './types.ts';

/** Waits `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export class RetryAbortedError extends Error {
  constructor() {
    super('request cancelled');
    this.name = 'AbortError';
  }
}

/** A Sleep on injected timers (the page and the CLI pass the global setTimeout/clearTimeout). */
export function sleepWith(timers: Timers): Sleep {
  return (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) {
        reject(new RetryAbortedError());
        return;
      }
      const onAbort = (): void => {
        timers.clearTimeout(handle);
        reject(new RetryAbortedError());
      };
      const handle = timers.setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
}

/**
 * Wait before retry number `retry` (1-based). With a usable retry-after it is that value, capped at
 * max_delay_ms; otherwise min(max_delay_ms, base_delay_ms · 2^(retry−1)) · (0.5 + 0.5·u), u ~ U[0,1)
 * from the seeded RNG ("equal jitter": never under half the backoff, so bursts still spread out).
 */
export function retryDelayMs(policy: RetryPolicy, retry: number, retryAfterMs: number | null, rng: Rng): number {
  if (policy.respect_retry_after && retryAfterMs !== null && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) {
    return Math.min(retryAfterMs, policy.max_delay_ms);
  }
  const backoff = Math.min(policy.max_delay_ms, policy.base_delay_ms * 2 ** (retry - 1));
  return backoff * (0.5 + 0.5 * rng.next());
}

export interface RetryOptions {
  policy: RetryPolicy;
  rng: Rng;
  sleep: Sleep;
  signal: AbortSignal;
  /** Called before each wait, after the failed attempt. */
  onRetry?: (report: LlmRetryReport, error: LlmError) => void;
}

/**
 * Runs `attempt(n)` (n = 1, 2, …) until it resolves, a non-retryable error occurs, or
 * policy.max_retries retries have failed; the last error is rethrown. Errors that are not LlmError
 * (a bug, an abort) are rethrown at once.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, opts: RetryOptions): Promise<T> {
  for (let n = 1; ; n++) {
    if (opts.signal.aborted) throw new RetryAbortedError();
    try {
      return await attempt(n);
    } catch (e) {
      if (opts.signal.aborted) throw new RetryAbortedError();
      if (!(e instanceof LlmError) || !e.retryable || n > opts.policy.max_retries) throw e;
      const wait = retryDelayMs(opts.policy, n, e.retryAfterMs, opts.rng);
      opts.onRetry?.({ retry: n, error_kind: e.kind, status: e.status, wait_ms: wait, message: e.message }, e);
      await opts.sleep(wait, opts.signal);
    }
  }
}
