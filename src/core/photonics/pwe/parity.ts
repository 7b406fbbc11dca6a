/**
 * The Θ backend parity suite: every case on every backend given, against the f64 reference. Two
 * figures per case: the operator (max |y_b − y_ref| / max |y_ref| over a block of seeded random
 * vectors at a generic k, so the block layout is exercised too) and the physics (every band
 * frequency along the path from a full LOBPCG solve, and the gap edges). The same function runs in
 * Node on the CPU backends and in the page's worker on WebGPU (Check backends).
 *
 * Tolerances and why: f32 carries 24 bits (ε ≈ 6e-8). Θx goes through two N-term DFT sums per
 * axis (4 for the two passes of each transform), so its round-off relative to max |y| is ε·√(4N)
 * typically and ε·4N at worst: ≈ 1.5e-5 for N = 61. So 2e-5 on y. LOBPCG stays in f64 and stops at
 * a relative residual of 1e-4; an f32 product perturbs a Rayleigh quotient by about the product's
 * relative error, and ω = √λ/2π halves it: 1e-5 on ω and on gap edges.
 * f64 backends (the same arithmetic, maybe another order of summation) are held to 1e-12 and 1e-10.
 * Measured on Chromium's software adapter (SwiftShader) and on the f32 CPU replay alike: y within
 * 2.6e-7, ω within 1.5e-7, gap edges within 1.4e-7, with the same LOBPCG iteration counts as the reference.
 */
import { createRng, deriveSeed } from '../../stats/rng.ts';
import type { BandsInput } from './bands.ts';
import { prepareFftBands, solveBandsFft, thetaAt } from './bands-fft.ts';
import { solveBandsFftAsync } from './bands-fft-async.ts';
import type { CellShape } from './fourier.ts';
import { referencePweBackend, type ThetaOperatorBackend } from './operator-backend.ts';

export const PWE_PARITY_TOLERANCE = {
  f64: { y: 1e-12, frequency: 1e-10 },
  f32: { y: 2e-5, frequency: 1e-5 },
} as const;

export interface PweParityCase {
  readonly id: string;
  readonly input: BandsInput;
}

const rod = (radius: number, epsilon: number): CellShape[] => [{ shape: 'circle', center: { x: 0, y: 0 }, radius, epsilon }];

/** Joannopoulos's two textbook crystals (ε = 12 rods in air; air holes in ε = 13 on a triangular lattice), TM and TE, at small and larger bases. */
export const PWE_PARITY_CASES: readonly PweParityCase[] = [
  { id: 'rods-TM-15', input: { lattice: 'square', background: 1, shapes: rod(0.2, 12), polarization: 'TM', planeWavesPerAxis: 15, kPointsPerSegment: 3, bands: 4 } },
  { id: 'rods-TE-15', input: { lattice: 'square', background: 1, shapes: rod(0.2, 12), polarization: 'TE', planeWavesPerAxis: 15, kPointsPerSegment: 3, bands: 4 } },
  { id: 'rods-TM-29', input: { lattice: 'square', background: 1, shapes: rod(0.2, 12), polarization: 'TM', planeWavesPerAxis: 29, kPointsPerSegment: 2, bands: 4 } },
  { id: 'holes-TE-11', input: { lattice: 'triangular', background: 13, shapes: rod(0.48, 1), polarization: 'TE', planeWavesPerAxis: 11, kPointsPerSegment: 3, bands: 4 } },
  { id: 'holes-TM-21', input: { lattice: 'triangular', background: 13, shapes: rod(0.48, 1), polarization: 'TM', planeWavesPerAxis: 21, kPointsPerSegment: 2, bands: 4 } },
];

/** Vectors per block in the operator check: a LOBPCG block's worth. */
const BLOCK = 4;

export interface PweParityRow {
  readonly case: string;
  readonly backend: string;
  readonly plane_waves: number;
  /** max |y_b − y_ref| / max |y_ref| over one block of seeded random vectors. */
  readonly max_rel_diff_y: number;
  /** max over bands and k-points of |Δω| / ω (band 1 at Γ, exactly 0 on every backend, excluded). */
  readonly max_rel_diff_frequency: number;
  /** max over gap edges of |Δ| / edge; 0 when the case has no gap; 1 when the backends disagree on which gaps exist. */
  readonly max_rel_diff_gap: number;
  readonly iterations: number;
  /** Wall time of this backend's band solve, ms (clock injected; 0 without one). */
  readonly solve_ms: number;
  readonly pass: boolean;
  /** Why the row failed when the backend threw instead of answering. */
  readonly error?: string;
}

export interface PweParityReport {
  readonly tolerance: typeof PWE_PARITY_TOLERANCE;
  readonly rows: PweParityRow[];
  readonly pass: boolean;
}

export interface PweParityOptions {
  readonly cases?: readonly PweParityCase[];
  readonly now?: () => number;
  readonly seed?: number;
}

async function product(backend: ThetaOperatorBackend, op: Parameters<ThetaOperatorBackend['create']>[0], x: { re: Float64Array; im: Float64Array }) {
  const on = await backend.create(op);
  try {
    const y = { re: new Float64Array(x.re.length), im: new Float64Array(x.re.length) };
    await on.applyBlock(x.re, x.im, BLOCK, y.re, y.im);
    return y;
  } finally {
    on.dispose();
  }
}

function maxRelative(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): number {
  let worst = 0;
  a.forEach((row, k) =>
    row.forEach((w, j) => {
      const r = b[k]?.[j] ?? Number.NaN;
      if (r === 0 && w === 0) return;
      worst = Math.max(worst, Math.abs(w - r) / Math.abs(r));
    }),
  );
  return worst;
}

/** Runs every case on every backend; a backend that throws fails its row, with the reason in `error`. */
export async function runPweParity(backends: readonly ThetaOperatorBackend[], options: PweParityOptions = {}): Promise<PweParityReport> {
  const now = options.now ?? (() => 0);
  const rows: PweParityRow[] = [];
  for (const c of options.cases ?? PWE_PARITY_CASES) {
    // A k off every symmetry line, so no product is accidentally real or degenerate.
    const { op } = thetaAt(prepareFftBands(c.input), { x: 0.37, y: 0.91 });
    const rng = createRng(deriveSeed(options.seed ?? 7, 'pwe-parity', c.id));
    const x = { re: Float64Array.from({ length: BLOCK * op.size }, () => rng.uniform(-1, 1)), im: Float64Array.from({ length: BLOCK * op.size }, () => rng.uniform(-1, 1)) };
    const yRef = await product(referencePweBackend, op, x);
    let scale = 0;
    for (let i = 0; i < yRef.re.length; i++) scale = Math.max(scale, Math.hypot(yRef.re[i] as number, yRef.im[i] as number));
    const reference = solveBandsFft(c.input);
    const common = { case: c.id, plane_waves: op.size };
    for (const backend of backends) {
      try {
        const y = await product(backend, op, x);
        let diff = 0;
        for (let i = 0; i < y.re.length; i++) diff = Math.max(diff, Math.hypot((y.re[i] as number) - (yRef.re[i] as number), (y.im[i] as number) - (yRef.im[i] as number)));
        const start = now();
        const solved = await solveBandsFftAsync(c.input, backend);
        const solveMs = now() - start;
        const sameGaps = solved.gaps.length === reference.gaps.length && solved.gaps.every((g, i) => g.lower_band === reference.gaps[i]?.lower_band);
        const gapDiff = sameGaps ? maxRelative(solved.gaps.map((g) => [g.from, g.to]), reference.gaps.map((g) => [g.from, g.to])) : 1;
        const tol = PWE_PARITY_TOLERANCE[backend.precision];
        const yDiff = diff / (scale || 1);
        const fDiff = maxRelative(solved.frequencies, reference.frequencies);
        rows.push({
          ...common,
          backend: backend.id,
          max_rel_diff_y: yDiff,
          max_rel_diff_frequency: fDiff,
          max_rel_diff_gap: gapDiff,
          iterations: solved.stats.iterations.reduce((a, b) => a + b, 0),
          solve_ms: solveMs,
          pass: yDiff <= tol.y && fDiff <= tol.frequency && gapDiff <= tol.frequency && solved.stats.unconverged.length === 0,
        });
      } catch (e) {
        const error = e instanceof Error ? e.message || e.name : String(e);
        rows.push({ ...common, backend: backend.id, max_rel_diff_y: Number.NaN, max_rel_diff_frequency: Number.NaN, max_rel_diff_gap: Number.NaN, iterations: 0, solve_ms: 0, pass: false, error });
      }
    }
  }
  return { tolerance: PWE_PARITY_TOLERANCE, rows, pass: rows.every((r) => r.pass) };
}
