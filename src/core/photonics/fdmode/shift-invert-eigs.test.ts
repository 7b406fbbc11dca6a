/**
 * The shift-invert block Krylov iteration on an operator whose spectrum is known independently:
 * A = S·T·S⁻¹ with T a symmetric pentadiagonal matrix and S a positive diagonal (so A is not
 * symmetric, its eigenvalues real: those of T, from the Householder + QL routine). Its largest
 * eigenvalues, around a shift inside the spectrum (the mode solver's case) and above it, must match
 * to 1e-10 relative with unit-norm eigenvectors whose true residual is below the tolerance — with
 * one Gram–Schmidt pass where the first keeps a tenth of a vector (issue 20), so a basis that
 * lost orthogonality would show here as wrong or spurious values.
 */
import { describe, expect, it } from 'vitest';
import { referenceLinalgKernel } from '../linalg/reference-kernel.ts';
import { symmetricEigenvalues } from '../linalg/symmetric-eigenvalues.ts';
import { shiftedBandedLu } from './banded-lu.ts';
import { shiftInvertEigs } from './shift-invert-eigs.ts';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A = S·T·S⁻¹ in CSR and T dense (for its eigenvalues). */
function similarOperator(n: number, seed: number) {
  const r = rng(seed);
  const t = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    t[i * n + i] = 4 * Math.sin(0.37 * i) + 2 * r();
    for (const d of [1, 2]) {
      if (i + d >= n) continue;
      const v = r() - 0.5;
      t[i * n + i + d] = v;
      t[(i + d) * n + i] = v;
    }
  }
  const s = Float64Array.from({ length: n }, () => 0.5 + r());
  const rowStart = new Int32Array(n + 1);
  const cols: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = Math.max(0, i - 2); j <= Math.min(n - 1, i + 2); j++) {
      const v = t[i * n + j] as number;
      if (v === 0) continue;
      cols.push(j);
      values.push(((s[i] as number) * v) / (s[j] as number));
    }
    rowStart[i + 1] = cols.length;
  }
  return { a: { n, rowStart, cols: Int32Array.from(cols), values: Float64Array.from(values) }, t };
}

function multiply(a: { n: number; rowStart: Int32Array; cols: Int32Array; values: Float64Array }, x: Float64Array, y: Float64Array): void {
  for (let i = 0; i < a.n; i++) {
    let sum = 0;
    for (let e = a.rowStart[i] as number; e < (a.rowStart[i + 1] as number); e++) sum += (a.values[e] as number) * (x[a.cols[e] as number] as number);
    y[i] = sum;
  }
}

describe('shift-invert block Krylov eigenvalues', () => {
  // Inside: between the second and third largest (as the mode solver's shift sits between TE0 and TM0).
  for (const [label, inside] of [['inside the spectrum', true], ['above the spectrum', false]] as const) {
    it(`finds the largest eigenvalues of a non-symmetric operator, shift ${label}`, () => {
      const n = 400;
      const { a, t } = similarOperator(n, 7);
      const exact = symmetricEigenvalues(t, n).reverse();
      const top = exact[0] as number;
      const low = exact[n - 1] as number;
      const sigma = inside ? ((exact[1] as number) + (exact[2] as number)) / 2 : top + 0.05 * (top - low);
      const lu = shiftedBandedLu(a, sigma, 2, referenceLinalgKernel);
      const wanted = 4;
      const r = shiftInvertEigs({
        n,
        multiply: (x, y) => multiply(a, x, y),
        solveEach: (xs) => lu.solveEach(xs),
        wanted,
        needed: () => true,
        tolerance: 1e-9,
        ...(inside ? { shiftNearWanted: true } : {}),
      });
      expect(r.converged).toBe(true);
      const y = new Float64Array(n);
      r.pairs.slice(0, wanted).forEach((pair, i) => {
        expect(Math.abs(pair.value - (exact[i] as number)) / Math.abs(exact[i] as number)).toBeLessThan(1e-10);
        let norm = 0;
        for (const v of pair.vector) norm += v * v;
        expect(Math.abs(Math.sqrt(norm) - 1)).toBeLessThan(1e-12);
        multiply(a, pair.vector, y);
        let res = 0;
        for (let k = 0; k < n; k++) res += ((y[k] as number) - pair.value * (pair.vector[k] as number)) ** 2;
        expect(Math.sqrt(res) / Math.abs(pair.value)).toBeLessThan(1e-9);
      });
    });
  }

  it('stops where `enough` says the settled pairs suffice, and returns those pairs only, converged', () => {
    const n = 400;
    const { a, t } = similarOperator(n, 11);
    const exact = symmetricEigenvalues(t, n).reverse();
    const sigma = ((exact[1] as number) + (exact[2] as number)) / 2;
    const lu = shiftedBandedLu(a, sigma, 2, referenceLinalgKernel);
    const seen: number[] = [];
    const r = shiftInvertEigs({
      n,
      multiply: (x, y) => multiply(a, x, y),
      solveEach: (xs) => lu.solveEach(xs),
      wanted: 6,
      needed: () => true,
      tolerance: 1e-9,
      shiftNearWanted: true,
      // The caller reports the top two: enough once they have settled.
      enough: (settled) => {
        seen.push(settled.length);
        return settled.length >= 2;
      },
    });
    expect(r.converged).toBe(true);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(2);
    // Six were asked for; the open ones below the settled prefix are not formed or returned.
    expect(r.pairs.length).toBe(seen.at(-1));
    expect(r.pairs.length).toBeLessThan(6);
    r.pairs.forEach((pair, i) => {
      expect(pair.vector.length).toBe(n);
      expect(pair.residual).toBeLessThan(1e-9);
      expect(Math.abs(pair.value - (exact[i] as number)) / Math.abs(exact[i] as number)).toBeLessThan(1e-10);
    });
  });
});
