/**
 * Every DenseLinalgKernel backend (the WASM build of assembly/photonics-linalg.ts and the TypeScript
 * reference itself) against the reference, on seeded random matrices of the sizes RCWA meets (1 and 2
 * for the edge cases, 7, 33, and 161 = 2·80 + 1 harmonics). The WASM kernel runs the same algorithms
 * with the same operations per entry; it differs only where the libm's hypot/sqrt round differently,
 * which can move a QR deflation by one sweep. So results are held to 1e-10 relative to the largest
 * entry (normwise), eigenvalues are matched as sets, and eigenvectors, whose phase and (for close
 * eigenvalues) basis are not unique, are judged by their residual ‖A·v − λ·v‖ and unit norm. The
 * Hermitian and Hermitian-definite solvers are held to the general one's spectrum.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeLinalgKernelRegistry } from '../../../adapters/node/linalg-wasm.ts';
import { assertDocumented } from '../docs-text.ts';
import { add, adjoint, identity, maxAbs, mulDiagRight, scale, type CMatrix } from './cmatrix.ts';
import type { EigenResult } from './eig.ts';
import type { DenseLinalgKernel } from './kernel.ts';
import { randomComplexMatrix, randomHermitianMatrix } from './random-matrix.ts';
import { referenceLinalgKernel as reference } from './reference-kernel.ts';

const SIZES = [1, 2, 7, 33, 161];
const TOLERANCE = 1e-10;

const backends: DenseLinalgKernel[] = [];
beforeAll(async () => {
  const registry = createNodeLinalgKernelRegistry();
  for (const id of registry.ids()) backends.push(await registry.create(id));
});

/** ‖got − want‖max / ‖want‖max. */
function relativeError(got: CMatrix, want: CMatrix): number {
  expect([got.rows, got.cols]).toEqual([want.rows, want.cols]);
  return maxAbs(add(got, want, -1)) / maxAbs(want);
}

/** Largest distance from a reference eigenvalue to its partner (each backend value used once), over max |λ|. */
function eigenvalueSetError(got: EigenResult, want: EigenResult): number {
  const n = want.valuesRe.length;
  expect(got.valuesRe.length).toBe(n);
  const used = new Uint8Array(n);
  let scale = 0;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.hypot(want.valuesRe[i] as number, want.valuesIm[i] as number));
  let worst = 0;
  for (let i = 0; i < n; i++) {
    let best = Infinity;
    let at = -1;
    for (let j = 0; j < n; j++) {
      if (used[j]) continue;
      const d = Math.hypot((got.valuesRe[j] as number) - (want.valuesRe[i] as number), (got.valuesIm[j] as number) - (want.valuesIm[i] as number));
      if (d < best) {
        best = d;
        at = j;
      }
    }
    used[at] = 1;
    worst = Math.max(worst, best);
  }
  return worst / scale;
}

/** max over columns of ‖A·v − λ·v‖ / ‖A‖ and of |‖v‖ − 1|. */
function eigenvectorError(kernel: DenseLinalgKernel, a: CMatrix, e: EigenResult): { residual: number; norm: number } {
  const r = add(kernel.mul(a, e.vectors), mulDiagRight(e.vectors, e.valuesRe, e.valuesIm), -1);
  let norm = 0;
  const n = a.rows;
  for (let k = 0; k < n; k++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += (e.vectors.re[i * n + k] as number) ** 2 + (e.vectors.im[i * n + k] as number) ** 2;
    norm = Math.max(norm, Math.abs(Math.sqrt(s) - 1));
  }
  return { residual: maxAbs(r) / maxAbs(a), norm };
}

describe('dense linear-algebra kernels agree with the TypeScript reference', () => {
  it('at the tolerance docs/photonics-solvers.md states (issue 15)', () => {
    assertDocumented(`the dense routines agree to ${TOLERANCE.toExponential(0)}`);
  });

  it('registers the wasm kernel above the reference', () => {
    expect(backends.map((b) => b.id)).toEqual(['wasm', 'reference']);
  });

  for (const n of SIZES) {
    it(`mul, solve and inverse at n = ${n}`, () => {
      const a = randomComplexMatrix(n, n, 100 + n);
      const b = randomComplexMatrix(n, 3, 200 + n);
      const c = randomComplexMatrix(3, n, 300 + n);
      const want = { ab: reference.mul(a, b), ca: reference.mul(c, a), x: reference.solve(a, b), inv: reference.inverse(a) };
      for (const k of backends) {
        expect(relativeError(k.mul(a, b), want.ab), `${k.id} mul`).toBeLessThan(TOLERANCE);
        expect(relativeError(k.mul(c, a), want.ca), `${k.id} mul (wide)`).toBeLessThan(TOLERANCE);
        const x = k.solve(a, b);
        expect(relativeError(x, want.x), `${k.id} solve`).toBeLessThan(TOLERANCE);
        // And it is a solution: ‖a·x − b‖ ≪ ‖b‖ (a random matrix of these sizes is far from singular).
        expect(relativeError(reference.mul(a, x), b), `${k.id} solve residual`).toBeLessThan(TOLERANCE);
        const inv = k.inverse(a);
        expect(relativeError(inv, want.inv), `${k.id} inverse`).toBeLessThan(TOLERANCE);
        expect(relativeError(reference.mul(a, inv), identity(n)), `${k.id} a·a⁻¹`).toBeLessThan(TOLERANCE);
      }
    });

    it(`eig of a general and a Hermitian matrix at n = ${n}`, () => {
      for (const a of [randomComplexMatrix(n, n, 400 + n), randomHermitianMatrix(n, 500 + n)]) {
        const want = reference.eig(a);
        for (const k of backends) {
          const got = k.eig(a);
          expect(eigenvalueSetError(got, want), `${k.id} eigenvalues`).toBeLessThan(TOLERANCE);
          const { residual, norm } = eigenvectorError(reference, a, got);
          expect(residual, `${k.id} A·v − λ·v`).toBeLessThan(TOLERANCE);
          expect(norm, `${k.id} ‖v‖ − 1`).toBeLessThan(TOLERANCE);
        }
      }
    });

    it(`eigHermitian at n = ${n}: the spectrum of the general solver, exactly real, orthonormal vectors`, () => {
      const a = randomHermitianMatrix(n, 600 + n);
      const general = reference.eig(a);
      for (const k of backends) {
        const got = k.eigHermitian(a);
        expect(eigenvalueSetError(got, general), `${k.id} eigenvalues`).toBeLessThan(TOLERANCE);
        expect([...got.valuesIm].every((v) => v === 0), `${k.id} real eigenvalues`).toBe(true);
        const { residual, norm } = eigenvectorError(reference, a, got);
        expect(residual, `${k.id} A·v − λ·v`).toBeLessThan(TOLERANCE);
        expect(norm, `${k.id} ‖v‖ − 1`).toBeLessThan(TOLERANCE);
        // Orthonormal: Vᴴ·V = I (a Hermitian matrix has an orthonormal eigenbasis; the QL rotations keep it).
        const gram = reference.mul(adjoint(got.vectors), got.vectors);
        expect(maxAbs(add(gram, identity(n), -1)), `${k.id} Vᴴ·V − I`).toBeLessThan(TOLERANCE);
      }
    });

    it(`eigHermitianDefinite at n = ${n}: the spectrum of a⁻¹·b, exactly real, a-orthonormal vectors`, () => {
      const b = randomHermitianMatrix(n, 700 + n);
      const r = randomComplexMatrix(n, n, 800 + n);
      const a = add(reference.mul(r, adjoint(r)), identity(n)); // r·rᴴ + I: Hermitian positive definite
      const general = reference.eig(reference.solve(a, b));
      for (const k of backends) {
        const got = k.eigHermitianDefinite(b, a);
        expect(eigenvalueSetError(got, general), `${k.id} eigenvalues`).toBeLessThan(TOLERANCE);
        expect([...got.valuesIm].every((v) => v === 0), `${k.id} real eigenvalues`).toBe(true);
        // b·W − a·W·Λ, relative to ‖b‖.
        const r2 = add(reference.mul(b, got.vectors), reference.mul(a, mulDiagRight(got.vectors, got.valuesRe, got.valuesIm)), -1);
        expect(maxAbs(r2) / maxAbs(b), `${k.id} b·w − λ·a·w`).toBeLessThan(TOLERANCE);
        const gram = reference.mul(adjoint(got.vectors), reference.mul(a, got.vectors));
        expect(maxAbs(add(gram, identity(n), -1)), `${k.id} Wᴴ·a·W − I`).toBeLessThan(TOLERANCE);
      }
    });
  }

  it('refuses a metric that is not positive definite', () => {
    const minusOne = scale(identity(3), -1);
    for (const k of backends) expect(() => k.eigHermitianDefinite(identity(3), minusOne), k.id).toThrow(/not positive definite/);
  });

  it('refuses a singular system and mismatched shapes on every backend', () => {
    const singular = randomComplexMatrix(4, 4, 7);
    for (let j = 0; j < 4; j++) {
      singular.re[4 + j] = 2 * (singular.re[j] as number);
      singular.im[4 + j] = 2 * (singular.im[j] as number);
    }
    for (const k of backends) {
      expect(() => k.solve(singular, identity(4)), k.id).toThrow(/singular/);
      expect(() => k.inverse(singular), k.id).toThrow(/singular/);
      expect(() => k.mul(randomComplexMatrix(2, 3, 1), randomComplexMatrix(2, 3, 2)), k.id).toThrow(/2×3 times 2×3/);
      expect(() => k.eig(randomComplexMatrix(2, 3, 1)), k.id).toThrow(/not square/);
      expect(() => k.eigHermitian(randomComplexMatrix(2, 3, 1)), k.id).toThrow(/not square/);
    }
  });

  it('leaves its inputs untouched', () => {
    const a = randomComplexMatrix(7, 7, 11);
    const b = randomComplexMatrix(7, 2, 12);
    const copies = [a.re.slice(), a.im.slice(), b.re.slice(), b.im.slice()];
    for (const k of backends) {
      k.mul(a, b);
      k.solve(a, b);
      k.inverse(a);
      k.eig(a);
      k.eigHermitian(a);
      k.eigHermitianDefinite(a, identity(7));
    }
    expect([a.re, a.im, b.re, b.im]).toEqual(copies);
  });
});
