/**
 * The WebGPU Θ kernels replayed on the CPU (pwe-plan.ts): the line indexing covers every grid
 * element once per pass, and the f32 replay of scatter → DFTs → medium → DFTs → gather matches
 * applyTheta (f64) to f32 round-off on TM and TE, square and triangular cells, for a block of vectors.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../core/stats/rng.ts';
import { prepareFftBands, thetaAt } from '../../../core/photonics/pwe/bands-fft.ts';
import { applyTheta, createThetaWork } from '../../../core/photonics/pwe/operator.ts';
import { dftPasses, lineElement, packComplex, replayThetaBlock, thetaLayout, unpackComplex } from './pwe-plan.ts';

const rods = (r: number, epsilon: number) => [{ shape: 'circle' as const, center: { x: 0, y: 0 }, radius: r, epsilon }];

describe('PWE kernel index arithmetic', () => {
  it('each pass visits every element of every grid exactly once, lines in order', () => {
    const n = 7;
    const grids = 3;
    for (const pass of dftPasses(n)) {
      const seen = new Int32Array(grids * n * n);
      for (let line = 0; line < grids * n; line++) for (let e = 0; e < n; e++) seen[lineElement(pass, n, line, e)]! += 1;
      expect(Array.from(seen).every((c) => c === 1)).toBe(true);
    }
    const [rows, columns] = dftPasses(n);
    // Row 2 of grid 1 is contiguous; column 3 of grid 1 strides by n.
    expect(lineElement(rows, n, n + 2, 4)).toBe(n * n + 2 * n + 4);
    expect(lineElement(columns, n, n + 3, 4)).toBe(n * n + 3 + 4 * n);
  });
});

describe('replayThetaBlock', () => {
  for (const [lattice, polarization, P] of [
    ['square', 'TM', 15],
    ['square', 'TE', 11],
    ['triangular', 'TM', 11],
    ['triangular', 'TE', 15],
  ] as const) {
    it(`${lattice} ${polarization}, P = ${P}: f32 kernels agree with applyTheta to ~1e-6`, () => {
      const setup = prepareFftBands({ lattice, background: 1, shapes: rods(0.2, 12), polarization, planeWavesPerAxis: P, kPointsPerSegment: 2, bands: 4 });
      const { op } = thetaAt(setup, { x: 0.3, y: 0.7 });
      const count = 3;
      const rng = createRng(11);
      const xRe = Float64Array.from({ length: count * op.size }, () => rng.uniform(-1, 1));
      const xIm = Float64Array.from({ length: count * op.size }, () => rng.uniform(-1, 1));
      const refRe = new Float64Array(count * op.size);
      const refIm = new Float64Array(count * op.size);
      const work = createThetaWork(op.plan);
      for (let v = 0; v < count; v++) {
        const s = (a: Float64Array) => a.subarray(v * op.size, (v + 1) * op.size);
        applyTheta(op, s(xRe), s(xIm), s(refRe), s(refIm), work);
      }
      const packed = new Float32Array(2 * count * op.size);
      packComplex(xRe, xIm, count * op.size, packed);
      const yRe = new Float64Array(count * op.size);
      const yIm = new Float64Array(count * op.size);
      unpackComplex(replayThetaBlock(thetaLayout(op), packed, count), count * op.size, yRe, yIm);
      let scale = 0;
      let diff = 0;
      for (let i = 0; i < yRe.length; i++) {
        scale = Math.max(scale, Math.hypot(refRe[i]!, refIm[i]!));
        diff = Math.max(diff, Math.hypot(yRe[i]! - refRe[i]!, yIm[i]! - refIm[i]!));
      }
      // Nonzero: the replay really rounds to f32; small: no index is wrong (that would be O(1)).
      expect(diff / scale).toBeGreaterThan(1e-9);
      expect(diff / scale).toBeLessThan(2e-6);
    });
  }
});
