/** Dipole lattices: counts against ADDA and closed forms, and the volume correction. */
import { describe, expect, it } from 'vitest';
import { buildLattice } from './geometry.ts';

describe('buildLattice', () => {
  it('puts 2176 dipoles in a sphere 16 dipoles across, as ADDA does for its default run', () => {
    // ADDA manual (Yurkin & Hoekstra), default run: shape sphere, grid 16 → "Total number of occupied dipoles: 2176".
    const l = buildLattice({ shape: 'sphere', radius_nm: 100 }, 16);
    expect(l.dims).toEqual([16, 16, 16]);
    expect(l.sites.length).toBe(2176);
    // Volume correction: N·d³ equals the sphere's volume exactly.
    expect(l.sites.length * l.spacing_nm ** 3).toBeCloseTo((4 / 3) * Math.PI * 100 ** 3, 6);
    expect(l.equivalent_radius_nm).toBeCloseTo(100, 10);
  });

  it('fills a cube completely (n³) with spacing edge/n', () => {
    const l = buildLattice({ shape: 'cube', edge_nm: 50 }, 5);
    expect(l.sites.length).toBe(125);
    expect(l.spacing_nm).toBeCloseTo(10, 12);
  });

  it('stands a rod along z with the long side getting dipoles_across', () => {
    const l = buildLattice({ shape: 'rod', radius_nm: 10, length_nm: 80 }, 16);
    expect(l.dims).toEqual([4, 4, 16]);
    // A 4×4 cross-section keeps the 12 cells whose centres lie in the inscribed circle (all but the 4 corners), per layer.
    expect(l.sites.length).toBe(12 * 16);
  });

  it('builds a dimer as two mirror-image spheres on the x axis', () => {
    const l = buildLattice({ shape: 'dimer', radius_nm: 10, gap_nm: 4 }, 22);
    const [nx, ny] = l.dims;
    expect(l.dims).toEqual([22, 10, 10]);
    const left = Array.from(l.sites).filter((b) => b % nx < nx / 2).length;
    expect(left * 2).toBe(l.sites.length);
    // The middle columns (the gap) hold no dipole.
    expect(Array.from(l.sites).some((b) => b % nx === 10 || b % nx === 11)).toBe(false);
    expect(ny).toBe(10);
  });

  it('squashes an ellipsoid along its short axis', () => {
    const l = buildLattice({ shape: 'ellipsoid', semi_axes_nm: [20, 10, 5] }, 16);
    expect(l.dims).toEqual([16, 8, 4]);
    expect(l.equivalent_radius_nm).toBeCloseTo(10, 10);
  });
});
