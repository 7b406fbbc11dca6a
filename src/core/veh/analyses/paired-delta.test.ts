import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from '../../stats/rng.ts';
import { quantileSorted } from '../../stats/quantile.ts';
import { pairedDeltaTable, pairedDeltas } from './paired-delta.ts';
import { bareRun, p3Outcome } from './test-runs.ts';

const find = (res: ReturnType<typeof pairedDeltas>['results'], key: string) => {
  const r = res.find((x) => x.key === key);
  if (!r) throw new Error(`no ${key}`);
  return r;
};

describe('paired deltas', () => {
  it('a constant per-task gain has a zero-width interval at the gain', () => {
    // Every task: summary run succeeds, raw run is stuck → each paired difference is exactly 1.
    const a = bareRun('ss', ['t0', 't1', 't2'].map((id) => p3Outcome(id, 'success', { summary: true })));
    const b = bareRun('raw', ['t0', 't1', 't2'].map((id) => p3Outcome(id, 'stuck')));
    const s = find(pairedDeltas(a, b, { seed: 1 }).results, 'p3_success');
    expect([s.a, s.b, s.delta, s.ci_low, s.ci_high, s.n]).toEqual([1, 0, 1, 1, 1, 3]);
  });

  it('two tasks with differences 1 and 0: Δ = 0.5 and the 95 % interval spans [0, 1]', () => {
    // A resample of 2 tasks has mean difference 0, 0.5 or 1 with probabilities ¼, ½, ¼, so with 2000
    // resamples the 2.5 % and 97.5 % quantiles are the extremes 0 and 1.
    const a = bareRun('a', [p3Outcome('t0', 'success'), p3Outcome('t1', 'success')]);
    const b = bareRun('b', [p3Outcome('t0', 'stuck'), p3Outcome('t1', 'success')]);
    const s = find(pairedDeltas(a, b, { seed: 42 }).results, 'p3_success');
    expect([s.delta, s.ci_low, s.ci_high]).toEqual([0.5, 0, 1]);
  });

  it('the interval is the paired bootstrap of App. E, reproduced from the seed by hand', () => {
    const outcomesA = ['success', 'success', 'stuck', 'success', 'cascade'] as const;
    const outcomesB = ['stuck', 'success', 'stuck', 'cascade', 'cascade'] as const;
    const a = bareRun('a', outcomesA.map((o, i) => p3Outcome(`t${i}`, o)));
    const b = bareRun('b', outcomesB.map((o, i) => p3Outcome(`t${i}`, o)));
    const s = find(pairedDeltas(a, b, { seed: 7, resamples: 500 }).results, 'p3_success');
    // Success differences per task: 1, 0, 0, 1, 0 → Δ = 0.4.
    const diffs = [1, 0, 0, 1, 0];
    const rng = createRng(deriveSeed(7, 'paired-delta', 'P3', 'p3_success'));
    const means: number[] = [];
    for (let r = 0; r < 500; r++) {
      let sum = 0;
      for (let i = 0; i < 5; i++) sum += diffs[rng.int(5)] as number;
      means.push(sum / 5);
    }
    means.sort((x, y) => x - y);
    expect(s.delta).toBeCloseTo(0.4, 12);
    expect(s.ci_low).toBe(quantileSorted(means, 0.025));
    expect(s.ci_high).toBe(quantileSorted(means, 0.975));
    expect(s.ci_low as number).toBeLessThanOrEqual(0.4);
    expect(s.ci_high as number).toBeGreaterThanOrEqual(0.4);
  });

  it('cascade is conditional on escape: 1 of 2 escaped cascades in B, 0 of 3 in A', () => {
    const a = bareRun('a', [p3Outcome('t0', 'success'), p3Outcome('t1', 'success'), p3Outcome('t2', 'success')]);
    const b = bareRun('b', [p3Outcome('t0', 'cascade'), p3Outcome('t1', 'success'), p3Outcome('t2', 'stuck')]);
    const c = find(pairedDeltas(a, b, { seed: 3 }).results, 'cascade_rate');
    expect([c.a, c.b, c.delta]).toEqual([0, 0.5, -0.5]);
  });

  it('pairs by task id, leaves unmatched rows out and traces every row to its runs and tasks', () => {
    const a = bareRun('a', [p3Outcome('t0', 'success'), p3Outcome('t1', 'stuck'), p3Outcome('only-a', 'success')]);
    const b = bareRun('b', [p3Outcome('t1', 'success'), p3Outcome('t0', 'stuck')]);
    const t = pairedDeltaTable(a, b, { seed: 1, resamples: 100 });
    const success = t.rows.find((r) => r.cells.metric === 'P3-Success');
    expect(success?.cells.n).toBe(2);
    expect(success?.cells.delta).toBe(0);
    expect(success?.provenance).toEqual({ run_ids: ['a', 'b'], task_ids: ['t0', 't1'] });
    expect(t.notes.join(' ')).toContain('1 task rows without a partner');
  });
});
