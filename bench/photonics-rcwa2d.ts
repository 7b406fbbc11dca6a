/**
 * The 2D RCWA of issue 6 in Node, one thread, TypeScript reference linear algebra: the
 * photonic-crystal slab of Fan & Joannopoulos (PRB 65, 235112 (2002): air holes r = 0.2a in ε = 12,
 * 0.5a thick, a = 1000 nm) at one wavelength near its guided resonance (a/λ = 0.38), s-polarised,
 * at 5×5, 7×7, 9×9 and 11×11 orders (H = 25…121 harmonics, a 2H × 2H eigenproblem per solve),
 * first on the TypeScript reference linear algebra, then on the dense kernel the Node context picks
 * (WASM when build/wasm/photonics-linalg.wasm exists).
 * Best of a few rounds after a warm-up, median beside it, the 1-minute load average after each line
 * (a loaded machine inflates every figure); T is printed so a speed-up that changes the answer shows.
 * Run: npx tsx bench/photonics-rcwa2d.ts
 */
import { loadavg } from 'node:os';
import { literalResolver } from '../src/core/photonics/literal-resolver.ts';
import { createNodeSolveContext } from '../src/adapters/node/photonics-context.ts';
import type { SolveContext } from '../src/core/photonics/solve-context.ts';
import { Grating2dProblemSchema } from '../src/core/photonics/rcwa/problem2d.ts';
import { solveGrating2dProblem } from '../src/core/photonics/rcwa/solve2d.ts';
import { timed } from './timing.ts';


function slab(orders: number): unknown {
  return {
    kind: 'grating_2d',
    period_x_nm: 1000,
    cover: { n: 1, k: 0 },
    substrate: { n: 1, k: 0 },
    layers: [{ thickness_nm: 500, background: { n: Math.sqrt(12), k: 0 }, shapes: [{ type: 'circle', radius_nm: 200, material: { n: 1, k: 0 } }] }],
    polarization: 's',
    harmonics_x: orders,
    convergence_check: false,
    wavelength_nm: 1000 / 0.38,
  };
}


async function main(): Promise<void> {
  const node = await createNodeSolveContext();
  for (const [label, ctx] of [
    ['reference', { materials: literalResolver }],
    [node.kernels?.linalg?.id ?? 'reference', node],
  ] as [string, SolveContext][]) {
    for (const [orders, rounds] of [
      [2, 5],
      [3, 3],
      [4, 3],
      [5, 2],
    ] as const) {
      const problem = Grating2dProblemSchema.parse(slab(orders));
      const t = timed(rounds, () => solveGrating2dProblem(problem, ctx));
      const side = 2 * orders + 1;
      const T = t.result.points[0]?.T ?? NaN;
      console.log(
        `PhC slab (${label}), ${side}×${side} orders (H = ${side * side}): ${t.best.toFixed(0)} ms per solve (median ${t.median.toFixed(0)} ms), T = ${T.toFixed(6)}; load ${loadavg()[0]!.toFixed(2)}`,
      );
    }
  }
}

void main();
