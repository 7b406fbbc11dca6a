/**
 * The DDA solver of issue 6 in Node, one thread, TypeScript reference (no WASM kernel yet):
 * - ADDA's default sphere: m = 1.5, x = 3.367, 16 dipoles across = 2176 dipoles (32³ FFT grid).
 * - A ~10⁴-dipole sphere: 27 dipoles across = 10 395 dipoles on a 64³ FFT grid, same m and x.
 * Each figure is the best of a few rounds after a warm-up, the median beside it; Qext and the
 * iteration count are printed so a speed-up that changes the answer shows.
 * Run: npx tsx bench/photonics-dda.ts
 */
import { literalResolver } from '../src/core/photonics/literal-resolver.ts';
import { DdaProblemSchema } from '../src/core/photonics/dda/problem.ts';
import { solveDda } from '../src/core/photonics/dda/solve.ts';
import { timed } from './timing.ts';

const ctx = { materials: literalResolver };
// ADDA's default: kd = 2π/15 at 16 dipoles across, so x = (2π/15)·(3·2176/4π)^{1/3}.
const X = ((2 * Math.PI) / 15) * Math.cbrt((3 * 2176) / (4 * Math.PI));
const WAVELENGTH = 600;


for (const [label, across, rounds] of [['ADDA default sphere', 16, 5], ['~10^4-dipole sphere', 27, 3]] as const) {
  const problem = DdaProblemSchema.parse({
    kind: 'dda',
    particle: { shape: 'sphere', radius_nm: (X * WAVELENGTH) / (2 * Math.PI) },
    material: { n: 1.5, k: 0 },
    wavelength_nm: WAVELENGTH,
    dipoles_across: across,
  });
  const t = timed(rounds, () => solveDda(problem, ctx));
  const r = t.result;
  console.log(
    `DDA ${label}: ${r.dipoles} dipoles, FFT ${r.fft_grid.join('×')}, ${r.iterations} iterations, Qext ${r.qext.toFixed(5)} (Mie ${r.mie?.qext.toFixed(5)}): ` +
      `${t.best.toFixed(0)} ms (median ${t.median.toFixed(0)})`,
  );
}
