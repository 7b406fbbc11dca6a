/** The interaction tensor's limits and the FFT matrix–vector product against the direct O(N²) sum. */
import { describe, expect, it } from 'vitest';
import { buildLattice, type DdaShape } from './geometry.ts';
import { interactionTensor } from './green.ts';
import { fftVsDirectGap } from './operator-gap.ts';

describe('interactionTensor', () => {
  it('tends to the static dipole field (3r̂r̂ − I)/r³ as k → 0', () => {
    // Jackson, Classical Electrodynamics, eq. 4.13: E = [3n̂(n̂·p) − p]/r³.
    const t = interactionTensor(1e-9, 1, 2, 2);
    const r = 3;
    const u = [1 / 3, 2 / 3, 2 / 3];
    const want = [3 * u[0]! * u[0]! - 1, 3 * u[0]! * u[1]!, 3 * u[0]! * u[2]!, 3 * u[1]! * u[1]! - 1, 3 * u[1]! * u[2]!, 3 * u[2]! * u[2]! - 1].map((v) => v / r ** 3);
    want.forEach((w, i) => {
      expect(t[2 * i]).toBeCloseTo(w, 12);
      expect(Math.abs(t[2 * i + 1]!)).toBeLessThan(1e-12);
    });
  });

  it('is the transverse radiation field k² e^{ikr}/r (I − r̂r̂) far away', () => {
    const k = 1;
    const r = 1e4;
    const t = interactionTensor(k, 0, 0, r);
    // xx component: (k²r² + ikr − 1) e^{ikr}/r³ ≈ k² e^{ikr}/r; zz: the longitudinal part decays as 1/r².
    expect(t[0]! * r).toBeCloseTo(Math.cos(k * r), 3);
    expect(t[1]! * r).toBeCloseTo(Math.sin(k * r), 3);
    expect(Math.abs(t[10]! * r)).toBeLessThan(1e-3);
  });
});

describe('fftOperator', () => {
  const cases: [string, DdaShape, number][] = [
    ['a sphere 6 dipoles across', { shape: 'sphere', radius_nm: 3 }, 6],
    ['a dimer on a non-cubic box', { shape: 'dimer', radius_nm: 2, gap_nm: 1 }, 9],
    ['a rod along z', { shape: 'rod', radius_nm: 1.5, length_nm: 8 }, 8],
  ];
  for (const [name, shape, across] of cases) {
    it(`equals the direct sum for ${name}`, () => {
      const l = buildLattice(shape, across);
      expect(fftVsDirectGap(l, 0.7, { re: 2.3, im: -0.4 })).toBeLessThan(1e-12);
    });
  }
});
