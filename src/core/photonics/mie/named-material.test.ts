/**
 * A named material on a wavelength grid is interpolated once for the whole grid (the library's cached
 * spectrum table, issue 20). That must not change an answer: the gold-in-water spectrum solved with
 * the names "Au" and "water" equals, bit for bit, the same spectrum assembled from one-wavelength
 * solves whose particle and medium are the literal indices the library's pointwise `resolve` gives
 * at each wavelength (the path that interpolates per point and has no table).
 */
import { describe, expect, it } from 'vitest';
import { createMaterialLibrary } from '../materials/library.ts';
import { literalResolver } from '../literal-resolver.ts';
import { ScatteringProblemSchema } from './problem.ts';
import { solveScattering } from './solve.ts';

describe('named materials on a wavelength grid', () => {
  it('gold (r = 50 nm) in water over 1,000 wavelengths, 400–900 nm: the named solve equals the pointwise literal solves bit for bit', () => {
    const lib = createMaterialLibrary();
    const named = solveScattering(
      ScatteringProblemSchema.parse({
        kind: 'scattering',
        particle: { shape: 'sphere', radius_nm: 50, material: 'Au' },
        medium: 'water',
        wavelength_range_nm: { start: 400, stop: 900, count: 1000 },
      }),
      { materials: lib },
    );
    expect(named.wavelengths_nm).toHaveLength(1000);
    // A second solve on the same grid is served from the table and must not differ either.
    const again = solveScattering(
      ScatteringProblemSchema.parse({ kind: 'scattering', particle: { shape: 'sphere', radius_nm: 50, material: 'Au' }, medium: 'water', wavelength_range_nm: { start: 400, stop: 900, count: 1000 } }),
      { materials: lib },
    );
    expect(again.qext).toEqual(named.qext);

    const fresh = createMaterialLibrary();
    named.wavelengths_nm.forEach((wavelength_nm, i) => {
      const au = fresh.resolve('Au', wavelength_nm);
      const water = fresh.resolve('water', wavelength_nm);
      const one = solveScattering(
        ScatteringProblemSchema.parse({ kind: 'scattering', particle: { shape: 'sphere', radius_nm: 50, material: { n: au.n, k: au.k } }, medium: { n: water.n, k: 0 }, wavelength_nm }),
        { materials: literalResolver },
      );
      expect(one.medium_index[0]).toBe(named.medium_index[i]);
      expect(one.relative_index[0]).toEqual(named.relative_index[i]);
      expect(one.qext[0]).toBe(named.qext[i]);
      expect(one.qsca[0]).toBe(named.qsca[i]);
      expect(one.qback[0]).toBe(named.qback[i]);
      expect(one.g[0]).toBe(named.g[i]);
    });
  });
});
