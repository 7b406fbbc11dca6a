/**
 * The full-vectorial channel mode solver of issue 6 in Node, one thread, with the sparse LU of
 * issue 20 (minimum-degree fronts, multifrontal) and its solves on the WASM linear-algebra kernel
 * (bit-identical to the reference) and,
 * on the smaller grid, on the TypeScript reference beside it:
 * the 500 × 220 nm Si strip in SiO2 at 1550 nm on the grids of the EMpy figures (125 × 112
 * and 249 × 223 cells; this solver rounds to even counts so x = 0 and the core's mid-plane are node
 * lines), one mode (TE, max_modes 1) and four (both polarizations, max_modes 2), with the default
 * mirror symmetry; the semi-vectorial method and the whole window beside it (at 10 nm too: the
 * sparse LU holds it in ~67 MiB, where the band needed 749 MiB). EMpy itself: bench/peers/empy-mode.ts. Best of a few rounds
 * after a warm-up; n_eff printed so a speed-up that changes the answer shows. The machine's load
 * average is printed too: on a shared machine the times are inflated.
 * Run: npx tsx bench/photonics-fdmode.ts
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadNodeWasmLinalgKernel } from '../src/adapters/node/linalg-wasm.ts';
import type { DenseLinalgKernel } from '../src/core/photonics/linalg/kernel.ts';
import { referenceLinalgKernel } from '../src/core/photonics/linalg/reference-kernel.ts';
import { literalResolver } from '../src/core/photonics/literal-resolver.ts';
import { solvePhotonics } from '../src/core/photonics/solve.ts';
import type { ChannelModeResult } from '../src/core/photonics/fdmode/solve.ts';

const wasm = await loadNodeWasmLinalgKernel();
const strip = (grid: number, window: { width: number; height: number }, polarization: string, maxModes: number, extra: Record<string, unknown> = {}) => ({
  kind: 'mode',
  structure: { type: 'channel', shape: 'strip', core: { material: { n: 3.476, k: 0 }, width_nm: 500, height_nm: 220 }, cladding: { n: 1.444, k: 0 }, substrate: { n: 1.444, k: 0 }, grid_nm: grid, window_nm: window, max_modes: maxModes, ...extra },
  polarization,
  wavelength_nm: 1550,
});

function time(rounds: number, problem: unknown, linalg: DenseLinalgKernel): { best: number; result: ChannelModeResult } {
  const ctx = { materials: literalResolver, kernels: { linalg } };
  let result = solvePhotonics(problem, ctx) as ChannelModeResult;
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    result = solvePhotonics(problem, ctx) as ChannelModeResult;
    best = Math.min(best, performance.now() - t0);
  }
  return { best, result };
}

const cases = [
  { label: 'EMpy grid 125 × 112 (EMpy 0.33 s)', grid: 20, window: { width: 2500, height: 2240 }, rounds: 3 },
  { label: 'EMpy grid 249 × 223 (EMpy 4.6 s)', grid: 10, window: { width: 2490, height: 2230 }, rounds: 1 },
];
console.log(`load average ${loadavg().map((v) => v.toFixed(1)).join(' ')} on this machine (times inflated when it is shared)`);
for (const c of cases) {
  for (const [what, pol, modes, extra] of [
    ['1 mode, full-vectorial', 'TE', 1, {}],
    ['4 modes, full-vectorial', 'both', 2, {}],
    ['1 mode, full-vectorial, whole window', 'TE', 1, { symmetry: 'none' }],
    ['1 mode, semi-vectorial', 'TE', 1, { method: 'semi_vectorial' }],
  ] as const) {
    // The reference beside WASM on the small grid only: on the large one it takes up to half a minute a solve.
    for (const linalg of c.grid === 10 ? [wasm] : [wasm, referenceLinalgKernel]) {
      const { best, result } = time(c.rounds, strip(c.grid, c.window, pol, modes, extra), linalg);
      const neff = result.modes.map((m) => `${m.polarization}${m.order} ${m.n_eff.toFixed(5)}`).join(', ');
      console.log(`${c.label}, ${what}, ${result.backend}: grid ${result.grid.nx} × ${result.grid.ny}, ${best.toFixed(0)} ms  [${neff}]  load ${(loadavg()[0] ?? 0).toFixed(1)}`);
    }
  }
}
