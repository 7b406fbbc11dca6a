import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { mul, mulDiagRight, zeros, add, maxAbs, solve, identity, type CMatrix } from './cmatrix.ts';
import { eig } from './eig.ts';

function randomMatrix(n: number, seed: number): CMatrix {
  const rng = createRng(seed);
  const m = zeros(n);
  for (let i = 0; i < n * n; i++) {
    m.re[i] = rng.next() * 2 - 1;
    m.im[i] = rng.next() * 2 - 1;
  }
  return m;
}

/** ‖A·V − V·Λ‖ / ‖A‖: the backward error of the decomposition. */
function residual(a: CMatrix): number {
  const { valuesRe, valuesIm, vectors } = eig(a);
  const r = add(mul(a, vectors), mulDiagRight(vectors, valuesRe, valuesIm), -1);
  return maxAbs(r) / maxAbs(a);
}

describe('eig (general complex)', () => {
  it('decomposes random complex matrices to working precision', () => {
    for (const [n, seed] of [[1, 1], [2, 2], [5, 3], [24, 4], [61, 5]] as const) expect(residual(randomMatrix(n, seed))).toBeLessThan(1e-10);
  });

  it('finds the known spectrum of a companion-like matrix: diag(1, 2, 3) in a random basis', () => {
    const s = randomMatrix(3, 9);
    const d = zeros(3);
    d.re[0] = 1;
    d.re[4] = 2;
    d.re[8] = 3;
    const a = mul(mul(s, d), solve(s, identity(3)));
    const { valuesRe, valuesIm } = eig(a);
    const sorted = [...valuesRe].sort((x, y) => x - y);
    expect(sorted[0]).toBeCloseTo(1, 10);
    expect(sorted[1]).toBeCloseTo(2, 10);
    expect(sorted[2]).toBeCloseTo(3, 10);
    for (const v of valuesIm) expect(Math.abs(v)).toBeLessThan(1e-10);
  });

  it('handles a real rotation (complex pair ±i) and a defective Jordan block without failing', () => {
    const rot = zeros(2);
    rot.re[1] = -1;
    rot.re[2] = 1;
    const { valuesIm } = eig(rot);
    expect([...valuesIm].map(Math.abs)).toEqual([1, 1].map((x) => expect.closeTo(x, 12) as unknown as number));
    const jordan = zeros(2);
    jordan.re[0] = 2;
    jordan.re[1] = 1;
    jordan.re[3] = 2;
    const j = eig(jordan);
    expect(j.valuesRe[0]).toBeCloseTo(2, 12);
    expect(Number.isFinite(j.vectors.re[0])).toBe(true);
  });
});
