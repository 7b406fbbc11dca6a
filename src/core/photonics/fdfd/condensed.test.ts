import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { pmlSigmaMax, type FdfdGrid } from './grid.ts';
import { assembleOperator } from './operator.ts';
import { condenseExterior, factorCondensed, solveCondensed } from './condensed.ts';
import { symmetricBandedFactor, symmetricBandedSolve } from './symmetric-banded.ts';

describe('condensed exterior (eliminate the design-independent slabs once)', () => {
  const k0 = (2 * Math.PI) / 1.55;
  for (const [nx, ny] of [[24, 30], [30, 24]] as const) {
    it(`gives the full solve's answer to rounding after the design slabs change (${nx} × ${ny}, PML included)`, () => {
      const g: FdfdGrid = { nx, ny, h: 0.05, npml: 5, sigmaMax: pmlSigmaMax(k0 * 1.44, 0.25) };
      const rng = createRng(3);
      const background = Float64Array.from({ length: nx * ny }, () => 2 + rng.next() * 6);
      // Slabs run along the longer side: rows j when nx ≤ ny, columns i otherwise.
      const slabs = Math.max(nx, ny);
      const [s0, s1] = [9, slabs - 8];
      const exterior = condenseExterior(assembleOperator(g, background, k0), s0, s1);
      // A new design: change every cell inside the middle slabs.
      const eps = background.slice();
      for (let j = 0; j < ny; j++) {
        for (let i = 0; i < nx; i++) {
          const slab = nx <= ny ? j : i;
          if (slab >= s0 && slab < s1) eps[i + j * nx] = 2 + rng.next() * 6;
        }
      }
      const a = assembleOperator(g, eps, k0);
      const b = Float64Array.from({ length: 2 * nx * ny }, () => rng.uniform(-1, 1));
      const x = solveCondensed(factorCondensed(exterior, a), b);
      const reference = b.slice();
      symmetricBandedSolve(symmetricBandedFactor(a), reference);
      const scale = Math.sqrt(reference.reduce((s, v) => s + v * v, 0));
      const diff = Math.sqrt(x.reduce((s, v, k) => s + (v - (reference[k] as number)) ** 2, 0));
      expect(diff / scale).toBeLessThan(1e-11);
    });
  }

  it('refuses a split that leaves no exterior slab', () => {
    const g: FdfdGrid = { nx: 10, ny: 12, h: 0.05, npml: 2, sigmaMax: 1 };
    const a = assembleOperator(g, new Float64Array(120).fill(2), k0);
    expect(() => condenseExterior(a, 0, 5)).toThrow(/bad slab split/);
    expect(() => condenseExterior(a, 2, 12)).toThrow(/bad slab split/);
  });
});
