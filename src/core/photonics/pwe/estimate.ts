/**
 * estimate() for a `bands` problem. Both methods are timed on a probe of the same cell at a few
 * plane waves per axis on one k-point per path segment, then scaled by their cost model:
 * - dense: a P² × P² eigen-decomposition per k-point, so (P²)³;
 * - fft: per LOBPCG iteration, `block` operator applications of 2 (TM) or 4 (TE) direct P × P DFTs
 *   (2P³ multiply-adds each) plus the Rayleigh–Ritz and orthogonalisation on a basis of up to
 *   3·block vectors of length P² (≈ 4·(3·block)²·P²); the iteration count hardly depends on P
 *   (≈ 20 at the default tolerance, measured on the rods test case from P = 15 to 41), so the
 *   probe's count stands for the real one.
 */
import type { EstimateOptions, SolveEstimate } from '../estimate.ts';
import { solveBands } from './bands.ts';
import { solveBandsFft } from './bands-fft.ts';
import type { PweBlockKernel } from './block-kernel.ts';
import { kPath, makeLattice } from './lattice.ts';
import { resolvedMethod, type BandsProblem } from './problem.ts';
import { bandsInput } from './solve.ts';
import { timeProbe } from '../probe-timing.ts';
import { BANDS_DEFAULT_ACCURACY } from '../default-accuracy.ts';

const DENSE_PROBE_P = 11;
const FFT_PROBE_P = 11;
const BYTES_PER_COMPLEX = 16;

/**
 * Relative work of one fft-method iteration at P plane waves per axis. On the WASM block kernels
 * (a real operator) the DFT pairs rows ±v and carries two real vectors per complex field, an
 * eighth of the direct DFT's multiplies, so the transforms weigh P³ per application instead of 2P³
 * (on the rods at P = 29 they are then about a seventh of the time, the rest block products).
 */
function fftWork(P: number, block: number, transforms: number, onBlockKernels: boolean): number {
  return block * transforms * (onBlockKernels ? 1 : 2) * P ** 3 + 4 * (3 * block) ** 2 * P * P;
}

/** `block`: the WASM block kernels the solve will use for a real operator (the context's linalg kernel), timed in the probe too. */
export function estimateBands(problem: BandsProblem, options: EstimateOptions, block?: PweBlockKernel): SolveEstimate {
  const P = problem.plane_waves_per_axis;
  const pols = problem.polarization === 'both' ? 2 : 1;
  const kCount = kPath(makeLattice(problem.lattice), problem.k_points_per_segment).length;
  const probeK = kPath(makeLattice(problem.lattice), 1).length;
  const probePol = problem.polarization === 'TE' ? 'TE' : 'TM';
  const n = P * P;
  const checkP = Math.max(3, P - 4);
  const checking = problem.convergence_check && checkP < P;
  const advice = [
    'converge by raising plane_waves_per_axis until the gap edges stop moving (the solve checks with 4 fewer per axis and warns)',
    BANDS_DEFAULT_ACCURACY,
  ];
  if (P < 11) advice.push(`P = ${P} is a first look only; check with P ≥ 11`);
  if (resolvedMethod(problem) === 'dense') {
    const probeP = Math.min(P, DENSE_PROBE_P);
    const probe = { ...bandsInput(problem, probePol, probeP), kPointsPerSegment: 1 };
    const probeMs = timeProbe(() => solveBands(probe), options.now);
    const perK = (probeMs / probeK) * (P / probeP) ** 6;
    const checkShare = checking ? (checkP / P) ** 6 : 0;
    const scale = ((P / probeP) ** 6 * kCount * pols * (1 + checkShare)) / probeK;
    advice.unshift(`dense method: cost grows as (P²)³ per k-point: P = ${P} is ${n} plane waves, ${kCount} k-points × ${pols} polarization(s); method "fft" is far cheaper above P ≈ 15`);
    return {
      kind: 'bands',
      unknowns: n,
      memory_bytes: 3 * n * n * 8 * (problem.shapes.some((s) => s.center_a[0] !== 0 || s.center_a[1] !== 0) ? 4 : 1),
      expected_seconds: (perK * kCount * pols * (1 + checkShare)) / 1000,
      calibration: { probe: `dense, P = ${probeP} on one k-point per path segment (${probeK} k-points)`, probe_ms: probeMs, scale },
      advice,
    };
  }
  const probeP = Math.min(P, FFT_PROBE_P);
  const probe = { ...bandsInput(problem, probePol, probeP), kPointsPerSegment: 1 };
  let real = false;
  const probeMs = timeProbe(() => {
    real = solveBandsFft(probe, block ? { block } : {}).real_operator;
  }, options.now);
  const onBlockKernels = real && block !== undefined;
  const vectors = Math.min(problem.bands + 2, n);
  const transforms = problem.polarization === 'TM' ? 2 : 4;
  const probeTransforms = probePol === 'TM' ? 2 : 4;
  const ratio = (p: number): number => fftWork(p, vectors, transforms, onBlockKernels) / fftWork(probeP, Math.min(problem.bands + 2, probeP * probeP), probeTransforms, onBlockKernels);
  const checkShare = checking ? ratio(checkP) / ratio(P) : 0;
  // Both polarizations of 'both' are folded into `transforms` (TE's four) and `pols`.
  const scale = (ratio(P) * kCount * pols * (1 + checkShare)) / probeK;
  advice.unshift(
    `fft method: per k-point about 20 LOBPCG iterations, each ≈ ${vectors} operator applications (P³ DFT work) plus block linear algebra (∝ bands²·P²): P = ${P} is ${n} plane waves, ${kCount} k-points × ${pols} polarization(s)`,
  );
  return {
    kind: 'bands',
    unknowns: n,
    // S and A·S (3·block vectors each), X, A·X, P, A·P, plus the FFT grids.
    memory_bytes: (10 * vectors * n + 4 * n) * BYTES_PER_COMPLEX,
    expected_seconds: (probeMs * scale) / 1000,
    calibration: { probe: `fft, P = ${probeP} on one k-point per path segment (${probeK} k-points)`, probe_ms: probeMs, scale },
    advice,
  };
}
