/** estimateDda: sizes it can count exactly, a time that follows the probe, and advice an agent can act on. */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import { estimateDda } from './estimate.ts';
import { DdaProblemSchema } from './problem.ts';

const ctx = { materials: literalResolver };
const sphere = (extra: Record<string, unknown> = {}) =>
  DdaProblemSchema.parse({ kind: 'dda', particle: { shape: 'sphere', radius_nm: 150 }, material: { n: 1.5, k: 0 }, wavelength_nm: 600, ...extra });

/** A fake clock that advances 10 ms per reading: the probe then "takes" 10 ms, whatever the machine. */
function fakeClock(): () => number {
  let t = 0;
  return () => (t += 10);
}

describe('estimateDda', () => {
  it('counts the unknowns and the FFT memory of the ADDA sphere exactly', () => {
    const e = estimateDda(sphere({ dipoles_across: 16 }), ctx, { now: fakeClock() });
    expect(e.kind).toBe('dda');
    expect(e.unknowns).toBe(3 * 2176);
    // 12 complex grids of 32³ points plus 6 vectors of 3·2176 complex values, 16 bytes each.
    expect(e.memory_bytes).toBe((12 * 32 ** 3 + 6 * 3 * 2176) * 16);
    expect(e.calibration.probe_ms).toBe(10);
    expect(e.expected_seconds).toBeGreaterThan(0.01);
    expect(e.advice.join('\n')).toMatch(/\|m\|kd = 0\.\d\d .*within the usual limit/);
  });

  it('costs an iteration as one product timed on the real grid, the count from the coarse probe', () => {
    // Fake clock: every timing reads 10 ms, so the estimate is the operator's construction (10 ms) and
    // a product per iteration plus one for the residual (10 ms each).
    const fine = estimateDda(sphere({ dipoles_across: 24 }), ctx, { now: fakeClock() });
    const iterations = Number(/(\d+) iterations\)/.exec(fine.calibration.probe)?.[1]);
    expect(iterations).toBeGreaterThan(0);
    expect(fine.expected_seconds).toBeCloseTo(((iterations + 2) * 10) / 1000, 9);
    // With the real clock, the 64³ grid of 24 dipoles across costs more than the 16³ grid of 8.
    const now = (): number => performance.now();
    expect(estimateDda(sphere({ dipoles_across: 24 }), ctx, { now }).expected_seconds).toBeGreaterThan(estimateDda(sphere({ dipoles_across: 8 }), ctx, { now }).expected_seconds);
  });

  it('advises more dipoles when |m|kd > 1 and warns of a refusal without building the lattice', () => {
    const coarse = estimateDda(sphere({ particle: { shape: 'sphere', radius_nm: 600 }, dipoles_across: 8, max_iterations: 20 }), ctx, { now: fakeClock() });
    expect(coarse.advice.join('\n')).toMatch(/too coarse — use dipoles_across ≥ \d+/);
    const huge = estimateDda(sphere({ dipoles_across: 120 }), ctx, { now: fakeClock() });
    expect(huge.advice.join('\n')).toMatch(/will be refused .*dipoles_across ≤ 32/);
    expect(huge.refused).toMatch(/will be refused .*dipoles_across ≤ 32/);
    expect(coarse.refused).toBeUndefined();
    // Extrapolated from the probe's filling fraction: within a few percent of (π/6)·120³.
    expect(huge.unknowns / 3 / ((Math.PI / 6) * 120 ** 3)).toBeCloseTo(1, 1);
  });
});
