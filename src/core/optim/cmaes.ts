/**
 * CMA-ES (Hansen, "The CMA Evolution Strategy: A Tutorial", 2016) with weighted recombination,
 * cumulative step-size adaptation (CSA), rank-one and rank-μ covariance updates, and the
 * Heaviside stall of the p_c update. Minimises; ask() samples λ points, tell() updates from their
 * fitness. tell() uses the points it receives: a caller that repairs (e.g. clips) points before
 * evaluating may pass the repaired points, so the update sees what was actually evaluated, or the
 * sampled points with a penalised fitness, so the distribution learns to stay inside the box.
 * Shared by the CMA-ES baseline agents and the bank generator's optimiser portfolio.
 */
import { jacobiEigen } from './jacobi.ts';
import { platformMath, type ElementaryMath } from '../math/det-math.ts';

export interface CmaesOptions {
  mean: readonly number[];
  sigma: number;
  /** Population size λ; default 4 + ⌊3 ln n⌋. */
  lambda?: number;
  /** Standard normal deviates (seeded by the caller). */
  normal: () => number;
  /**
   * exp/log/sqrt/hypot/integer powers: the platform's by default (the bank generator, whose shipped
   * bytes were made with it), detMath for built-in agents, whose runs must replay in any engine.
   */
  math?: ElementaryMath;
}

type Vec = number[];
type Mat = number[][];

const at = (m: Mat, i: number, j: number): number => (m[i] as Vec)[j] as number;

export class Cmaes {
  readonly n: number;
  readonly lambda: number;
  readonly mu: number;
  readonly weights: Vec;
  readonly mueff: number;
  private readonly cc: number;
  private readonly cs: number;
  private readonly c1: number;
  private readonly cmu: number;
  private readonly damps: number;
  private readonly chiN: number;
  private readonly normal: () => number;
  private readonly m: ElementaryMath;

  mean: Vec;
  sigma: number;
  private C: Mat;
  private B: Mat;
  private D: Vec;
  private pc: Vec;
  private ps: Vec;
  generation = 0;

  constructor(opts: CmaesOptions) {
    const n = opts.mean.length;
    this.n = n;
    this.normal = opts.normal;
    const m = (this.m = opts.math ?? platformMath);
    this.lambda = opts.lambda ?? 4 + Math.floor(3 * m.log(n));
    this.mu = Math.floor(this.lambda / 2);
    const raw = Array.from({ length: this.mu }, (_, i) => m.log(this.mu + 0.5) - m.log(i + 1));
    const sum = raw.reduce((s, w) => s + w, 0);
    this.weights = raw.map((w) => w / sum);
    this.mueff = 1 / this.weights.reduce((s, w) => s + w * w, 0);
    const mueff = this.mueff;
    this.cc = (4 + mueff / n) / (n + 4 + (2 * mueff) / n);
    this.cs = (mueff + 2) / (n + mueff + 5);
    this.c1 = 2 / (m.powInt(n + 1.3, 2) + mueff);
    this.cmu = Math.min(1 - this.c1, (2 * (mueff - 2 + 1 / mueff)) / (m.powInt(n + 2, 2) + mueff));
    this.damps = 1 + 2 * Math.max(0, Math.sqrt((mueff - 1) / (n + 1)) - 1) + this.cs;
    this.chiN = m.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n));

    this.mean = opts.mean.slice();
    this.sigma = opts.sigma;
    this.C = identity(n);
    this.B = identity(n);
    this.D = new Array<number>(n).fill(1);
    this.pc = new Array<number>(n).fill(0);
    this.ps = new Array<number>(n).fill(0);
  }

  /** Largest standard deviation of the search distribution along any axis of C: σ·max(D). */
  get maxAxisStd(): number {
    return this.sigma * Math.max(...this.D);
  }

  /** λ samples x = m + σ B D z, z ~ N(0, I). */
  ask(): Vec[] {
    const out: Vec[] = [];
    for (let k = 0; k < this.lambda; k++) {
      const dz = Array.from({ length: this.n }, (_, j) => (this.D[j] as number) * this.normal());
      const y = this.mulB(dz);
      out.push(this.mean.map((m, i) => m + this.sigma * (y[i] as number)));
    }
    return out;
  }

  /** Updates mean, paths, covariance and step size from evaluated points (lower fitness is better). */
  tell(xs: readonly (readonly number[])[], fitness: readonly number[]): void {
    const n = this.n;
    if (xs.length !== fitness.length || xs.length < this.mu) throw new Error(`tell needs at least μ=${this.mu} points with fitness`);
    const order = fitness.map((f, i) => [f, i] as const).sort((a, b) => a[0] - b[0]);
    const old = this.mean;
    const ys: Vec[] = order.slice(0, this.mu).map(([, i]) => (xs[i] as readonly number[]).map((x, j) => (x - (old[j] as number)) / this.sigma));
    const yw = new Array<number>(n).fill(0);
    ys.forEach((y, k) => {
      const w = this.weights[k] as number;
      for (let j = 0; j < n; j++) yw[j] = (yw[j] as number) + w * (y[j] as number);
    });
    this.mean = old.map((m, j) => m + this.sigma * (yw[j] as number));

    // Step-size path in the isotropic frame: C^{-1/2} y_w = B D^{-1} Bᵀ y_w.
    const bty = this.mulBt(yw);
    const invSqrtCy = this.mulB(bty.map((v, j) => v / (this.D[j] as number)));
    const m = this.m;
    const csFactor = m.sqrt(this.cs * (2 - this.cs) * this.mueff);
    this.ps = this.ps.map((p, j) => (1 - this.cs) * p + csFactor * (invSqrtCy[j] as number));
    const psNorm = m.hypot(...this.ps);
    this.generation++;
    const hsig = psNorm / m.sqrt(1 - m.powInt(1 - this.cs, 2 * this.generation)) / this.chiN < 1.4 + 2 / (n + 1) ? 1 : 0;
    const ccFactor = m.sqrt(this.cc * (2 - this.cc) * this.mueff);
    this.pc = this.pc.map((p, j) => (1 - this.cc) * p + hsig * ccFactor * (yw[j] as number));

    // C ← (1 − c1 − cμ) C + c1 (p_c p_cᵀ + δ(hσ) C) + cμ Σ w_i y_i y_iᵀ.
    const delta = (1 - hsig) * this.cc * (2 - this.cc);
    const C: Mat = identity(n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j <= i; j++) {
        let rankMu = 0;
        ys.forEach((y, k) => {
          rankMu += (this.weights[k] as number) * (y[i] as number) * (y[j] as number);
        });
        const v =
          (1 - this.c1 - this.cmu) * at(this.C, i, j) +
          this.c1 * ((this.pc[i] as number) * (this.pc[j] as number) + delta * at(this.C, i, j)) +
          this.cmu * rankMu;
        (C[i] as Vec)[j] = v;
        (C[j] as Vec)[i] = v;
      }
    }
    this.C = C;
    this.sigma *= m.exp((this.cs / this.damps) * (psNorm / this.chiN - 1));

    const { values, vectors } = jacobiEigen(this.C);
    this.B = vectors;
    this.D = values.map((v) => Math.sqrt(Math.max(v, 1e-300)));
  }

  private mulB(v: readonly number[]): Vec {
    return this.B.map((row) => row.reduce((s, b, j) => s + b * (v[j] as number), 0));
  }

  private mulBt(v: readonly number[]): Vec {
    const out = new Array<number>(this.n).fill(0);
    for (let i = 0; i < this.n; i++) for (let j = 0; j < this.n; j++) out[j] = (out[j] as number) + at(this.B, i, j) * (v[i] as number);
    return out;
  }
}

function identity(n: number): Mat {
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
}

/** Standard normal deviates from a uniform source (Box–Muller, both outputs used). */
export function normalSource(uniform: () => number, math: ElementaryMath = platformMath): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    const u = 1 - uniform();
    const v = uniform();
    const r = math.sqrt(-2 * math.log(u));
    spare = r * math.sin(2 * Math.PI * v);
    return r * math.cos(2 * Math.PI * v);
  };
}
