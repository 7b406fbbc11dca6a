import { describe, expect, it } from 'vitest';
import { solveBands, type BandsInput } from './bands.ts';
import { besselJ1 } from './fourier.ts';
import { parsePhotonicsProblem, solvePhotonics } from '../solve.ts';
import { literalResolver } from '../literal-resolver.ts';
import type { BandsSolveResult } from './solve.ts';

const rods: BandsInput = {
  lattice: 'square',
  background: 1,
  shapes: [{ shape: 'circle', center: { x: 0, y: 0 }, radius: 0.2, epsilon: 12 }],
  polarization: 'TM',
  planeWavesPerAxis: 15,
  kPointsPerSegment: 6,
  bands: 4,
};

describe('plane-wave expansion', () => {
  it('Bessel J1 matches tabulated values (Abramowitz & Stegun, Table 9.1)', () => {
    expect(besselJ1(1)).toBeCloseTo(0.4400505857, 10);
    expect(besselJ1(2.5)).toBeCloseTo(0.4970941025, 10);
    expect(besselJ1(10)).toBeCloseTo(0.0434727462, 10);
  });

  it('finds the TM gap of the square lattice of ε = 12 rods, r = 0.2a: 0.2809–0.4171 a/λ (MPB)', () => {
    // Reference: MPB for this crystal (the figure), gap between bands 1 and 2. Ho's inverse
    // method with 15 × 15 plane waves lands within 0.1 % of both edges.
    const r = solveBands(rods);
    const gap = r.gaps.find((g) => g.lower_band === 1);
    expect(gap).toBeDefined();
    expect(Math.abs(gap!.from - 0.2809) / 0.2809).toBeLessThan(1e-3);
    expect(Math.abs(gap!.to - 0.4171) / 0.4171).toBeLessThan(1e-3);
    expect(r.real_operator).toBe(true);
  });

  it('gives free-photon bands in a homogeneous medium: a/λ = |k + G| / (2π√ε)', () => {
    const r = solveBands({ ...rods, background: 4, shapes: [], bands: 2, planeWavesPerAxis: 7 });
    const atX = r.k_points.findIndex((k) => k.label === 'X');
    // At X, |k| = π/a: the two lowest bands are degenerate at 0.5/√ε = 0.25.
    expect(r.frequencies[atX]![0]).toBeCloseTo(0.25, 12);
    expect(r.frequencies[atX]![1]).toBeCloseTo(0.25, 12);
    // A rectangle filling the whole cell is the same homogeneous medium.
    const filled = solveBands({ ...rods, background: 1, shapes: [{ shape: 'rectangle', center: { x: 0, y: 0 }, width: 1, height: 1, epsilon: 4 }], bands: 2, planeWavesPerAxis: 7 });
    expect(filled.frequencies[atX]![0]).toBeCloseTo(0.25, 10);
  });

  it('does not depend on where the cell is centred (a shifted cell takes the complex Hermitian path)', () => {
    const centred = solveBands({ ...rods, polarization: 'TE', planeWavesPerAxis: 7 });
    const shifted = solveBands({ ...rods, polarization: 'TE', planeWavesPerAxis: 7, shapes: [{ shape: 'circle', center: { x: 0.3, y: -0.1 }, radius: 0.2, epsilon: 12 }] });
    expect(shifted.real_operator).toBe(false);
    for (let k = 0; k < centred.frequencies.length; k++) {
      // Absolute 1e-6: at Γ the lowest band is √(rounding noise) ≈ 1e-7 in both.
      for (let b = 0; b < 4; b++) expect(shifted.frequencies[k]![b]).toBeCloseTo(centred.frequencies[k]![b]!, 6);
    }
  });

  it('the problem warns about too few plane waves and overlapping rods, and reports gaps in nm', () => {
    const base = { kind: 'bands', lattice: 'square', background_epsilon: 1, polarization: 'TM', k_points_per_segment: 3, bands: 3, lattice_constant_nm: 500 };
    const coarse = solvePhotonics({ ...base, shapes: [{ shape: 'circle', radius_a: 0.2, epsilon: 12 }], plane_waves_per_axis: 5 }, { materials: literalResolver }) as BandsSolveResult;
    expect(coarse.warnings.join('\n')).toMatch(/under-resolved: 5 plane waves per axis/);
    const gap = coarse.gaps[0]!;
    expect(gap.wavelength_range_nm![0]).toBeCloseTo(500 / gap.from, 9);
    const touching = solvePhotonics({ ...base, shapes: [{ shape: 'circle', radius_a: 0.6, epsilon: 12 }], plane_waves_per_axis: 5, convergence_check: false }, { materials: literalResolver }) as BandsSolveResult;
    expect(touching.warnings.join('\n')).toMatch(/overlaps its periodic image/);
    expect(() => parsePhotonicsProblem({ ...base, shapes: [], plane_waves_per_axis: 4 })).toThrow(/odd/);
  });
});
