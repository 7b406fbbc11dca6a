/**
 * Peer bench: plane-wave band structures per k-point beside MPB (Debian `mpb`) and a plain NumPy
 * FFT + SciPy LOBPCG solve of the same operator, interleaved (MPB, NumPy, ours, MPB, …) in one
 * process tree, printing the CPU-time ratios peer ÷ ours per round and their medians.
 *
 * Crystals (841 plane waves = 29 per axis, MPB resolution 29 = the same 29 × 29 grid, 8 bands,
 * 10 k-points Γ–X–M–Γ or Γ–M–K–Γ, each k-point warm-started from the previous one on every side):
 *   square lattice of ε = 12 rods, r = 0.2a, TM;  triangular lattice of air holes, r = 0.3a in ε = 12, TE.
 * CPU time: MPB's child-process user + sys of the whole path minus a run of its first k-point alone
 * (start-up and the first k-point), over the other k-points; NumPy's process_time() of the k-point
 * loop over all k-points; ours process.cpuUsage() of solveBandsFft over all k-points (setup
 * included), on the WASM kernels.
 * Accuracy, stated per side: ours and NumPy against the dense eigenvalues of the same Θ matrix
 * (built from the DFT of η or κ, all 841 eigenvalues by Householder + QL) at every k-point; MPB at
 * its default tolerance (1e-7) against MPB at 1e-12 (all digits, from all-freqs).
 * Run: npx tsx bench/peers/mpb-pwe.ts [rounds=3]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadNodeWasmLinalgKernel } from '../../src/adapters/node/linalg-wasm.ts';
import type { BandsInput } from '../../src/core/photonics/pwe/bands.ts';
import { FFT_TOLERANCE, prepareFftBands, solveBandsFft, thetaAt } from '../../src/core/photonics/pwe/bands-fft.ts';
import { kPath } from '../../src/core/photonics/pwe/lattice.ts';
import { planeWaveOrders } from '../../src/core/photonics/pwe/operator.ts';
import { symmetricEigenvalues } from '../../src/core/photonics/linalg/symmetric-eigenvalues.ts';

const driver = join(dirname(fileURLToPath(import.meta.url)), 'pwe_peers.py');
const rounds = Number(process.argv[2] ?? 3);
const P = 29;
const BANDS = 8;
/** Our block: the bands plus the solver's two guard vectors; NumPy's LOBPCG gets the same block. */
const BLOCK = BANDS + 2;
/** SciPy's tolerance is absolute on ‖Ax − λx‖; 1e-3 is below ours (relative) for every band above the first. */
const NUMPY_TOL = 1e-3;

interface Crystal {
  readonly name: string;
  readonly input: BandsInput;
  /** MPB control file; `;;K-POINTS-END` marks where the driver cuts the path to its first k-point. */
  readonly ctl: string;
}

const kInterp = 'interpolate 2';
const crystals: Crystal[] = [
  {
    name: 'square rods ε = 12, r = 0.2a, TM',
    input: { lattice: 'square', background: 1, shapes: [{ shape: 'circle', center: { x: 0, y: 0 }, radius: 0.2, epsilon: 12 }], polarization: 'TM', planeWavesPerAxis: P, kPointsPerSegment: 3, bands: BANDS },
    ctl: `(set! num-bands ${BANDS})
(set! geometry-lattice (make lattice (size 1 1 no-size)))
(set! geometry (list (make cylinder (center 0 0 0) (radius 0.2) (height infinity) (material (make dielectric (epsilon 12))))))
(set! k-points (${kInterp} (list (vector3 0 0 0) (vector3 0.5 0 0) (vector3 0.5 0.5 0) (vector3 0 0 0))))
;;K-POINTS-END
(set! resolution ${P})
(run-tm)
`,
  },
  {
    name: 'triangular air holes r = 0.3a in ε = 12, TE',
    input: { lattice: 'triangular', background: 12, shapes: [{ shape: 'circle', center: { x: 0, y: 0 }, radius: 0.3, epsilon: 1 }], polarization: 'TE', planeWavesPerAxis: P, kPointsPerSegment: 3, bands: BANDS },
    // basis1 = a1 = (1, 0), basis2 = a2 = (1/2, √3/2) as in pwe/lattice.ts; M = b2/2, K = b1/3 + 2b2/3 (the same Cartesian points).
    ctl: `(set! num-bands ${BANDS})
(set! geometry-lattice (make lattice (size 1 1 no-size) (basis1 1 0) (basis2 0.5 (/ (sqrt 3) 2))))
(set! default-material (make dielectric (epsilon 12)))
(set! geometry (list (make cylinder (center 0 0 0) (radius 0.3) (height infinity) (material air))))
(set! k-points (${kInterp} (list (vector3 0 0 0) (vector3 0 0.5 0) (vector3 (/ 1 3) (/ 2 3) 0) (vector3 0 0 0))))
;;K-POINTS-END
(set! resolution ${P})
(run-te)
`,
  },
];

interface PeerRun {
  readonly skip?: string;
  readonly cpu_s_per_k?: number;
  readonly k_points?: number;
  readonly frequencies?: number[][];
}

function peer(args: string[], stdin?: string): PeerRun {
  const r = spawnSync('python3', [driver, ...args], { encoding: 'utf8', input: stdin, maxBuffer: 1 << 26, env: { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', MKL_NUM_THREADS: '1' } });
  if (r.error) return { skip: `python3 not runnable (${r.error.message})` };
  const line = r.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as PeerRun;
  } catch {
    return { skip: `the peer driver failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}` };
  }
}

/** The lowest BANDS frequencies of the dense Θ matrix at every k-point: |k+G_i|·η̂(G_i − G_j)·|k+G_j| (TM) or (k+G_i)ᵀ·κ̂(G_i − G_j)·(k+G_j) (TE). */
function denseFrequencies(input: BandsInput): number[][] {
  const setup = prepareFftBands(input);
  const { N, size } = setup;
  const p = (P - 1) / 2;
  const { m, n } = planeWaveOrders(p, N);
  const hat = (f: Float64Array): Float64Array => {
    // Real part of (1/N²)·Σ f(u, v) e^{−2πi(Δm·u + Δn·v)/N}: the cells are inversion-symmetric, so the transform is real.
    const out = new Float64Array(N * N);
    for (let dm = 0; dm < N; dm++) {
      for (let dn = 0; dn < N; dn++) {
        let s = 0;
        for (let v = 0; v < N; v++) for (let u = 0; u < N; u++) s += (f[u + N * v] as number) * Math.cos((2 * Math.PI * (dm * u + dn * v)) / N);
        out[dm + N * dn] = s / (N * N);
      }
    }
    return out;
  };
  const parts = setup.eta ? [hat(setup.eta)] : [hat(setup.kappa!.xx), hat(setup.kappa!.xy), hat(setup.kappa!.yy)];
  const at = (i: number, j: number): number => {
    const dm = (((m[i] as number) - (m[j] as number)) % N + N) % N;
    const dn = (((n[i] as number) - (n[j] as number)) % N + N) % N;
    return dm + N * dn;
  };
  return kPath(setup.lattice, input.kPointsPerSegment).map((point) => {
    const { op } = thetaAt(setup, point.k);
    const a = new Float64Array(size * size);
    for (let i = 0; i < size; i++) {
      for (let j = 0; j < size; j++) {
        const g = at(i, j);
        if (setup.eta) {
          a[i * size + j] = (op.kgNorm[i] as number) * (parts[0]![g] as number) * (op.kgNorm[j] as number);
        } else {
          const [xx, xy, yy] = parts as [Float64Array, Float64Array, Float64Array];
          const xi = op.kgX[i] as number;
          const yi = op.kgY[i] as number;
          const xj = op.kgX[j] as number;
          const yj = op.kgY[j] as number;
          a[i * size + j] = xi * (xx[g] as number) * xj + xi * (xy[g] as number) * yj + yi * (xy[g] as number) * xj + yi * (yy[g] as number) * yj;
        }
      }
    }
    return Array.from(symmetricEigenvalues(a, size).slice(0, BANDS), (l) => Math.sqrt(Math.max(l, 0)) / (2 * Math.PI));
  });
}

function numpySpec(input: BandsInput): string {
  const setup = prepareFftBands(input);
  const path = kPath(setup.lattice, input.kPointsPerSegment);
  return JSON.stringify({
    N: setup.N,
    polarization: input.polarization,
    grid_index: Array.from(setup.gridIndex),
    ...(setup.eta ? { eta: Array.from(setup.eta) } : { xx: Array.from(setup.kappa!.xx), xy: Array.from(setup.kappa!.xy), yy: Array.from(setup.kappa!.yy) }),
    block: BLOCK,
    bands: BANDS,
    tol: NUMPY_TOL,
    k_points: path.map((pt) => {
      const { op, preconditioner } = thetaAt(setup, pt.k);
      return { k1: Array.from(setup.eta ? op.kgNorm : op.kgX), k2: Array.from(op.kgY), preconditioner: Array.from(preconditioner) };
    }),
  });
}

const maxGap = (a: number[][], b: number[][]): number => Math.max(...a.flatMap((row, k) => row.map((f, j) => Math.abs(f - (b[k]?.[j] ?? NaN)))));
const median = (v: number[]): number => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)] as number;
const load = (): string => `load ${loadavg().map((l) => l.toFixed(2)).join(' ')} on 2 cores`;

const probe = peer(['numpy'], '{}');
const mpbMissing = spawnSync('sh', ['-c', 'command -v mpb']).status !== 0;
if (mpbMissing) console.log('MPB: skipped (not installed: apt-get install -y mpb)');
const numpyMissing = probe.skip?.startsWith('numpy/scipy missing') === true;
if (numpyMissing) console.log(`NumPy: skipped (${probe.skip})`);
const wasm = await loadNodeWasmLinalgKernel();
const dir = mkdtempSync(join(tmpdir(), 'mpb-pwe-'));
console.log(`start: ${load()}`);
for (const crystal of crystals) {
  const dense = denseFrequencies(crystal.input);
  const spec = numpySpec(crystal.input);
  const ctl = join(dir, 'crystal.ctl');
  writeFileSync(ctl, crystal.ctl);
  const ours = (tolerance: number): { cpu_s_per_k: number; error: number; iterations: number } => {
    const t0 = process.cpuUsage();
    const r = solveBandsFft(crystal.input, { tolerance, block: wasm.pweBlock });
    const dt = process.cpuUsage(t0);
    return { cpu_s_per_k: (dt.user + dt.system) / 1e6 / r.k_points.length, error: maxGap(r.frequencies, dense), iterations: r.stats.iterations.reduce((s, i) => s + i, 0) / r.k_points.length };
  };
  for (let i = 0; i < 3; i++) ours(FFT_TOLERANCE); // warm-up: V8 tiers WASM up over the first solves (MPB's start-up is subtracted likewise)
  let mpbAccuracy = 'n/a';
  if (!mpbMissing) {
    const tight = join(dir, 'tight.ctl');
    writeFileSync(tight, crystal.ctl.replace(`(set! resolution ${P})`, `(set! resolution ${P})\n(set! tolerance 1e-12)`));
    const a = peer(['mpb', ctl]);
    const b = peer(['mpb', tight]);
    if (a.frequencies && b.frequencies) mpbAccuracy = maxGap(a.frequencies, b.frequencies).toExponential(1);
  }
  const ratios = { mpb: [] as number[], numpy: [] as number[], mpbLoose: [] as number[] };
  let numpyError = NaN;
  let oursDefault = { cpu_s_per_k: NaN, error: NaN, iterations: NaN };
  let oursLoose = { cpu_s_per_k: NaN, error: NaN, iterations: NaN };
  for (let i = 0; i < rounds; i++) {
    const mp = mpbMissing ? { skip: 'not installed' } : peer(['mpb', ctl]);
    const np = numpyMissing ? { skip: 'missing' } : peer(['numpy'], spec);
    oursDefault = ours(FFT_TOLERANCE);
    oursLoose = ours(1e-3);
    if (np.frequencies) numpyError = maxGap(np.frequencies, dense);
    ratios.mpb.push((mp.cpu_s_per_k ?? NaN) / oursDefault.cpu_s_per_k);
    ratios.mpbLoose.push((mp.cpu_s_per_k ?? NaN) / oursLoose.cpu_s_per_k);
    ratios.numpy.push((np.cpu_s_per_k ?? NaN) / oursDefault.cpu_s_per_k);
    const ms = (s: number | undefined): string => ((s ?? NaN) * 1e3).toFixed(1);
    console.log(
      `${crystal.name}, round ${i + 1}: ms CPU per k-point — MPB ${ms(mp.cpu_s_per_k)}, NumPy ${ms(np.cpu_s_per_k)}, ours ${ms(oursDefault.cpu_s_per_k)} (tolerance ${FFT_TOLERANCE}) / ${ms(oursLoose.cpu_s_per_k)} (1e-3) → MPB÷ours ${(ratios.mpb[i] as number).toFixed(2)} / ${(ratios.mpbLoose[i] as number).toFixed(2)}, NumPy÷ours ${(ratios.numpy[i] as number).toFixed(2)} [${load()}]`,
    );
  }
  console.log(`${crystal.name}: band accuracy (max |Δ(a/λ)| over 8 bands × 10 k-points) — ours ${oursDefault.error.toExponential(1)} at tolerance ${FFT_TOLERANCE} (${oursDefault.iterations.toFixed(1)} iterations per k-point), ${oursLoose.error.toExponential(1)} at 1e-3, NumPy ${numpyError.toExponential(1)} (both against the dense Θ); MPB ≤ ${mpbAccuracy} against its own 1e-12 run`);
  console.log(`${crystal.name}: median CPU-time ratio per k-point, MPB ÷ ours = ${median(ratios.mpb).toFixed(2)} (ours at ${FFT_TOLERANCE}), ${median(ratios.mpbLoose).toFixed(2)} (ours at 1e-3); NumPy ÷ ours = ${median(ratios.numpy).toFixed(2)}`);
}
console.log(`end: ${load()}`);
