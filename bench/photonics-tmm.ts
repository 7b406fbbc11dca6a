/**
 * Thin-film TMM throughput in Node, one thread: µs per wavelength for a 22-layer coherent stack
 * (the size of the peer figure), for the WASM kernel and the TypeScript reference, called one
 * wavelength at a time and as one 1,000-point spectrum, plus the full solveLayerStack path (problem
 * → materials → kernel → JSON) for a 1,000-point spectrum. Each figure is the best of 15 timed rounds
 * after a warm-up (the least disturbed by other processes), with the median beside it in parentheses.
 * Run: npx tsx bench/photonics-tmm.ts
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadNodeWasmTmmKernel } from '../src/adapters/node/tmm-wasm.ts';
import { literalResolver } from '../src/core/photonics/literal-resolver.ts';
import type { TmmBatch, TmmKernel } from '../src/core/photonics/tmm/kernel.ts';
import { pointStride } from '../src/core/photonics/tmm/layout.ts';
import { LayerStackProblemSchema } from '../src/core/photonics/tmm/problem.ts';
import { referenceTmmKernel } from '../src/core/photonics/tmm/reference.ts';
import { solveLayerStack } from '../src/core/photonics/tmm/solve.ts';

const PEER = 'Python tmm package ≈ 200 µs for a 22-layer stack at one wavelength (target 100× faster: ≤ 2 µs)';
const LAYERS = 22;
const SPECTRUM = 1000;
const ROUNDS = 15;

/** A 22-layer quarter-wave mirror at 550 nm (TiO2-like, weakly absorbing / SiO2-like) on glass, in air. */
function mirror(wavelengths: number[]): TmmBatch {
  const [nH, kH, nL] = [2.35, 1e-3, 1.46];
  const idx: number[] = [];
  for (let w = 0; w < wavelengths.length; w++) {
    idx.push(1, 0);
    for (let j = 0; j < LAYERS; j++) idx.push(...(j % 2 === 0 ? [nH, kH] : [nL, 0]));
    idx.push(1.52, 0);
  }
  return {
    layerCount: LAYERS,
    wavelengthCount: wavelengths.length,
    angleCount: 1,
    wavelengths_nm: Float64Array.from(wavelengths),
    indices: Float64Array.from(idx),
    thicknesses_nm: Float64Array.from({ length: LAYERS }, (_, j) => 550 / (4 * (j % 2 === 0 ? nH : nL))),
    coherent: new Uint8Array(LAYERS).fill(1),
    angles_rad: Float64Array.of(0.3),
    polarization: 's',
  };
}

const spectrum = (): number[] => Array.from({ length: SPECTRUM }, (_, i) => 400 + (400 * i) / (SPECTRUM - 1));
interface Timing {
  readonly best: number;
  readonly median: number;
}

const scaleTiming = (t: Timing, f: number): Timing => ({ best: t.best * f, median: t.median * f });
const show = (t: Timing, digits = 2): string => `${t.best.toFixed(digits)} (${t.median.toFixed(digits)})`;

/** Best and median over rounds of the time per call of `fn`, in µs; each round runs ≈ roundMs. */
function timePerCall(fn: () => void, roundMs = 100): Timing {
  let calls = 1;
  for (let t0 = performance.now(); performance.now() - t0 < roundMs; calls *= 2) for (let i = 0; i < calls; i++) fn(); // warm-up, sizes a round
  const perRound = Math.max(1, calls >> 1);
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    for (let i = 0; i < perRound; i++) fn();
    rounds.push(((performance.now() - t0) * 1000) / perRound);
  }
  rounds.sort((a, b) => a - b);
  return { best: rounds[0] as number, median: rounds[Math.floor(rounds.length / 2)] as number };
}

function kernelRows(kernel: TmmKernel): { single: Timing; perWavelength: Timing; spectrumMs: Timing } {
  const one = mirror([550]);
  const outOne = new Float64Array(pointStride(LAYERS));
  const single = timePerCall(() => kernel.solve(one, outOne));
  const many = mirror(spectrum());
  const outMany = new Float64Array(SPECTRUM * pointStride(LAYERS));
  const spectrumUs = timePerCall(() => kernel.solve(many, outMany));
  return { single, perWavelength: scaleTiming(spectrumUs, 1 / SPECTRUM), spectrumMs: scaleTiming(spectrumUs, 1 / 1000) };
}

function problemSpectrumMs(kernel: TmmKernel): Timing {
  const problem = LayerStackProblemSchema.parse({
    kind: 'layer_stack',
    layers: Array.from({ length: LAYERS }, (_, j) => ({
      material: j % 2 === 0 ? { n: 2.35, k: 1e-3 } : { n: 1.46, k: 0 },
      thickness_nm: 550 / (4 * (j % 2 === 0 ? 2.35 : 1.46)),
    })),
    exit_medium: { n: 1.52, k: 0 },
    polarization: 's',
    angle_deg: 17,
    wavelength_range_nm: { start: 400, stop: 800, count: SPECTRUM },
  });
  return scaleTiming(timePerCall(() => solveLayerStack(problem, { materials: literalResolver, kernels: { tmm: kernel } }), 150), 1 / 1000);
}

export async function runTmmBench(): Promise<void> {
  const kernels = [await loadNodeWasmTmmKernel(), referenceTmmKernel];
  console.log(`Thin-film TMM, Node ${process.version}, one thread, ${LAYERS}-layer coherent stack, s, 17°; best (median) of ${ROUNDS} rounds`);
  console.log(`peer: ${PEER}`);
  const cols = [10, 18, 20, 18, 18, 8];
  const row = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(cols[0] as number) : c.padStart(cols[i] as number))).join('  ');
  console.log(row(['backend', 'µs/λ, 1 call/λ', 'µs/λ, 1000-λ call', 'kernel, 1000 λ ms', 'solve, 1000 λ ms', 'vs peer']));
  for (const kernel of kernels) {
    const k = kernelRows(kernel);
    const solveMs = problemSpectrumMs(kernel);
    console.log(row([kernel.id, show(k.single), show(k.perWavelength), show(k.spectrumMs), show(solveMs, 1), `${Math.round(200 / k.perWavelength.best)}×`]));
  }
  console.log('"1000-λ solve" is the whole solveLayerStack path: schema-parsed problem, materials per wavelength, kernel, JSON arrays.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runTmmBench();
