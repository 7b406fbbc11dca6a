/**
 * Estimates against measurements: for every playground preset that Solve estimates first (the grid
 * kinds, src/app/playground/estimate-first.ts), the expected time estimate() gives on this machine
 * beside the time the solve then takes (Node, one thread, the CLI's context: WASM kernels, no GPU),
 * and their ratio; the goal is every preset within 2× (ratio between 0.5 and 2).
 *
 * Two clocks, because the machine is shared. The page times its probe by the wall clock, so the wall
 * columns are what a visitor sees: the estimate with a wall-clock probe, the solve by the wall clock.
 * But on a loaded machine a best-of-three probe of milliseconds often runs unpreempted while a solve
 * of a second gets its share of the cores, so the wall ratio drifts low with the load, whatever the
 * model. The CPU columns give the probe a CPU clock (process.cpuUsage, the same injected `now`) and
 * time the solve's CPU: that ratio is the cost model's, and the verdict. Each preset runs `rounds`
 * rounds (estimate, CPU estimate, solve, interleaved so each round sees one load) after an untimed
 * one; medians are printed. It runs under --single-threaded-gc (it re-runs itself so; see GC_FLAG).
 * Run: npx tsx bench/photonics-estimates.ts [--rounds N] [preset-id …]
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createNodeSolveContext } from '../src/adapters/node/photonics-context.ts';
import { estimatePhotonics } from '../src/core/photonics/estimate.ts';
import { parsePhotonicsProblem, solveParsedPhotonics } from '../src/core/photonics/solve.ts';
import { estimatesFirst } from '../src/app/playground/estimate-first.ts';
import { PHOTONICS_KINDS } from '../src/app/playground/kinds.ts';
import { PRESETS } from '../src/app/playground/presets.ts';

const cpuMs = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** max(r, 1/r): how far off, either way. */
const factor = (r: number): number => Math.max(r, 1 / r);

export async function runEstimatesBench(only: readonly string[] = [], rounds = 3): Promise<{ worstCpu: number; worstWall: number }> {
  const ctx = await createNodeSolveContext();
  const solve = (p: Parameters<typeof solveParsedPhotonics>[0]) => solveParsedPhotonics(p, ctx);
  console.log(`medians of ${rounds} round(s); load average at start ${loadavg()[0]!.toFixed(1)} on this machine`);
  console.log(
    'preset'.padEnd(24) + 'kind'.padEnd(16) + 'wall: est s'.padStart(12) + 'solve s'.padStart(9) + 'ratio'.padStart(7) + '   cpu: est s'.padStart(13) + 'solve s'.padStart(9) + 'ratio'.padStart(7) + '  within 2× (cpu)',
  );
  let worstCpu = { f: 1, id: '' };
  let worstWall = { f: 1, id: '' };
  for (const kind of PHOTONICS_KINDS) {
    for (const preset of PRESETS[kind]) {
      if (!estimatesFirst(preset.problem) || (only.length > 0 && !only.includes(preset.id))) continue;
      const problem = parsePhotonicsProblem(preset.problem);
      const wall = { est: [] as number[], solve: [] as number[], ratio: [] as number[] };
      const cpu = { est: [] as number[], solve: [] as number[], ratio: [] as number[] };
      // One untimed round first: process.cpuUsage counts every thread, and V8 compiles optimised code
      // on background threads for a while after a solver's first calls, which inflated the first
      // preset's CPU-clock probe up to 2× its wall time.
      estimatePhotonics(problem, ctx, { now: () => performance.now() }, solve);
      solve(problem);
      for (let r = 0; r < rounds; r++) {
        const byWall = estimatePhotonics(problem, ctx, { now: () => performance.now() }, solve).expected_seconds;
        const byCpu = estimatePhotonics(problem, ctx, { now: cpuMs }, solve).expected_seconds;
        const c0 = cpuMs();
        const t0 = performance.now();
        solve(problem);
        const w = (performance.now() - t0) / 1000;
        const c = (cpuMs() - c0) / 1000;
        wall.est.push(byWall);
        wall.solve.push(w);
        wall.ratio.push(byWall / w);
        cpu.est.push(byCpu);
        cpu.solve.push(c);
        cpu.ratio.push(byCpu / c);
      }
      const [wr, cr] = [median(wall.ratio), median(cpu.ratio)];
      if (factor(cr) > worstCpu.f) worstCpu = { f: factor(cr), id: preset.id };
      if (factor(wr) > worstWall.f) worstWall = { f: factor(wr), id: preset.id };
      console.log(
        preset.id.padEnd(24) +
          kind.padEnd(16) +
          median(wall.est).toFixed(3).padStart(12) +
          median(wall.solve).toFixed(3).padStart(9) +
          wr.toFixed(2).padStart(7) +
          median(cpu.est).toFixed(3).padStart(13) +
          median(cpu.solve).toFixed(3).padStart(9) +
          cr.toFixed(2).padStart(7) +
          `  ${factor(cr) <= 2 ? 'yes' : 'NO'}`,
      );
    }
  }
  const every = worstCpu.f <= 2;
  console.log(
    `every preset within 2× on the CPU clock: ${every ? 'yes' : 'NO'}, worst ${worstCpu.f.toFixed(2)}× (${worstCpu.id}); wall clock (the page's probe) worst ${worstWall.f.toFixed(2)}× (${worstWall.id}) at load ${loadavg()[0]!.toFixed(1)}`,
  );
  return { worstCpu: worstCpu.f, worstWall: worstWall.f };
}

/**
 * process.cpuUsage counts every thread of the process, and V8's parallel scavenges run on helper
 * threads: a 41-wavelength sweep's solve then read up to 1.5× its wall time in CPU while its best-of-
 * three probe dodged them. With --single-threaded-gc every collection runs on the solving thread, so
 * the CPU clock counts the work a lone core would do; the bench re-runs itself under that flag.
 */
const GC_FLAG = '--single-threaded-gc';

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.execArgv.includes(GC_FLAG)) {
    const r = spawnSync(process.execPath, [GC_FLAG, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }
  const args = process.argv.slice(2);
  const at = args.indexOf('--rounds');
  const rounds = at >= 0 ? Number(args[at + 1]) : 3;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds takes a positive integer (got ${args[at + 1]})`);
  await runEstimatesBench(at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args, rounds);
}
