/**
 * The DDA backend parity suite: every case on every backend given, against the f64 reference.
 * Two figures per case: the operator itself (max |y_b − y_ref| / max |y_ref| for one seeded
 * pseudo-random x) and the physics (Qext from a full solve). The same function runs in Node on
 * the CPU backends and in the page's worker on WebGPU (Check backends).
 *
 * Tolerances and why: f32 carries 24 bits (ε ≈ 6e-8). The GPU product is the convolution term only
 * (its 1/α diagonal is added on the CPU in f64), through 2·log2(grid) FFT stages whose round-off
 * grows like ε·√stages (ε·stages at worst: ≈ 2e-6 for 32 stages of a 64³ grid), on a tensor that
 * was itself rounded to f32 once. So 1e-6 on y. COCG stays in f64 and stops at ‖r‖/‖b‖ < 1e-5; an
 * f32 product perturbs its iterates by about ε times the conditioning, so 1e-5 on Qext. Measured on
 * Chromium's software adapter (SwiftShader): y within 1e-7, Qext within 4e-7, on every case.
 * f64 backends (the same arithmetic, another order of summation) are held to 1e-10 and 1e-8.
 */
import { createRng, deriveSeed } from '../../stats/rng.ts';
import type { SolveContext } from '../solve-context.ts';
import type { DdaOperatorBackend } from './operator-backend.ts';
import { referenceDdaBackend } from './operator-backend.ts';
import { DdaProblemSchema, type DdaProblem } from './problem.ts';
import { solveDdaAsync } from './solve-async.ts';
import { fftPoints, prepareDdaSystem } from './solve.ts';

export const DDA_PARITY_TOLERANCE = {
  f64: { y: 1e-10, qext: 1e-8 },
  f32: { y: 1e-6, qext: 1e-5 },
} as const;

export interface DdaParityCase {
  readonly id: string;
  readonly problem: DdaProblem;
}

const AIR = { n: 1, k: 0 };
/** ADDA's default sphere radius for λ = 600 nm: x = 3.367 at 16 dipoles across (see solve.test.ts). */
const ADDA_RADIUS_NM = 321.551;

const parse = (p: Record<string, unknown>): DdaProblem => DdaProblemSchema.parse({ kind: 'dda', medium: AIR, ...p });

/** Sphere, cube, dimer at two or three sizes each; the largest is ADDA's default sphere (2176 dipoles, 32³ grid). */
export const DDA_PARITY_CASES: readonly DdaParityCase[] = [
  ...[8, 12, 16].map((n) => ({ id: `sphere-${n}`, problem: parse({ particle: { shape: 'sphere', radius_nm: ADDA_RADIUS_NM }, material: { n: 1.5, k: 0 }, wavelength_nm: 600, dipoles_across: n }) })),
  ...[6, 10].map((n) => ({ id: `cube-${n}`, problem: parse({ particle: { shape: 'cube', edge_nm: 200 }, material: { n: 1.5, k: 0.1 }, wavelength_nm: 600, dipoles_across: n }) })),
  ...[8, 16].map((n) => ({
    id: `dimer-${n}`,
    problem: parse({ particle: { shape: 'dimer', radius_nm: 100, gap_nm: 40 }, material: { n: 1.59, k: 0 }, wavelength_nm: 633, dipoles_across: n }),
  })),
];

export interface DdaParityRow {
  readonly case: string;
  readonly backend: string;
  readonly dipoles: number;
  readonly fft_points: number;
  /** max_i |y_b − y_ref| / max_i |y_ref| for one seeded random x. */
  readonly max_rel_diff_y: number;
  readonly qext: number;
  readonly qext_reference: number;
  readonly qext_rel_diff: number;
  readonly iterations: number;
  /** Wall time of this backend's full solve, ms (clock injected; 0 without one). */
  readonly solve_ms: number;
  readonly pass: boolean;
  /** Why the row failed when the backend threw instead of answering. */
  readonly error?: string;
}

export interface DdaParityReport {
  readonly tolerance: typeof DDA_PARITY_TOLERANCE;
  readonly rows: DdaParityRow[];
  readonly pass: boolean;
}

export interface DdaParityOptions {
  readonly cases?: readonly DdaParityCase[];
  readonly now?: () => number;
  readonly seed?: number;
}

function maxAbs(re: Float64Array, im: Float64Array): number {
  let m = 0;
  for (let i = 0; i < re.length; i++) m = Math.max(m, Math.hypot(re[i] as number, im[i] as number));
  return m;
}

async function product(backend: DdaOperatorBackend, input: Parameters<DdaOperatorBackend['create']>[0], x: { re: Float64Array; im: Float64Array }) {
  const op = await backend.create(input);
  try {
    const y = { re: new Float64Array(op.size), im: new Float64Array(op.size) };
    await op.apply(x.re, x.im, y.re, y.im);
    return y;
  } finally {
    op.dispose();
  }
}

/** Runs every case on every backend; a backend that throws fails its row, with the reason in `error`. */
export async function runDdaParity(backends: readonly DdaOperatorBackend[], ctx: SolveContext, options: DdaParityOptions = {}): Promise<DdaParityReport> {
  const now = options.now ?? (() => 0);
  const rows: DdaParityRow[] = [];
  for (const c of options.cases ?? DDA_PARITY_CASES) {
    const system = prepareDdaSystem(c.problem, ctx);
    const { lattice, kd } = system.setup;
    const input = { dims: lattice.dims, sites: lattice.sites, k: kd, invAlpha: system.invAlpha };
    const rng = createRng(deriveSeed(options.seed ?? 6, 'dda-parity', c.id));
    const size = 3 * lattice.sites.length;
    const x = { re: Float64Array.from({ length: size }, () => rng.uniform(-1, 1)), im: Float64Array.from({ length: size }, () => rng.uniform(-1, 1)) };
    const yRef = await product(referenceDdaBackend, input, x);
    const scale = maxAbs(yRef.re, yRef.im) || 1;
    const reference = await solveDdaAsync(c.problem, ctx, { backend: referenceDdaBackend, reason: 'parity reference' });
    const common = { case: c.id, dipoles: lattice.sites.length, fft_points: fftPoints(c.problem.particle, c.problem.dipoles_across), qext_reference: reference.qext };
    for (const backend of backends) {
      try {
        const y = await product(backend, input, x);
        let diff = 0;
        for (let i = 0; i < size; i++) diff = Math.max(diff, Math.hypot((y.re[i] as number) - (yRef.re[i] as number), (y.im[i] as number) - (yRef.im[i] as number)));
        const start = now();
        const solved = await solveDdaAsync(c.problem, ctx, { backend, reason: 'parity check' });
        const solveMs = now() - start;
        const tol = DDA_PARITY_TOLERANCE[backend.precision];
        const yDiff = diff / scale;
        const qDiff = Math.abs(solved.qext - reference.qext) / Math.abs(reference.qext);
        rows.push({
          ...common,
          backend: solved.backend,
          max_rel_diff_y: yDiff,
          qext: solved.qext,
          qext_rel_diff: qDiff,
          iterations: solved.iterations,
          solve_ms: solveMs,
          // A backend that silently fell back to the reference must not pass as itself.
          pass: solved.backend === backend.id && yDiff <= tol.y && qDiff <= tol.qext,
        });
      } catch (e) {
        const error = e instanceof Error ? e.message || e.name : String(e);
        rows.push({ ...common, backend: backend.id, max_rel_diff_y: Number.NaN, qext: Number.NaN, qext_rel_diff: Number.NaN, iterations: 0, solve_ms: 0, pass: false, error });
      }
    }
  }
  return { tolerance: DDA_PARITY_TOLERANCE, rows, pass: rows.every((r) => r.pass) };
}
