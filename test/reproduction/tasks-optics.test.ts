// The closed forms the PT-grating and Brewster graders compare with, checked by hand so a grader's
// reference is not itself the thing under test.
import { describe, expect, it } from 'vitest';
import { BREWSTER_DEG, BREWSTER_GAIN_UM, BREWSTER_SLOPE_PER_DEG, beamReference, fresnelRp } from '../../src/core/reproduction/tasks/brewster-differentiator.ts';
import { PT_PERIOD_NM, ptBackReflectance } from '../../src/core/reproduction/tasks/pt-bragg.ts';

describe('PT grating reference', () => {
  it('the Bragg period is λ/(2 n0) and R_back = (k0 Δn L)²', () => {
    expect(PT_PERIOD_NM).toBeCloseTo(1550 / 3, 12);
    // 40 periods: L = 20 666.7 nm, k0 Δn L = (2π/1550)·0.01·20 666.7 = 0.83776, squared 0.70184.
    expect(ptBackReflectance(40)).toBeCloseTo(0.70184, 4);
    expect(ptBackReflectance(20) / ptBackReflectance(10)).toBeCloseTo(4, 12);
  });
});

describe('Brewster differentiator reference', () => {
  it('r_p vanishes at atan(1.5) = 56.3099° and is (n2 − n1)/(n2 + n1) = 0.2 at normal incidence', () => {
    expect(BREWSTER_DEG).toBeCloseTo(56.30993, 4);
    expect(fresnelRp((BREWSTER_DEG * Math.PI) / 180)).toBeCloseTo(0, 12);
    expect(fresnelRp(0)).toBeCloseTo(0.2, 12);
  });

  it('the slope at θ_B is about −0.0105 per degree (r_p goes from + to −) and the gain is |r_p′|/k0', () => {
    expect(BREWSTER_SLOPE_PER_DEG).toBeLessThan(0);
    expect(BREWSTER_SLOPE_PER_DEG).toBeCloseTo(-0.0105, 3);
    expect(BREWSTER_GAIN_UM).toBeCloseTo((Math.abs(BREWSTER_SLOPE_PER_DEG) * 180) / Math.PI / ((2 * Math.PI) / 0.633), 12);
  });

  it('a beam reflected at θ_B correlates with dE/dx, better for wider beams; at 45° it does not', () => {
    const c = [5, 10, 20].map((w) => beamReference(w, BREWSTER_DEG).correlation);
    expect(c[0]).toBeGreaterThan(0.998);
    expect(c[1]).toBeGreaterThan(c[0] as number);
    expect(c[2]).toBeGreaterThan(c[1] as number);
    expect(beamReference(10, 45).correlation).toBeLessThan(0.1);
    expect(beamReference(20, BREWSTER_DEG).gain_um).toBeCloseTo(BREWSTER_GAIN_UM, 4);
  });
});
