/**
 * The WASM assembly of the full-vectorial operator (assembly/_fv-assembly.ts) against the
 * TypeScript reference (fullvectorial-operator.ts): the same compressed rows bit for bit — row
 * starts, columns, values, live slots and half-bandwidth — on windows wider and taller than high,
 * with every combination of electric and magnetic left and bottom walls, cells whose sides round
 * (Δy = 2220/112, where cancelled couplings must be dropped alike) and a core whose edges couple
 * H_x and H_y.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeWasmLinalgKernel } from '../../../adapters/node/linalg-wasm.ts';
import type { FvAssemblyKernel } from '../linalg/fv-assembly-kernel.ts';
import { assembleFullVectorial, type Wall } from './fullvectorial-operator.ts';
import { yeePermittivity } from './yee-grid.ts';

let backend: FvAssemblyKernel;
beforeAll(async () => {
  const k = await loadNodeWasmLinalgKernel();
  if (!k.fvAssembly) throw new Error('the WASM linalg kernel has no fvAssembly');
  backend = k.fvAssembly;
});

const k0 = (2 * Math.PI) / 1550;
const cases: [number, number, number, number][] = [
  [24, 20, 20, 2220 / 112],
  [9, 31, 37, 25],
  [2, 2, 50, 50],
  [40, 7, 10, 33.3],
];

describe('full-vectorial assembly: WASM = TypeScript', () => {
  for (const [nx, ny, dx, dy] of cases) {
    for (const left of ['pec', 'pmc'] as Wall[]) {
      for (const bottom of ['pec', 'pmc'] as Wall[]) {
        it(`${nx} × ${ny} cells of ${dx.toFixed(2)} × ${dy.toFixed(2)} nm, left ${left}, bottom ${bottom}`, () => {
          const [w, h] = [nx * dx, ny * dy];
          const core = { x0: 0.3 * w, x1: 0.7 * w, y0: 0.35 * h, y1: 0.6 * h };
          const eps = yeePermittivity(nx, ny, dx, dy, (x, y) => (x >= core.x0 && x <= core.x1 && y >= core.y0 && y <= core.y1 ? 3.476 ** 2 : y < core.y0 ? 1.444 ** 2 : 1), { xs: [core.x0, core.x1], ys: [core.y0, core.y1] });
          const g = { nx, ny, dx, dy, eps, left, bottom };
          const ts = assembleFullVectorial(g, k0);
          const wasm = assembleFullVectorial(g, k0, backend);
          expect(wasm.a.n).toBe(ts.a.n);
          expect(wasm.bandwidth).toBe(ts.bandwidth);
          expect(Array.from(wasm.a.rowStart)).toEqual(Array.from(ts.a.rowStart));
          expect(Array.from(wasm.a.cols)).toEqual(Array.from(ts.a.cols));
          expect(Array.from(wasm.live)).toEqual(Array.from(ts.live));
          // Bit for bit (toEqual on numbers would pass −0 for 0; the bytes do not).
          expect(new Uint8Array(wasm.a.values.buffer.slice(0))).toEqual(new Uint8Array(ts.a.values.buffer.slice(0)));
          expect(ts.a.rowStart[ts.a.n]).toBeGreaterThan(2 * nx * ny);
        });
      }
    }
  }
});
