/**
 * Mie throughput in Node, one thread: µs per sphere for the WASM kernel and the TypeScript reference,
 * on 10,000 seeded spheres with x log-uniform in [0.01, 100] and m = 1.5 + 0.01i (the regime of the
 * peer figure), median of 5 timed rounds after a warm-up. Also a coated-sphere batch and a complete
 * 1,000-wavelength spectrum solve (materials, kernel, result assembly), and the gold-in-water
 * spectrum with the names "Au" and "water" against the same solve with literal indices, as a ratio
 * (issue 20: a named material is interpolated once per grid, so it should cost about what a literal
 * index does; the rounds alternate, so machine load hits both).
 * Run: npx tsx bench/photonics-mie.ts   (needs npm run build:wasm)
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadNodeWasmMieKernel } from '../src/adapters/node/mie-wasm.ts';
import { literalResolver } from '../src/core/photonics/literal-resolver.ts';
import { createMaterialLibrary } from '../src/core/photonics/materials/library.ts';
import type { MieKernel } from '../src/core/photonics/mie/kernel.ts';
import { COATED_INPUT_STRIDE, MIE_OUTPUT_STRIDE, SPHERE_IN, SPHERE_INPUT_STRIDE } from '../src/core/photonics/mie/layout.ts';
import { ScatteringProblemSchema } from '../src/core/photonics/mie/problem.ts';
import { randomCoatedBatch } from '../src/core/photonics/mie/random-batch.ts';
import { referenceMieKernel } from '../src/core/photonics/mie/reference.ts';
import { solveScattering } from '../src/core/photonics/mie/solve.ts';
import { createRng } from '../src/core/stats/rng.ts';

const SPHERES = 10_000;
const ROUNDS = 5;
const PEER = 'miepython (numba JIT) ≈ 1.5 µs per sphere, x in 0.01–100';

function peerBatch(): Float64Array {
  const rng = createRng(2026);
  const input = new Float64Array(SPHERES * SPHERE_INPUT_STRIDE);
  for (let i = 0; i < SPHERES; i++) {
    const o = i * SPHERE_INPUT_STRIDE;
    input[o + SPHERE_IN.mRe] = 1.5;
    input[o + SPHERE_IN.mIm] = 0.01;
    input[o + SPHERE_IN.x] = Math.exp(rng.uniform(Math.log(0.01), Math.log(100)));
  }
  return input;
}

interface Timing {
  /** Median wall-clock µs per particle. */
  readonly wall: number;
  /** Median CPU µs per particle (user + system time of this process): what wall-clock time is on an idle core. */
  readonly cpu: number;
}

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Median µs per particle over ROUNDS rounds of at least `roundMs` each, after a warm-up round. */
function microsPerParticle(run: () => void, particles: number, roundMs: number): Timing {
  const warmEnd = performance.now() + roundMs;
  while (performance.now() < warmEnd) run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let reps = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < roundMs) {
      run();
      reps++;
      t = performance.now();
    }
    const c = process.cpuUsage(c0);
    wall.push(((t - t0) * 1000) / (reps * particles));
    cpu.push((c.user + c.system) / (reps * particles));
  }
  return { wall: median(wall), cpu: median(cpu) };
}

export async function runMieBench(roundMs = 500): Promise<void> {
  const kernels: MieKernel[] = [await loadNodeWasmMieKernel(), referenceMieKernel];
  const spheres = peerBatch();
  const coated = randomCoatedBatch(createRng(7), 2000, 0.01, 100);
  const out = new Float64Array(SPHERES * MIE_OUTPUT_STRIDE);

  console.log(`Mie, Node ${process.version}, one thread, median of ${ROUNDS} rounds of ${roundMs} ms`);
  console.log(`spheres: ${SPHERES.toLocaleString('en')} with x log-uniform in [0.01, 100], m = 1.5 + 0.01i; coated: 2,000 random, y in [0.01, 100]`);
  console.log('wall = elapsed time; cpu = this process\'s CPU time (equal on an idle core; on a loaded machine wall is larger)');
  console.log(['kernel'.padEnd(10), 'µs/sphere wall'.padStart(15), 'cpu'.padStart(7), 'spheres/s (cpu)'.padStart(16), 'µs/coated wall'.padStart(15), 'cpu'.padStart(7)].join('  '));
  for (const k of kernels) {
    const s = microsPerParticle(() => k.spheres(spheres, SPHERES, out), SPHERES, roundMs);
    const c = microsPerParticle(() => k.coated(coated, coated.length / COATED_INPUT_STRIDE, out), coated.length / COATED_INPUT_STRIDE, roundMs);
    console.log(
      [
        k.id.padEnd(10),
        s.wall.toFixed(2).padStart(15),
        s.cpu.toFixed(2).padStart(7),
        Math.round(1e6 / s.cpu).toLocaleString('en').padStart(16),
        c.wall.toFixed(2).padStart(15),
        c.cpu.toFixed(2).padStart(7),
      ].join('  '),
    );
  }
  console.log(`peer: ${PEER}`);

  const problem = ScatteringProblemSchema.parse({
    kind: 'scattering',
    particle: { shape: 'sphere', radius_nm: 100, material: { n: 1.5, k: 0.01 } },
    medium: { n: 1.33, k: 0 },
    wavelength_range_nm: { start: 300, stop: 1200, count: 1000 },
  });
  for (const k of kernels) {
    const t = microsPerParticle(() => solveScattering(problem, { materials: literalResolver, kernels: { mie: k } }), 1, roundMs);
    console.log(`1,000-wavelength spectrum (r = 100 nm in water, x ≤ 2.8) solved end to end, ${k.id}: ${(t.wall / 1000).toFixed(2)} ms wall, ${(t.cpu / 1000).toFixed(2)} ms cpu`);
  }
  namedAgainstLiteral(kernels[0] as MieKernel, roundMs);
}

/**
 * Gold (r = 50 nm) in water, 1,000 wavelengths 400–900 nm, end to end on `kernel`: named ("Au",
 * "water", one library kept across solves as the CLI, page and MCP server keep theirs) against literal
 * indices (Au and water at 650 nm, constant). Rounds alternate; the figure is the median per-round
 * CPU ratio named ÷ literal.
 */
function namedAgainstLiteral(kernel: MieKernel, roundMs: number): void {
  const grid = { start: 400, stop: 900, count: 1000 };
  const lib = createMaterialLibrary();
  const au = lib.resolve('Au', 650);
  const water = lib.resolve('water', 650);
  const named = ScatteringProblemSchema.parse({ kind: 'scattering', particle: { shape: 'sphere', radius_nm: 50, material: 'Au' }, medium: 'water', wavelength_range_nm: grid });
  const literal = ScatteringProblemSchema.parse({ kind: 'scattering', particle: { shape: 'sphere', radius_nm: 50, material: { n: au.n, k: au.k } }, medium: { n: water.n, k: 0 }, wavelength_range_nm: grid });
  const ratios: number[] = [];
  let namedMs = 0;
  let literalMs = 0;
  const share = Math.max(50, roundMs / 5);
  for (let r = 0; r < ROUNDS; r++) {
    const n = microsPerParticle(() => solveScattering(named, { materials: lib, kernels: { mie: kernel } }), 1, share);
    const l = microsPerParticle(() => solveScattering(literal, { materials: literalResolver, kernels: { mie: kernel } }), 1, share);
    ratios.push(n.cpu / l.cpu);
    namedMs = n.cpu / 1000;
    literalMs = l.cpu / 1000;
  }
  const ratio = median(ratios);
  console.log(
    `gold in water, 1,000 wavelengths, ${kernel.id}: named "Au"/"water" ÷ literal index = ${ratio.toFixed(2)}× CPU ` +
      `(last round ${namedMs.toFixed(2)} vs ${literalMs.toFixed(2)} ms; goal ≈ 1, within 1.25: ${ratio <= 1.25 ? 'met' : 'not met'})`,
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await runMieBench();
