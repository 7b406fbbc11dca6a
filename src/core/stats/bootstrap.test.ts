import { describe, expect, it } from 'vitest';
import { bootstrapInterval, pairedBootstrapDelta } from './bootstrap.ts';
import { mean } from './quantile.ts';

describe('bootstrapInterval', () => {
  it('collapses to the value on a constant sample', () => {
    const ci = bootstrapInterval([0.4, 0.4, 0.4, 0.4], (s) => mean(s), { seed: 1 });
    expect(ci).toEqual({ low: 0.4, high: 0.4 });
  });

  it('approximates the normal-theory interval of a Bernoulli mean', () => {
    // 30 ones in 100: SE = √(0.3·0.7/100) = 0.04583, so p̂ ± 1.96·SE = [0.2102, 0.3898].
    const items = Array.from({ length: 100 }, (_, i) => (i < 30 ? 1 : 0));
    const ci = bootstrapInterval(items, (s) => mean(s), { seed: 7 });
    expect(ci).not.toBeNull();
    expect(Math.abs((ci?.low ?? 0) - 0.2102)).toBeLessThan(0.02);
    expect(Math.abs((ci?.high ?? 0) - 0.3898)).toBeLessThan(0.02);
  });

  it('is deterministic for a seed and changes with the seed', () => {
    const items = [0.1, 0.5, 0.9, 0.3, 0.7, 0.2];
    const a = bootstrapInterval(items, (s) => mean(s), { seed: 42 });
    const b = bootstrapInterval(items, (s) => mean(s), { seed: 42 });
    const c = bootstrapInterval(items, (s) => mean(s), { seed: 43 });
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('drops resamples where the statistic is undefined, and is null when none is defined', () => {
    // Statistic defined only when the resample contains a 1: the interval is still [1, 1].
    const cond = (s: readonly number[]) => (s.includes(1) ? 1 : null);
    expect(bootstrapInterval([0, 1], cond, { seed: 3, resamples: 200 })).toEqual({ low: 1, high: 1 });
    expect(bootstrapInterval([0, 0], cond, { seed: 3, resamples: 200 })).toBeNull();
    expect(bootstrapInterval([], (s) => mean(s), { seed: 3 })).toBeNull();
  });
});

describe('pairedBootstrapDelta', () => {
  it('a constant per-task shift has a degenerate interval at the shift', () => {
    const b = [0.2, 0.5, 0.9, 0.1, 0.4];
    const a = b.map((x) => x + 0.1);
    const d = pairedBootstrapDelta(a, b, 11, 500);
    expect(d.delta).toBeCloseTo(0.1, 12);
    expect(d.ci_low).toBeCloseTo(0.1, 12);
    expect(d.ci_high).toBeCloseTo(0.1, 12);
  });

  it('pairing removes shared task difficulty that an unpaired bootstrap would keep', () => {
    // Task difficulty varies widely but a beats b by 0.05 or 0.15 on every task: the paired interval
    // must exclude 0 and lie inside [0.05, 0.15].
    const base = [0.05, 0.9, 0.3, 0.7, 0.1, 0.6, 0.2, 0.8, 0.4, 0.5];
    const a = base.map((x, i) => x + (i % 2 === 0 ? 0.05 : 0.15));
    const d = pairedBootstrapDelta(a, base, 5);
    expect(d.delta).toBeCloseTo(0.1, 12);
    expect(d.ci_low).toBeGreaterThanOrEqual(0.05);
    expect(d.ci_high).toBeLessThanOrEqual(0.15);
    expect(d.ci_low).toBeGreaterThan(0);
  });

  it('is deterministic and rejects misaligned input', () => {
    const a = [1, 0, 1, 1, 0, 1];
    const b = [0, 0, 1, 0, 0, 1];
    expect(pairedBootstrapDelta(a, b, 9)).toEqual(pairedBootstrapDelta(a, b, 9));
    expect(() => pairedBootstrapDelta([1], [1, 2], 9)).toThrow(RangeError);
    expect(() => pairedBootstrapDelta([], [], 9)).toThrow(RangeError);
  });
});
