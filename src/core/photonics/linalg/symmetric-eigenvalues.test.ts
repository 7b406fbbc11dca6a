import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { symmetricEigenvalues } from './symmetric-eigenvalues.ts';

describe('symmetricEigenvalues', () => {
  it('finds the known spectrum of the 1-D discrete Laplacian: 2 − 2cos(kπ/(n+1))', () => {
    // tridiag(−1, 2, −1) of size n has eigenvalues 2 − 2cos(kπ/(n+1)), k = 1…n (a textbook identity).
    const n = 40;
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      a[i * n + i] = 2;
      if (i > 0) a[i * n + i - 1] = -1;
      if (i < n - 1) a[i * n + i + 1] = -1;
    }
    const values = symmetricEigenvalues(a, n);
    for (let k = 1; k <= n; k++) expect(values[k - 1]).toBeCloseTo(2 - 2 * Math.cos((k * Math.PI) / (n + 1)), 12);
  });

  it('keeps the trace and the Frobenius norm of a random dense symmetric matrix', () => {
    const n = 60;
    const rng = createRng(7);
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) a[i * n + j] = a[j * n + i] = rng.next() * 2 - 1;
    const values = symmetricEigenvalues(a, n);
    let trace = 0;
    let frob = 0;
    for (let i = 0; i < n; i++) trace += a[i * n + i] as number;
    for (const x of a) frob += x * x;
    expect(values.reduce((s, x) => s + x, 0)).toBeCloseTo(trace, 10);
    expect(values.reduce((s, x) => s + x * x, 0)).toBeCloseTo(frob, 9);
    for (let i = 1; i < n; i++) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1] as number);
  });

  it('handles diagonal and 1×1 matrices', () => {
    expect([...symmetricEigenvalues(new Float64Array([3]), 1)]).toEqual([3]);
    expect([...symmetricEigenvalues(new Float64Array([2, 0, 0, -1]), 2)]).toEqual([-1, 2]);
  });
});
