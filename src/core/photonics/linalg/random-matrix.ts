/**
 * Seeded random complex matrices for the linear-algebra tests and benches: entries uniform in
 * [−1, 1) + i[−1, 1), or Hermitian (what RCWA's lossless TE layer produces), from createRng so a
 * failure reproduces.
 */
import { createRng } from '../../stats/rng.ts';
import { zeros, type CMatrix } from './cmatrix.ts';

export function randomComplexMatrix(rows: number, cols: number, seed: number): CMatrix {
  const rng = createRng(seed);
  const m = zeros(rows, cols);
  for (let i = 0; i < rows * cols; i++) {
    m.re[i] = rng.next() * 2 - 1;
    m.im[i] = rng.next() * 2 - 1;
  }
  return m;
}

export function randomHermitianMatrix(n: number, seed: number): CMatrix {
  const rng = createRng(seed);
  const m = zeros(n);
  for (let i = 0; i < n; i++) {
    m.re[i * n + i] = rng.next() * 2 - 1;
    for (let j = i + 1; j < n; j++) {
      const re = rng.next() * 2 - 1;
      const im = rng.next() * 2 - 1;
      m.re[i * n + j] = re;
      m.im[i * n + j] = im;
      m.re[j * n + i] = re;
      m.im[j * n + i] = -im;
    }
  }
  return m;
}
