import { describe, expect, it } from 'vitest';
import { InverseDesignProblemSchema } from './problem.ts';
import { estimateInverseDesign } from './estimate.ts';

/** A clock that advances 1 ms per reading, so every timed probe takes exactly 1 ms. */
function tickingClock(): () => number {
  let t = 0;
  return () => (t += 1);
}

describe('estimateInverseDesign', () => {
  it('scales a full factorisation and an optimiser iteration, both timed on a grid twice as coarse, by cells × bandwidth²', () => {
    const p = InverseDesignProblemSchema.parse({ kind: 'inverse_design', device: 'bend', iterations: 30 });
    const e = estimateInverseDesign(p, { now: tickingClock() });
    expect(e.unknowns).toBe(86 * 86);
    // Two probes of 1 ms each: the full factorisation with its two solves, and one iteration.
    expect(e.calibration.probe_ms).toBe(2);
    // Probe grid at 80 nm: 25 + 2 × (5 + 4) = 43 cells a side.
    const ratio = (86 * 86 * 86 ** 2) / (43 * 43 * 43 ** 2);
    // 30 iterations, 4 full factorisations and the exterior (36 of 86 slabs) once.
    const expectedMs = ratio * (4 + 36 / 86 + 30);
    expect(e.expected_seconds).toBeCloseTo(expectedMs / 1000, 12);
    expect(e.calibration.scale).toBeCloseTo(expectedMs / 2, 9);
    expect(e.calibration.probe).toMatch(/one optimiser iteration/);
    expect(e.memory_bytes).toBeGreaterThan(2 * 86 * 86 * 87 * 16);
    expect(e.advice.join(' ')).toMatch(/halving cell_nm costs about 16×/);
  });

  it('advises refining a coarse grid', () => {
    const p = InverseDesignProblemSchema.parse({ kind: 'inverse_design', device: 'splitter', cell_nm: 60, iterations: 5 });
    expect(estimateInverseDesign(p, { now: tickingClock() }).advice.join(' ')).toMatch(/cells per wavelength in the core/);
  });
});
