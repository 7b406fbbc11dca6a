/**
 * Slab-mode and circuit solve times in Node, one thread: microseconds per solve for typical problems
 * (median of 5 rounds of ~200 ms after a warm-up round). Both solvers are TypeScript only — closed
 * forms and 1-D root finding — so there is no WASM row. Run: npx tsx bench/photonics-slab-circuit.ts
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CircuitProblemSchema } from '../src/core/photonics/circuit/problem.ts';
import { solveCircuit } from '../src/core/photonics/circuit/solve.ts';
import { literalResolver } from '../src/core/photonics/literal-resolver.ts';
import { ModeProblemSchema } from '../src/core/photonics/slab/problem.ts';
import { solveMode } from '../src/core/photonics/slab/solve.ts';

const ctx = { materials: literalResolver };
const SI = { n: 3.476, k: 0 };
const SIO2 = { n: 1.444, k: 0 };
const WG = { n_eff: 2.4, n_g: 4.2, loss_db_per_cm: 3, reference_wavelength_nm: 1550 };
const SWEEP = { wavelength_range_nm: { start: 1500, stop: 1600, count: 1000 } };

const slab = (thickness_nm: number, extra: Record<string, unknown>) =>
  ModeProblemSchema.parse({ kind: 'mode', structure: { type: 'slab', core: { material: SI, thickness_nm }, cover: SIO2, substrate: SIO2 }, polarization: 'both', ...extra });
const circuit = (c: Record<string, unknown>, extra: Record<string, unknown> = SWEEP) => CircuitProblemSchema.parse({ kind: 'circuit', circuit: c, ...extra });

// Problems are parsed once, outside the timing: the figures are solve times.
const modeCase = (name: string, p: ReturnType<typeof slab>) => ({ name, run: () => solveMode(p, ctx) });
const circuitCase = (name: string, p: ReturnType<typeof circuit>) => ({ name, run: () => solveCircuit(p, ctx) });
const CASES: { name: string; run: () => unknown }[] = [
  modeCase('slab Si 220 nm, TE+TM, 1 λ (n_eff, n_g, cutoffs)', slab(220, { wavelength_nm: 1550 })),
  modeCase('slab Si 2 µm, TE+TM, 1 λ (18 modes)', slab(2000, { wavelength_nm: 1550 })),
  modeCase('slab Si 220 nm, TE+TM, 1 λ, 1000-point profiles', slab(220, { wavelength_nm: 1550, profile_points: 1000 })),
  modeCase('slab Si 220 nm, TE+TM, 1000 λ', slab(220, SWEEP)),
  circuitCase('splitter 1×2, 1 λ (with passivity check)', circuit({ type: 'splitter', outputs: [{ power_fraction: 0.5 }, { power_fraction: 0.5 }] }, { wavelength_nm: 1550 })),
  circuitCase('all-pass ring, 1000 λ', circuit({ type: 'ring_all_pass', radius_um: 10, waveguide: WG, coupling: { power_coupling: 0.05 } })),
  circuitCase(
    'add-drop ring, 1000 λ',
    circuit({ type: 'ring_add_drop', radius_um: 10, waveguide: WG, input_coupling: { power_coupling: 0.05 }, drop_coupling: { power_coupling: 0.05 } }),
  ),
  circuitCase('MZI, 1000 λ', circuit({ type: 'mzi', arm_length_um: 100, delta_length_um: 50, waveguide: WG })),
];

function timeUs(run: () => unknown, roundMs: number): number {
  const rounds: number[] = [];
  for (let r = 0; r < 6; r++) {
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < roundMs) {
      run();
      n++;
      t = performance.now();
    }
    if (r > 0) rounds.push(((t - t0) * 1000) / n); // round 0 warms up the JIT
  }
  rounds.sort((a, b) => a - b);
  return rounds[Math.floor(rounds.length / 2)] ?? NaN;
}

export async function runSlabCircuitBench(roundMs = 200): Promise<void> {
  console.log(`Slab modes and circuits, Node ${process.version}, one thread, TypeScript reference (no WASM), median of 5 rounds of ${roundMs} ms`);
  for (const c of CASES) {
    const us = timeUs(c.run, roundMs);
    console.log(`${c.name.padEnd(52)} ${us.toFixed(1).padStart(10)} µs per solve`);
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await runSlabCircuitBench();
