/**
 * Peer bench: EMpy's VFDModeSolver (shift-invert ARPACK around an n_eff guess, SuperLU) beside this
 * project's full-vectorial solver (sparse LU, WASM) on the 500 × 220 nm Si strip in SiO2 at 1550 nm,
 * the whole 2.48 × 2.22 µm window at 20 nm and 10 nm (124 × 111 and 248 × 222 cells on EMpy's side;
 * 124 × 112 and 248 × 222 here: this solver rounds to even counts), plus ours with the mirror planes.
 * Runs interleaved (EMpy, ours, EMpy, ours, …) and prints the CPU-time ratio EMpy ÷ ours per round
 * and the median. CPU time: EMpy's process_time() of build + solve (the Python import excluded);
 * ours process.cpuUsage() around solvePhotonics (the solve runs on one thread; the figure also
 * counts V8's background compiler and GC threads, so the wall-time ratio is printed beside it). Both sides ask for two modes (EMpy:
 * neigs 2 around n_eff 1.7, which returns TE0 and TM0; ours: polarization both, max_modes 1).
 *
 * EMpy is not vendored or installed by this project: git clone https://github.com/lbolla/EMpy to
 * any folder and set EMPY_PATH to it; numpy and scipy from the system (Debian: apt-get install
 * python3-numpy python3-scipy). Without them the bench says so and exits 0.
 *
 * Warm-up: V8 keeps optimising this solver in background threads over its first few solves in a
 * process (issue 20: at 10 nm the CPU time exceeded the wall time by 0.14–0.38 s on solves 1–5 and
 * matched it from the sixth on), so each grid first runs WARM_UP whole-window and mirror solves,
 * untimed; the very first solve of each grid is printed beside the steady-state rounds, and the
 * process's first (cold) ratio with it, so the cost a one-off user pays is on record too.
 * Run: EMPY_PATH=/path/to/EMpy npx tsx bench/peers/empy-mode.ts [rounds=3] [grids=20,10] [warm-up=3]
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadNodeWasmLinalgKernel } from '../../src/adapters/node/linalg-wasm.ts';
import { literalResolver } from '../../src/core/photonics/literal-resolver.ts';
import { solvePhotonics } from '../../src/core/photonics/solve.ts';
import type { ChannelModeResult } from '../../src/core/photonics/fdmode/solve.ts';
import { fvSystemSize, solveFullVectorialChannel } from '../../src/core/photonics/fdmode/fullvectorial-channel.ts';
import type { ChannelStructure } from '../../src/core/photonics/fdmode/problem.ts';

const WIDTH = 2480;
const HEIGHT = 2220;
const driver = join(dirname(fileURLToPath(import.meta.url)), 'empy_mode.py');
const rounds = Number(process.argv[2] ?? 3);
const grids = (process.argv[3] ?? '20,10').split(',').map(Number);
const WARM_UP = Number(process.argv[4] ?? 3);

interface PeerRun {
  readonly skip?: string;
  readonly neff?: number[];
  readonly cpu_s?: number;
  readonly wall_s?: number;
}

function empy(cell: number): PeerRun {
  const r = spawnSync('python3', [driver, String(cell), String(WIDTH), String(HEIGHT), '2', '1.7'], {
    encoding: 'utf8',
    env: { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', MKL_NUM_THREADS: '1' },
  });
  if (r.error) return { skip: `python3 not runnable (${r.error.message})` };
  const line = r.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as PeerRun;
  } catch {
    return { skip: `the EMpy driver failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}` };
  }
}

const wasm = await loadNodeWasmLinalgKernel();
const ctx = { materials: literalResolver, kernels: { linalg: wasm } };
const strip = (cell: number, symmetry: string) => ({
  kind: 'mode',
  structure: { type: 'channel', shape: 'strip', core: { material: { n: 3.476, k: 0 }, width_nm: 500, height_nm: 220 }, cladding: { n: 1.444, k: 0 }, substrate: { n: 1.444, k: 0 }, grid_nm: cell, window_nm: { width: WIDTH, height: HEIGHT }, max_modes: 1, symmetry },
  polarization: 'both',
  wavelength_nm: 1550,
});
function ours(cell: number, symmetry: string): { cpu_s: number; wall_s: number; neff: number[] } {
  const t0 = process.cpuUsage();
  const w0 = performance.now();
  const r = solvePhotonics(strip(cell, symmetry), ctx) as ChannelModeResult;
  const wall = (performance.now() - w0) / 1000;
  const dt = process.cpuUsage(t0);
  return { cpu_s: (dt.user + dt.system) / 1e6, wall_s: wall, neff: r.modes.map((m) => m.n_eff) };
}

const probe = empy(20);
if (probe.skip) {
  console.log(`skipped: ${probe.skip}`);
  process.exit(0);
}
const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] as number;
const fmt = (v: number[] | undefined): string => (v ?? []).map((x) => x.toFixed(6)).join(' ');
for (const cell of grids) {
  const first = ours(cell, 'none');
  const firstEmpy = empy(cell);
  console.log(`${cell} nm first solve of this grid in this process (for the first grid, the process's first): ours whole ${first.cpu_s.toFixed(3)} s, EMpy ${(firstEmpy.cpu_s ?? NaN).toFixed(3)} s, EMpy÷ours ${((firstEmpy.cpu_s ?? NaN) / first.cpu_s).toFixed(2)}`);
  // The factor this solve holds (minimum-degree fronts) beside the size the solver's memory guard
  // assumes before solving (symbolic, geometric nested dissection of the cell grid: an upper bound).
  const structure = strip(cell, 'none').structure as unknown as ChannelStructure;
  const held = solveFullVectorialChannel(structure, { core: 3.476, cladding: 1.444, substrate: 1.444 }, 1550, cell, { polarizations: ['TE', 'TM'], maxModes: 1, symmetry: 'none', linalg: wasm });
  const bound = fvSystemSize(structure, cell, 'none', true);
  const mib = (doubles: number): string => ((doubles * 8) / 2 ** 20).toFixed(0);
  console.log(`${cell} nm whole window: ${held.unknowns} unknowns, sparse LU peak ${mib(held.factorDoubles)} MiB (the memory guard's bound before solving: ${mib(bound.peakDoubles)} MiB)`);
  for (let w = 1; w < WARM_UP; w++) ours(cell, 'none');
  for (let w = 0; w < WARM_UP; w++) ours(cell, 'auto');
  const ratios: number[] = [];
  const mirrored: number[] = [];
  const wallRatios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const e = empy(cell);
    const o = ours(cell, 'none');
    const m = ours(cell, 'auto');
    ratios.push((e.cpu_s ?? NaN) / o.cpu_s);
    wallRatios.push((e.wall_s ?? NaN) / o.wall_s);
    mirrored.push((e.cpu_s ?? NaN) / m.cpu_s);
    console.log(`${cell} nm round ${i + 1}: EMpy ${(e.cpu_s ?? NaN).toFixed(3)} s [${fmt(e.neff)}]  ours whole ${o.cpu_s.toFixed(3)} s (wall ${o.wall_s.toFixed(3)} s) [${fmt(o.neff)}]  ours mirrors ${m.cpu_s.toFixed(3)} s  EMpy÷ours whole ${(ratios[i] as number).toFixed(2)}, mirrors ${(mirrored[i] as number).toFixed(2)}`);
  }
  console.log(`${cell} nm: median CPU-time ratio EMpy ÷ ours = ${median(ratios).toFixed(2)} (whole window), ${median(mirrored).toFixed(2)} (mirror planes), after ${WARM_UP} warm-up solves of each; wall-time ratio ${median(wallRatios).toFixed(2)} (whole window: the CPU time also counts V8's compiler and GC threads); load average ${(loadavg()[0] ?? 0).toFixed(2)}`);
}
