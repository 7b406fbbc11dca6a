import { describe, expect, it } from 'vitest';
import { RetryAbortedError, retryDelayMs, sleepWith, withRetries } from './retry.ts';
import { RetryPolicySchema } from './settings.ts';
import { constantRng, fakeError, manualTime, recordingSleep } from './test-fakes.ts';
import type { LlmRetryReport } from './call-record.ts';

const policy = RetryPolicySchema.parse({ max_retries: 4, base_delay_ms: 1000, max_delay_ms: 5000 });
const never = new AbortController().signal;

describe('retryDelayMs', () => {
  it('doubles from base_delay_ms, caps at max_delay_ms, and applies equal jitter from the RNG', () => {
    // u = 0: half the backoff; u → 1: the whole backoff (0.5 + 0.5u).
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(policy, n, null, constantRng(0)))).toEqual([500, 1000, 2000, 2500, 2500]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(policy, n, null, constantRng(0.5)))).toEqual([750, 1500, 3000, 3750, 3750]);
  });

  it('uses retry-after when asked to, capped at max_delay_ms, and ignores it otherwise', () => {
    expect(retryDelayMs(policy, 1, 2000, constantRng(0.9))).toBe(2000);
    expect(retryDelayMs(policy, 1, 120_000, constantRng(0.9))).toBe(5000);
    expect(retryDelayMs({ ...policy, respect_retry_after: false }, 1, 2000, constantRng(0))).toBe(500);
  });
});

describe('withRetries', () => {
  it('retries a 429 after its retry-after and reports the retry', async () => {
    const { sleep, waits } = recordingSleep();
    const reports: LlmRetryReport[] = [];
    let calls = 0;
    const out = await withRetries(
      (n) => {
        calls++;
        return n === 1 ? Promise.reject(fakeError('rate_limit', 429, 'slow down', 2000)) : Promise.resolve('ok');
      },
      { policy, rng: constantRng(0), sleep, signal: never, onRetry: (r) => reports.push(r) },
    );
    expect(out).toBe('ok');
    expect(calls).toBe(2);
    expect(waits).toEqual([2000]);
    expect(reports).toEqual([{ retry: 1, error_kind: 'rate_limit', status: 429, wait_ms: 2000, message: 'slow down' }]);
  });

  it('gives up after max_retries retries of a 5xx and rethrows the last error; waits follow the capped backoff', async () => {
    const { sleep, waits } = recordingSleep();
    let calls = 0;
    await expect(
      withRetries(
        () => {
          calls++;
          return Promise.reject(fakeError('server', 503, `down ${calls}`));
        },
        { policy, rng: constantRng(0), sleep, signal: never },
      ),
    ).rejects.toThrow('down 5');
    expect(calls).toBe(5);
    expect(waits).toEqual([500, 1000, 2000, 2500]);
  });

  it.each([
    ['auth', 401],
    ['not_found', 404],
    ['bad_request', 400],
    ['protocol', 200],
  ] as const)('does not retry %s (%i)', async (kind, status) => {
    const { sleep, waits } = recordingSleep();
    let calls = 0;
    const err = fakeError(kind, status, 'nope');
    await expect(withRetries(() => (calls++, Promise.reject(err)), { policy, rng: constantRng(0), sleep, signal: never })).rejects.toBe(err);
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it('retries network errors and timeouts', async () => {
    const { sleep } = recordingSleep();
    const errors = [fakeError('network', null, 'refused'), fakeError('timeout', null, 'slow')];
    const out = await withRetries((n) => (n <= 2 ? Promise.reject(errors[n - 1] as Error) : Promise.resolve(n)), { policy, rng: constantRng(0), sleep, signal: never });
    expect(out).toBe(3);
  });

  it('rethrows non-LlmError failures at once', async () => {
    const { sleep } = recordingSleep();
    await expect(withRetries(() => Promise.reject(new TypeError('bug')), { policy, rng: constantRng(0), sleep, signal: never })).rejects.toThrow('bug');
  });

  it('an abort during the backoff wait ends it at once', async () => {
    const time = manualTime();
    const controller = new AbortController();
    const p = withRetries(() => Promise.reject(fakeError('rate_limit', 429, 'busy', 60_000)), {
      policy,
      rng: constantRng(0),
      sleep: sleepWith(time.timers),
      signal: controller.signal,
      onRetry: () => queueMicrotask(() => controller.abort()),
    });
    await expect(p).rejects.toBeInstanceOf(RetryAbortedError);
    // The 5 s wait was cleared, not left pending.
    expect(time.pendingCount()).toBe(0);
  });
});

describe('sleepWith', () => {
  it('resolves when the injected timer fires, not before', async () => {
    const time = manualTime();
    let done = false;
    const p = sleepWith(time.timers)(1000, never).then(() => (done = true));
    time.advance(999);
    await Promise.resolve();
    expect(done).toBe(false);
    time.advance(1);
    await p;
    expect(done).toBe(true);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const c = new AbortController();
    c.abort();
    await expect(sleepWith(manualTime().timers)(1000, c.signal)).rejects.toBeInstanceOf(RetryAbortedError);
  });
});
