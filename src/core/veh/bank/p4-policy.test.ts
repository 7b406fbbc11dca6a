import { describe, expect, it } from 'vitest';
import { POLICIES } from '../task-schema.ts';
import { POLICY_WEIGHTS, policyScores, policyText } from './p4-policy.ts';

const pool = [
  { load_power_uw: 100, tip_stress_mpa: 40, tip_disp_mm: 1, piezo_volume_mm3: 200 },
  { load_power_uw: 50, tip_stress_mpa: 10, tip_disp_mm: 0.5, piezo_volume_mm3: 100 },
];

describe('P4 policies', () => {
  it('scores with the stated formula', () => {
    const [a, b] = policyScores('balanced', pool, 50, 5);
    expect(a).toBeCloseTo(0.4 * 1 + 0.25 * (1 - 0.8) + 0.2 * (1 - 0.2) - 0.15 * 1, 12);
    expect(b).toBeCloseTo(0.4 * 0.5 + 0.25 * (1 - 0.2) + 0.2 * (1 - 0.1) - 0.15 * 0.5, 12);
  });

  it('lets performance-first and reliability-first disagree on a power/stress trade-off', () => {
    const perf = policyScores('performance_first', pool, 50, 5);
    const rel = policyScores('reliability_first', pool, 50, 5);
    expect((perf[0] as number) > (perf[1] as number)).toBe(true);
    expect((rel[0] as number) < (rel[1] as number)).toBe(true);
  });

  it('states every weight and limit in the policy text', () => {
    for (const p of POLICIES) {
      const text = policyText(p, 42, 3);
      const w = POLICY_WEIGHTS[p];
      for (const v of [w.power, w.stressMargin, w.dispMargin, w.volumeCost]) expect(text).toContain(v.toFixed(2));
      expect(text).toContain('42 MPa');
      expect(text).toContain('3 mm');
    }
  });
});
