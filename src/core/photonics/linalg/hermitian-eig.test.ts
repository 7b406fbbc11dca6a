import { describe, expect, it } from 'vitest';
import { add, adjoint, identity, maxAbs, mul, mulDiagRight, zeros, type CMatrix } from './cmatrix.ts';
import { eigHermitian } from './hermitian-eig.ts';
import { randomHermitianMatrix } from './random-matrix.ts';

const sorted = (v: Float64Array): number[] => [...v].sort((a, b) => a - b);

/** ‖A·V − V·Λ‖ / ‖A‖ and ‖Vᴴ·V − I‖. */
function check(a: CMatrix): { residual: number; orthonormality: number } {
  const { valuesRe, valuesIm, vectors } = eigHermitian(a);
  const r = add(mul(a, vectors), mulDiagRight(vectors, valuesRe, valuesIm), -1);
  return { residual: maxAbs(r) / Math.max(maxAbs(a), Number.MIN_VALUE), orthonormality: maxAbs(add(mul(adjoint(vectors), vectors), identity(a.rows), -1)) };
}

describe('eigHermitian', () => {
  it('finds the textbook spectrum of the 1-D Laplacian tridiag(−1, 2, −1): 2 − 2cos(kπ/(n+1))', () => {
    // The discrete Laplacian's eigenvalues in closed form (e.g. Strang, Computational Science and Engineering, §1.5).
    const n = 40;
    const a = zeros(n);
    for (let i = 0; i < n; i++) {
      a.re[i * n + i] = 2;
      if (i + 1 < n) {
        a.re[i * n + i + 1] = -1;
        a.re[(i + 1) * n + i] = -1;
      }
    }
    const want = Array.from({ length: n }, (_, k) => 2 - 2 * Math.cos(((k + 1) * Math.PI) / (n + 1))).sort((x, y) => x - y);
    sorted(eigHermitian(a).valuesRe).forEach((v, k) => expect(v).toBeCloseTo(want[k] as number, 13));
  });

  it('handles a complex 2×2 [[2, i], [−i, 2]] (eigenvalues 1 and 3) and a complex phase on every coupling', () => {
    const a = zeros(2);
    a.re[0] = 2;
    a.re[3] = 2;
    a.im[1] = 1;
    a.im[2] = -1;
    expect(sorted(eigHermitian(a).valuesRe)).toEqual([expect.closeTo(1, 14), expect.closeTo(3, 14)]);
    expect(check(a).residual).toBeLessThan(1e-15);
  });

  it('decomposes random Hermitian matrices to working precision with orthonormal vectors', () => {
    for (const n of [1, 3, 17, 64]) {
      const { residual, orthonormality } = check(randomHermitianMatrix(n, n));
      expect(residual, `n = ${n}`).toBeLessThan(1e-13);
      expect(orthonormality, `n = ${n}`).toBeLessThan(1e-13);
    }
  });

  it('keeps an orthonormal basis for a fully degenerate spectrum and needs no reflector for a diagonal matrix', () => {
    const unit = eigHermitian(identity(6));
    expect([...unit.valuesRe]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(maxAbs(add(unit.vectors, identity(6), -1))).toBe(0);
    const d = zeros(3);
    d.re[0] = 3;
    d.re[4] = -1;
    d.re[8] = 2;
    expect(sorted(eigHermitian(d).valuesRe)).toEqual([-1, 2, 3]);
    expect(check(zeros(4)).residual).toBe(0);
  });
});
