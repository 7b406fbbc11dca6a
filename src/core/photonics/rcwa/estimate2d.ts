/**
 * estimate(problem) for `grating_2d`. Each patterned layer diagonalises a 2H × 2H matrix (H =
 * (2M+1)(2N+1) harmonics) and every layer adds a few dense products and solves of that size to the
 * S-matrix cascade, so one wavelength costs ∝ H³ per layer; s, p and a Jones source share one
 * S-matrix. The probe solves the same stack at one wavelength with at most 49 harmonics (7 × 7 orders,
 * or 49 × 1 for a 1-D pattern; large enough that the O(H³) linear algebra, not call overhead, dominates)
 * and is scaled by (H/H_probe)³.
 */
import type { EstimateOptions, SolveEstimate } from '../estimate.ts';
import type { SolveContext } from '../solve-context.ts';
import { GRATING_2D_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import { wavelengthGrid } from '../wavelengths.ts';
import type { Grating2dProblem } from './problem2d.ts';
import { solveGrating2dProblem } from './solve2d.ts';
import { timeProbe } from '../probe-timing.ts';

/** The probe's harmonic count at most (7 × 7 orders, or 49 × 1 for a 1-D pattern): large enough that O(H³) dominates. */
const PROBE_HARMONICS = 49;
const BYTES_PER_COMPLEX = 16;

const harmonicCount = (m: number, n: number) => (2 * m + 1) * (2 * n + 1);

export function estimateGrating2d(problem: Grating2dProblem, ctx: SolveContext, options: EstimateOptions): SolveEstimate {
  const M = problem.harmonics_x;
  const N = problem.harmonics_y ?? M;
  const h = harmonicCount(M, N);
  const wavelengths = wavelengthGrid(problem);
  const layers = problem.layers.length;
  const patterned = problem.layers.filter((l) => l.shapes.length > 0).length;
  // Orders per axis for the probe: the problem's, trimmed on the larger axis until H ≤ PROBE_HARMONICS
  // (a fixed 3 × 3 cap made a 41 × 1 grating's probe 7 harmonics, overhead rather than H³, and the estimate 20× high).
  let probeM = M;
  let probeN = N;
  while (harmonicCount(probeM, probeN) > PROBE_HARMONICS) {
    if (probeM >= probeN) probeM--;
    else probeN--;
  }
  const probeH = harmonicCount(probeM, probeN);
  const { wavelengths_nm: _list, wavelength_range_nm: _range, ...rest } = problem;
  const probe: Grating2dProblem = { ...rest, wavelength_nm: wavelengths[0], harmonics_x: probeM, harmonics_y: probeN, convergence_check: false };
  const probeMs = timeProbe(() => solveGrating2dProblem(probe, ctx), options.now);
  const perWavelength = probeMs * (h / probeH) ** 3;
  // The check re-solves the first and last wavelength at 60 % of the orders per axis.
  const checkH = harmonicCount(Math.round(M * 0.6), Math.round(N * 0.6));
  const checks = problem.convergence_check && checkH < h ? Math.min(2, wavelengths.length) : 0;
  const scale = ((h / probeH) ** 3) * (wavelengths.length + checks * (checkH / h) ** 3);
  const size = 2 * h;
  // Per patterned layer about a dozen 2H × 2H matrices are alive at once; the running S-matrix holds four more.
  const memory = (12 + 4) * size * size * BYTES_PER_COMPLEX;
  const advice = [
    `cost grows as H³ per layer and wavelength with H = (2M+1)(2N+1) = ${h} harmonics (M = ${M}, N = ${N}; a ${size} × ${size} eigenproblem per patterned layer): ${layers} layer(s), ${patterned} patterned, ${wavelengths.length} wavelength(s); s and p share one solve`,
    'converge by raising harmonics_x/harmonics_y until the efficiencies (or a resonance position) stop moving; the solve re-checks at 60 % of the orders and warns. Rectangles use Li’s rules and settle fast; circles use the Laurent rule and need more',
    GRATING_2D_DEFAULT_ACCURACY,
  ];
  if (h < 25) advice.push(`H = ${h} is a first look only; photonic-crystal slabs want at least 7 × 7 orders (M = N = 3) before a resonance position is trusted to ~0.1 %`);
  return {
    kind: 'grating_2d',
    unknowns: size,
    memory_bytes: memory,
    expected_seconds: (perWavelength * (wavelengths.length + checks * (checkH / h) ** 3)) / 1000,
    calibration: { probe: `one wavelength, ${probeH} harmonics (${2 * probeM + 1} × ${2 * probeN + 1}), ${layers} layer(s)`, probe_ms: probeMs, scale },
    advice,
  };
}

