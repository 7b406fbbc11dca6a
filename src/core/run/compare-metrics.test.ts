import { describe, expect, it } from 'vitest';
import { diffMetrics } from './compare-metrics.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';

const m = (value: number): SuiteMetrics => ({ P4: { kendall_tau: { value, ci_low: 0, ci_high: 1, method: 'bootstrap', n: 5 } } });

describe('diffMetrics', () => {
  it('is empty for equal metrics and names the differing field otherwise', () => {
    expect(diffMetrics(m(0.5), m(0.5))).toEqual([]);
    expect(diffMetrics(m(0.5), m(0.25))).toEqual(['P4.kendall_tau.value: results.json 0.5 vs recomputed 0.25']);
  });

  it('names metrics present on one side only', () => {
    expect(diffMetrics(m(0.5), {})).toEqual(['P4.kendall_tau (missing from the recomputation)']);
    expect(diffMetrics({}, m(0.5))).toEqual(['P4.kendall_tau (not in results.json)']);
  });
});
