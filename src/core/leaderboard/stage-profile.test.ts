import { describe, expect, it } from 'vitest';
import type { MetricValue } from '../veh/rows.ts';
import { stageProfile } from './stage-profile.ts';
import { normaliseVehHeadline as normaliseHeadline } from '../veh/scoring/index.ts';
import { vehSuite } from '../veh/suite.ts';

const mv = (value: number): MetricValue => ({ value, ci_low: null, ci_high: null, method: 'none', n: 1 });

describe('stage profile', () => {
  it('maps τ from [−1, 1] to [0, 1] and clips a power ratio above the BKF', () => {
    expect(normaliseHeadline('P4', -1)).toBe(0);
    expect(normaliseHeadline('P4', 0)).toBe(0.5);
    expect(normaliseHeadline('P4', 1)).toBe(1);
    expect(normaliseHeadline('P2', 1.2)).toBe(1);
    expect(normaliseHeadline('P1', 0.37)).toBe(0.37);
  });

  it('gives all four stages in order, null where the run has no rows', () => {
    const p = stageProfile(vehSuite, { P1: { p1_composite: mv(0.6) }, P4: { kendall_tau: mv(0.2) } });
    expect(p.map((s) => [s.group, s.raw, s.normalised])).toEqual([
      ['P1', 0.6, 0.6],
      ['P2', null, null],
      ['P3', null, null],
      ['P4', 0.2, 0.6],
    ]);
  });
});
