/** Linear algebra of the S-matrix code against hand-solvable cases. */
import { describe, expect, it } from 'vitest';
import { abs, c, fromPolar } from '../complex.ts';
import { gramEigenvalues, matmul, SingularMatrixError, solveLinear, symmetricEigenvalues } from './cmatrix.ts';

describe('cmatrix', () => {
  it('solveLinear: a 3×3 complex system whose solution is known (A·x0 = b), to 1e-14', () => {
    const A = [
      [c(0, 1), c(2), c(1, -1)],
      [c(1), c(0, 0), c(3, 1)],
      [c(4, 2), c(1), c(0, 0)],
    ];
    const x0 = [[c(1, 2)], [c(-1)], [c(0.5, -0.5)]];
    const x = solveLinear(A, matmul(A, x0));
    x.forEach((row, i) => expect(abs({ re: row[0]!.re - x0[i]![0]!.re, im: row[0]!.im - x0[i]![0]!.im })).toBeLessThan(1e-14));
  });

  it('solveLinear refuses a singular matrix', () => {
    expect(() => solveLinear([[c(1), c(2)], [c(2), c(4)]], [[c(1)], [c(1)]])).toThrow(SingularMatrixError);
  });

  it('symmetricEigenvalues: [[2,1],[1,2]] → 1, 3; the 3×3 second-difference matrix → 2 − √2, 2, 2 + √2', () => {
    const two = symmetricEigenvalues([[2, 1], [1, 2]]);
    expect(two[0]).toBeCloseTo(1, 14);
    expect(two[1]).toBeCloseTo(3, 14);
    const three = symmetricEigenvalues([[2, -1, 0], [-1, 2, -1], [0, -1, 2]]);
    [2 - Math.SQRT2, 2, 2 + Math.SQRT2].forEach((v, i) => expect(three[i]).toBeCloseTo(v, 13));
  });

  it('gramEigenvalues: all 1 for a unitary matrix, |d|² for a diagonal one', () => {
    // [[t, iκe^{iφ}], [iκe^{−iφ}, t]] with t² + κ² = 1: orthonormal columns, so unitary.
    const t = Math.sqrt(0.3), k = Math.sqrt(0.7);
    const unitary = [[c(t), fromPolar(k, Math.PI / 2 + 0.4)], [fromPolar(k, Math.PI / 2 - 0.4), c(t)]];
    for (const v of gramEigenvalues(unitary)) expect(v).toBeCloseTo(1, 14);
    const d = gramEigenvalues([[c(2), c(0)], [c(0), c(0, 0.5)]]);
    expect(d[0]).toBeCloseTo(0.25, 14);
    expect(d[1]).toBeCloseTo(4, 14);
  });
});
