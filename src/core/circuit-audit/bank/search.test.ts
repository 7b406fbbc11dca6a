/**
 * The generator's search against the RC window worked out by hand. With fc = 1/(2πRC) held inside
 * ±e, C ≥ Cmin = Cs(100/τ − 1) (stray shift ≤ τ %) and R ≥ Vin/Imax, the lowest-power feasible design
 * has the largest R, reached at C = Cmin and the lowest fc allowed, f(1 − e): R_max = 1/(2π f (1 − e) Cmin), so the BKF
 * power is Vin²/R_max.
 */
import { describe, expect, it } from 'vitest';
import { N8_SPACE } from './n8.ts';
import { searchSpace } from './search.ts';
import { scaleLimit } from './tune.ts';

describe('searchSpace', () => {
  it('finds the N.8 space BKF within 0.5 % of the hand-derived optimum', () => {
    // Cmin = 0.2 nF · (100/2 − 1) = 9.8 nF; R_max = 1/(2π · 1000 · 0.98 · 9.8e-9) = 16 571.6 Ω; P = 25/16 571.6 W = 1.50860 mW
    const out = searchSpace(N8_SPACE);
    expect(out.bkf).not.toBeNull();
    const p = out.bkf?.power_mw ?? 0;
    expect(p).toBeGreaterThanOrEqual(1.5086 * 0.9999);
    expect(p).toBeLessThan(1.5086 * 1.005);
    expect(out.bestMargin).toBeGreaterThan(0);
  });

  it('reports no feasible design once the current limit exceeds the window (Imax < Vin/R_max)', () => {
    // Vin/R_max = 5/16 571.6 = 0.3017 mA; a 0.29 mA limit (0.5 · 0.58) leaves no R
    const out = searchSpace({ ...N8_SPACE, limits: scaleLimit(N8_SPACE.limits, 'max_source_current_ma', 0.58) });
    expect(out.bkf).toBeNull();
    expect(out.bestMargin).toBeLessThan(0);
  });
});
