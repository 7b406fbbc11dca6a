/**
 * Issue 15: the TE gap of the triangular lattice of air holes (ε = 12, r = 0.45a, nearly touching:
 * 0.1a of dielectric between neighbours) converges to MPB's.
 *
 * References, both with the path Γ–M–K–Γ at 4 points per segment, 3 bands, tolerance 1e-9:
 *  - MPB's own test suite (NanoComp/meep, python/tests/test_mpb.py, test_tri_holes, which runs the
 *    example mpb_tri_holes at resolution 32): TE band 1 max 0.2993049473, band 2 min 0.4924342824.
 *    MPB 1.11.1 (Debian's package, the same cell as a .ctl file) reproduces them: 0.29930495–0.49243428.
 *  - The converged edges: MPB 1.11.1 on the same cell at resolution 128: 0.29850466–0.49242359
 *    (resolution 64: 0.29871240–0.49237882; 96: 0.29856683–0.49240823).
 *
 * The bug this guards: the interface normal in each boundary pixel was the first moment of ε over the
 * pixel, which on the sheared (60°) pixel of a triangular lattice leans toward the pixel's long
 * diagonal; the anisotropic tensor then mixed ⟨ε⟩⁻¹ and ⟨ε⁻¹⟩ in the wrong directions, an O(1) error
 * on every boundary pixel and an O(h) error in the bands. Measured before: 0.308823–0.499023 (P = 15),
 * 0.303133–0.496503 (31), 0.301586–0.494951 (41), approaching neither MPB value. After (normal from a
 * disk): 0.301788–0.492259, 0.300211–0.491795 (21), 0.299436–0.492238 (31), 0.298965–0.492349 (41).
 */
import { describe, expect, it } from 'vitest';
import { solveBandsFft } from './bands-fft.ts';

const MPB_RES32 = { from: 0.299305, to: 0.492434 };
const MPB_RES128 = { from: 0.29850466, to: 0.49242359 };

function teGap(planeWavesPerAxis: number): { from: number; to: number } {
  const r = solveBandsFft({
    lattice: 'triangular',
    background: 12,
    shapes: [{ shape: 'circle', center: { x: 0, y: 0 }, radius: 0.45, epsilon: 1 }],
    polarization: 'TE',
    planeWavesPerAxis,
    kPointsPerSegment: 4,
    bands: 3,
  });
  const gap = r.gaps.find((g) => g.lower_band === 1);
  if (!gap) throw new Error(`no TE gap above band 1 at P = ${planeWavesPerAxis}`);
  expect(r.stats.unconverged).toEqual([]);
  return gap;
}

describe('triangular lattice of air holes, ε = 12, r = 0.45a, TE (MPB)', () => {
  it('edges within 5e-4 of MPB (resolution 32) at 31 plane waves per axis, and converging to MPB’s limit as P grows', { timeout: 60_000 }, () => {
    const gaps = [21, 31, 41].map(teGap);
    const at31 = gaps[1]!;
    expect(Math.abs(at31.from - MPB_RES32.from)).toBeLessThan(5e-4);
    expect(Math.abs(at31.to - MPB_RES32.to)).toBeLessThan(5e-4);
    for (const edge of ['from', 'to'] as const) {
      const distance = gaps.map((g) => Math.abs(g[edge] - MPB_RES128[edge]));
      // each step of the basis brings the edge closer to MPB's converged value …
      expect(distance[1]!).toBeLessThan(distance[0]!);
      expect(distance[2]!).toBeLessThan(distance[1]!);
      // … and at 41 plane waves per axis within 5e-4 of it
      expect(distance[2]!).toBeLessThan(5e-4);
    }
  });
});
