/**
 * Inverse design (issue 6) in Node, one thread: full FDFD LDLᵀ factorisation time on the default grid
 * (86 × 86 cells at 40 nm, half-bandwidth 86) and at 20 nm (152 × 152 for a 1.6 µm region) on the
 * TypeScript reference and on the WASM linear-algebra kernel (bit-identical factors), then a whole
 * default solve per device on WASM (the bend on the reference too) with its FOM trajectory. Each figure prints the machine's
 * load average beside it: on a shared machine the times are inflated by whatever else runs.
 * Run: npx tsx bench/photonics-topopt.ts
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadNodeWasmLinalgKernel } from '../src/adapters/node/linalg-wasm.ts';
import { referenceLinalgKernel } from '../src/core/photonics/linalg/reference-kernel.ts';
import { literalResolver } from '../src/core/photonics/literal-resolver.ts';
import { InverseDesignProblemSchema } from '../src/core/photonics/topopt/problem.ts';
import { buildLayout } from '../src/core/photonics/topopt/layout.ts';
import { solveInverseDesign } from '../src/core/photonics/topopt/solve.ts';
import { estimateInverseDesign } from '../src/core/photonics/topopt/estimate.ts';
import { assembleOperator } from '../src/core/photonics/fdfd/operator.ts';
import { timed } from './timing.ts';

const wasm = await loadNodeWasmLinalgKernel();
const load = () => `load ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`;


for (const extra of [{}, { cell_nm: 20, design_width_nm: 1600, design_height_nm: 1600 }]) {
  const p = InverseDesignProblemSchema.parse({ kind: 'inverse_design', device: 'bend', ...extra });
  const layout = buildLayout(p);
  const g = layout.grid;
  const matrix = assembleOperator(g, layout.background, layout.k0);
  const cells = [referenceLinalgKernel, wasm].map((k) => {
    const t = timed(3, () => k.eliminateSymmetricBanded(matrix, matrix.n));
    return `${k.id} ${t.best.toFixed(0)} ms (median ${t.median.toFixed(0)})`;
  });
  console.log(`FDFD LDLᵀ factorisation ${g.nx} × ${g.ny} (${g.nx * g.ny} unknowns, half-bandwidth ${Math.min(g.nx, g.ny)}): ${cells.join(' · ')} [${load()}]`);
}

for (const [device, linalg] of [
  ['bend', wasm],
  ['bend', referenceLinalgKernel],
  ['mode_converter', wasm],
  ['splitter', wasm],
] as const) {
  const ctx = { materials: literalResolver, kernels: { linalg } };
  const p = InverseDesignProblemSchema.parse({ kind: 'inverse_design', device });
  const estimate = estimateInverseDesign(p, { now: () => performance.now() }, linalg.eliminateSymmetricBanded);
  const t0 = performance.now();
  const r = solveInverseDesign(p, ctx);
  const ms = performance.now() - t0;
  const trajectory = r.fom.history.map((f) => f.toFixed(2)).join(' ');
  console.log(
    `inverse design ${device} (${r.backend}), ${p.iterations} iterations on ${r.grid.nx} × ${r.grid.ny}: ${(ms / 1000).toFixed(1)} s (${(ms / p.iterations).toFixed(0)} ms per iteration, checks included; estimate said ${estimate.expected_seconds.toFixed(1)} s) [${load()}]\n` +
      `  FOM ${r.fom.initial.toFixed(3)} → ${r.fom.final_continuous.toFixed(3)} continuous, ${r.fom.binarised.toFixed(3)} binarised (gap ${r.fom.gap.toFixed(4)}), grey ${(r.grey_fraction * 100).toFixed(1)} %, power balance ${r.power_balance.toFixed(4)}, warnings ${r.warnings.length}\n` +
      `  trajectory: ${trajectory}`,
  );
}
