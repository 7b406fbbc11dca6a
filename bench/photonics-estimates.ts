/**
 * Estimates against measurements: for every playground preset that Solve estimates first (the grid
 * kinds, src/app/playground/estimate-first.ts), the expected time estimate() gives on this machine
 * beside the time the solve then takes (Node, one thread, the CLI's context: WASM kernels, no GPU),
 * and their ratio; the goal is every preset within 2× (ratio between 0.5 and 2). The estimate's probe
 * is timed by the wall clock (as in the page), so the solve is too, with this process's CPU time
 * beside it (on a loaded machine wall exceeds CPU); one solve each, after the estimate warmed it up.
 * Run: npx tsx bench/photonics-estimates.ts [preset-id …]
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createNodeSolveContext } from '../src/adapters/node/photonics-context.ts';
import { estimatePhotonics } from '../src/core/photonics/estimate.ts';
import { parsePhotonicsProblem, solveParsedPhotonics } from '../src/core/photonics/solve.ts';
import { estimatesFirst } from '../src/app/playground/estimate-first.ts';
import { PHOTONICS_KINDS } from '../src/app/playground/kinds.ts';
import { PRESETS } from '../src/app/playground/presets.ts';

export async function runEstimatesBench(only: readonly string[] = []): Promise<void> {
  const ctx = await createNodeSolveContext();
  console.log('preset'.padEnd(24) + 'kind'.padEnd(16) + 'predicted s'.padStart(12) + 'measured s'.padStart(12) + 'cpu s'.padStart(8) + 'ratio'.padStart(8) + '  within 2×');
  let worst = 1;
  for (const kind of PHOTONICS_KINDS) {
    for (const preset of PRESETS[kind]) {
      if (!estimatesFirst(preset.problem) || (only.length > 0 && !only.includes(preset.id))) continue;
      const problem = parsePhotonicsProblem(preset.problem);
      const estimate = estimatePhotonics(problem, ctx, { now: () => performance.now() }, (p) => solveParsedPhotonics(p, ctx));
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      solveParsedPhotonics(problem, ctx);
      const measured = (performance.now() - t0) / 1000;
      const c = process.cpuUsage(c0);
      const cpu = (c.user + c.system) / 1e6;
      const ratio = estimate.expected_seconds / measured;
      worst = Math.max(worst, ratio, 1 / ratio);
      console.log(
        preset.id.padEnd(24) +
          kind.padEnd(16) +
          estimate.expected_seconds.toFixed(3).padStart(12) +
          measured.toFixed(3).padStart(12) +
          cpu.toFixed(3).padStart(8) +
          ratio.toFixed(2).padStart(8) +
          `  ${ratio >= 0.5 && ratio <= 2 ? 'yes' : 'NO'}`,
      );
    }
  }
  console.log(`worst factor between predicted and measured: ${worst.toFixed(2)}× (goal ≤ 2×)`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await runEstimatesBench(process.argv.slice(2));
