import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { hermitianEigen } from './hermitian-eigen.ts';

function randomHermitian(k: number, seed: number): { re: Float64Array; im: Float64Array } {
  const rng = createRng(seed);
  const re = new Float64Array(k * k);
  const im = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    re[i * k + i] = rng.uniform(-2, 2);
    for (let j = i + 1; j < k; j++) {
      const a = rng.uniform(-1, 1);
      const b = rng.uniform(-1, 1);
      re[i * k + j] = a;
      re[j * k + i] = a;
      im[i * k + j] = b;
      im[j * k + i] = -b;
    }
  }
  return { re, im };
}

describe('Hermitian Jacobi eigensolver', () => {
  for (const k of [1, 2, 7, 24]) {
    it(`k = ${k}: A v = λ v, orthonormal vectors, ascending values`, () => {
      const { re, im } = randomHermitian(k, k);
      const { values, vectorsRe, vectorsIm } = hermitianEigen(re, im, k);
      for (let b = 1; b < k; b++) expect(values[b]!).toBeGreaterThanOrEqual(values[b - 1]!);
      let trace = 0;
      for (let i = 0; i < k; i++) trace += re[i * k + i]!;
      expect(values.reduce((s, v) => s + v, 0)).toBeCloseTo(trace, 10);
      for (let b = 0; b < k; b++) {
        for (let i = 0; i < k; i++) {
          let sr = 0;
          let si = 0;
          for (let j = 0; j < k; j++) {
            const ar = re[i * k + j]!;
            const ai = im[i * k + j]!;
            const xr = vectorsRe[j * k + b]!;
            const xi = vectorsIm[j * k + b]!;
            sr += ar * xr - ai * xi;
            si += ar * xi + ai * xr;
          }
          expect(sr).toBeCloseTo(values[b]! * vectorsRe[i * k + b]!, 10);
          expect(si).toBeCloseTo(values[b]! * vectorsIm[i * k + b]!, 10);
        }
        for (let c = 0; c < k; c++) {
          let dr = 0;
          let di = 0;
          for (let i = 0; i < k; i++) {
            dr += vectorsRe[i * k + b]! * vectorsRe[i * k + c]! + vectorsIm[i * k + b]! * vectorsIm[i * k + c]!;
            di += vectorsRe[i * k + b]! * vectorsIm[i * k + c]! - vectorsIm[i * k + b]! * vectorsRe[i * k + c]!;
          }
          expect(dr).toBeCloseTo(b === c ? 1 : 0, 12);
          expect(di).toBeCloseTo(0, 12);
        }
      }
    });
  }

  it('keeps an exactly degenerate pair orthonormal', () => {
    // diag(1, 1, 3) rotated by a fixed unitary: the twofold value 1 must come out twice.
    const re = Float64Array.from([2, 0, 0, 0, 1, 0, 0, 0, 2]);
    const im = Float64Array.from([0, 0, 1, 0, 0, 0, -1, 0, 0]);
    const { values } = hermitianEigen(re, im, 3);
    expect(values[0]).toBeCloseTo(1, 14);
    expect(values[1]).toBeCloseTo(1, 14);
    expect(values[2]).toBeCloseTo(3, 14);
  });
});

describe('Hermitian Jacobi eigensolver, real symmetric input', () => {
  it('takes the real path and still gives A v = λ v with real vectors', () => {
    const k = 9;
    const { re } = randomHermitian(k, 99);
    const im = new Float64Array(k * k);
    const { values, vectorsRe, vectorsIm } = hermitianEigen(re, im, k);
    expect(vectorsIm.every((v) => v === 0)).toBe(true);
    for (let b = 0; b < k; b++) {
      for (let i = 0; i < k; i++) {
        let sum = 0;
        for (let j = 0; j < k; j++) sum += re[i * k + j]! * vectorsRe[j * k + b]!;
        expect(sum).toBeCloseTo(values[b]! * vectorsRe[i * k + b]!, 10);
      }
    }
  });
});
