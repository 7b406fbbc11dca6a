import { describe, expect, it } from 'vitest';
import { solvePhotonics } from '../solve.ts';
import { literalResolver } from '../literal-resolver.ts';
import type { SolveProgress } from '../progress.ts';
import type { BandsSolveResult } from './solve.ts';
import { estimatePhotonics } from '../estimate.ts';
import { parsePhotonicsProblem } from '../solve.ts';

const rods = { kind: 'bands', lattice: 'square', background_epsilon: 1, shapes: [{ shape: 'circle', radius_a: 0.2, epsilon: 12 }], polarization: 'TM', plane_waves_per_axis: 11, k_points_per_segment: 2, bands: 3 };

describe('bands problem: fft and dense methods', () => {
  it('auto picks dense below 21 plane waves per axis and fft from 21 on', () => {
    const small = solvePhotonics({ ...rods, convergence_check: false }, { materials: literalResolver }) as BandsSolveResult;
    expect(small.method).toBe('dense');
    const large = solvePhotonics({ ...rods, plane_waves_per_axis: 21, k_points_per_segment: 1, bands: 2, convergence_check: false }, { materials: literalResolver }) as BandsSolveResult;
    expect(large.method).toBe('fft');
  });

  it('the fft method states itself and its ε rule, and reports every k-point of every solve', () => {
    const events: SolveProgress[] = [];
    const r = solvePhotonics({ ...rods, method: 'fft' }, { materials: literalResolver, onProgress: (p) => events.push(p) }) as BandsSolveResult;
    expect(r.method).toBe('fft');
    expect(r.conventions.method).toMatch(/FFT/);
    expect(r.conventions.epsilon_rule).toMatch(/subpixel/);
    expect(r.eigensolver?.grid).toBe(11);
    expect(r.eigensolver?.max_residual).toBeLessThanOrEqual(r.eigensolver!.tolerance);
    // 7 k-points, solved at P = 11 and again at P = 7 for the convergence check.
    expect(events.at(-1)).toEqual({ stage: 'k-point', done: 14, total: 14 });
    expect(events.every((e) => e.stage === 'k-point')).toBe(true);
    expect(r.gaps[0]!.lower_band).toBe(1);
  });

  it('the dense method keeps the Ho solver, its conventions and the off-centre warning', () => {
    const shifted = { ...rods, method: 'dense', convergence_check: false, shapes: [{ shape: 'circle', center_a: [0.1, 0], radius_a: 0.2, epsilon: 12 }] };
    const r = solvePhotonics(shifted, { materials: literalResolver }) as BandsSolveResult;
    expect(r.method).toBe('dense');
    expect(r.eigensolver).toBeUndefined();
    expect(r.conventions.epsilon_rule).toMatch(/matrix inverse/);
    expect(r.warnings.join('\n')).toMatch(/no inversion symmetry/);
    const fft = solvePhotonics({ ...shifted, method: 'fft' }, { materials: literalResolver }) as BandsSolveResult;
    expect(fft.warnings.join('\n')).not.toMatch(/no inversion symmetry/);
    // Both methods find the same gap to within their discretisation differences (measured ≈ 1 % at P = 11).
    expect(Math.abs(fft.gaps[0]!.from - r.gaps[0]!.from) / r.gaps[0]!.from).toBeLessThan(0.03);
  });

  it('estimates either method from a timed probe, with its own cost model', () => {
    let clock = 0;
    const now = (): number => (clock += 1);
    for (const method of ['fft', 'dense'] as const) {
      const problem = parsePhotonicsProblem({ ...rods, method, plane_waves_per_axis: 29 });
      if (problem.kind !== 'bands') throw new Error('not a bands problem');
      const e = estimatePhotonics(problem, { materials: literalResolver }, { now }, () => undefined);
      expect(e.kind).toBe('bands');
      expect(e.unknowns).toBe(841);
      expect(e.calibration.probe).toMatch(new RegExp(`^${method}`));
      expect(e.expected_seconds).toBeGreaterThan(0);
      expect(e.advice[0]).toMatch(new RegExp(`${method} method`));
    }
  });
});
