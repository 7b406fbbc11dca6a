import { describe, expect, it } from 'vitest';
import { boundsOf, boxOf } from './bounds.ts';
import { V } from './design-vector.ts';
import { DesignEvaluator } from './evaluator.ts';
import { bisectMonotone, frequencyRange, projectLength, projectTipMass, solveForFrequency } from './resonance.ts';
import { createRng } from '../../stats/rng.ts';

const ctx = {
  piezo: 'PZT-5A',
  substrate: 'brass',
  damping: 0.02,
  frequencyHz: 60,
  accelerationG: 0.5,
  limits: { max_stress_mpa: 50, max_disp_mm: 5, max_freq_error_pct: 5, min_power_uw: 1 },
};
const design = () => Float64Array.from([50, 20, 200, 300, 2, 40000]);
const box = boxOf(boundsOf([20, 10, 100, 150, 0, 5000], [90, 40, 400, 600, 10, 200000]));

describe('bisectMonotone', () => {
  it('finds the crossing of increasing and decreasing functions and rejects unbracketed targets', () => {
    expect(bisectMonotone((v) => v * v, 0, 4, 2)).toBeCloseTo(Math.SQRT2, 12);
    expect(bisectMonotone((v) => 10 - v, 0, 10, 3)).toBeCloseTo(7, 12);
    expect(bisectMonotone((v) => v, 0, 1, 2)).toBeNull();
  });
});

describe('resonance projection', () => {
  const ev = new DesignEvaluator(ctx);
  const fr = (x: Float64Array): number => ev.result(x).resonant_freq_hz;

  it('solves tip mass and length so the oracle resonance hits the target', () => {
    for (const target of [35, 48, 70]) {
      const a = design();
      projectTipMass(ev, a, target, 0, 10);
      expect(Math.abs(fr(a) / target - 1)).toBeLessThan(1e-9);
      const b = design();
      projectLength(ev, b, target, 20, 90);
      expect(Math.abs(fr(b) / target - 1)).toBeLessThan(1e-9);
    }
  });

  it('clamps to the bound when the target is out of reach', () => {
    const a = design();
    projectTipMass(ev, a, 5000, 0, 10); // would need negative mass
    expect(a[V.tipMass]).toBe(0);
    const b = design();
    projectLength(ev, b, 0.5, 20, 90); // would need a very long beam
    expect(b[V.length]).toBe(90);
  });

  it('agrees with oracle bisection (solveForFrequency)', () => {
    const analytic = design();
    projectLength(ev, analytic, 52, 20, 90);
    const bisected = solveForFrequency(ev, design(), V.length, 52, 20, 90);
    expect(bisected).not.toBeNull();
    expect(Math.abs((bisected as number) - (analytic[V.length] as number))).toBeLessThan(1e-6);
  });
});

describe('frequencyRange', () => {
  it('brackets the resonance of random designs in the box', () => {
    const ev = new DesignEvaluator(ctx);
    const range = frequencyRange(ev, box);
    expect(range.min_hz).toBeLessThan(range.max_hz);
    const rng = createRng(3);
    for (let i = 0; i < 2000; i++) {
      const x = Float64Array.from({ length: 6 }, (_, d) => (box.lo[d] as number) + rng.next() * ((box.hi[d] as number) - (box.lo[d] as number)));
      const f = ev.result(x).resonant_freq_hz;
      expect(f).toBeGreaterThanOrEqual(range.min_hz * (1 - 1e-12));
      expect(f).toBeLessThanOrEqual(range.max_hz * (1 + 1e-12));
    }
  });
});
