/**
 * A small CMA-ES (Hansen's standard (μ/μ_w, λ) variant with rank-one and rank-μ updates and
 * cumulative step-size adaptation) on the unit box, maximising a merit. Points are clamped into
 * [0,1]^n for evaluation and the clamping distance is penalised, so the search distribution does
 * not drift outside. Used by the search portfolio where coordinate moves stall on curved ridges.
 */
import type { SeededRng } from '../../stats/rng.ts';

/** Eigen-decomposition of a symmetric matrix by cyclic Jacobi rotations: A = V·diag(d)·Vᵀ. */
export function symmetricEigen(a: readonly Float64Array[]): { values: Float64Array; vectors: Float64Array[] } {
  const n = a.length;
  const m = a.map((row) => Float64Array.from(row));
  const v = Array.from({ length: n }, (_, i) => Float64Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  const at = (r: Float64Array[], i: number, j: number): number => (r[i] as Float64Array)[j] as number;
  const set = (r: Float64Array[], i: number, j: number, x: number): void => {
    (r[i] as Float64Array)[j] = x;
  };
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) off += at(m, i, j) ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = at(m, p, q);
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (at(m, q, q) - at(m, p, p)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const mkp = at(m, k, p);
          const mkq = at(m, k, q);
          set(m, k, p, c * mkp - s * mkq);
          set(m, k, q, s * mkp + c * mkq);
        }
        for (let k = 0; k < n; k++) {
          const mpk = at(m, p, k);
          const mqk = at(m, q, k);
          set(m, p, k, c * mpk - s * mqk);
          set(m, q, k, s * mpk + c * mqk);
        }
        for (let k = 0; k < n; k++) {
          const vkp = at(v, k, p);
          const vkq = at(v, k, q);
          set(v, k, p, c * vkp - s * vkq);
          set(v, k, q, s * vkp + c * vkq);
        }
      }
    }
  }
  return { values: Float64Array.from({ length: n }, (_, i) => at(m, i, i)), vectors: v };
}

export interface CmaResult {
  best: Float64Array;
  merit: number;
  evaluations: number;
}

/** Maximises `merit` over [0,1]^n from `start` with initial step `sigma0`, within `budget` evaluations. */
export function cmaes(merit: (p: Float64Array) => number, start: Float64Array, sigma0: number, budget: number, rng: SeededRng): CmaResult {
  const n = start.length;
  const lambda = 4 + Math.floor(3 * Math.log(n));
  const mu = Math.floor(lambda / 2);
  const rawW = Array.from({ length: mu }, (_, i) => Math.log(mu + 0.5) - Math.log(i + 1));
  const wSum = rawW.reduce((s, w) => s + w, 0);
  const w = rawW.map((x) => x / wSum);
  const muEff = 1 / w.reduce((s, x) => s + x * x, 0);
  const cs = (muEff + 2) / (n + muEff + 5);
  const ds = 1 + 2 * Math.max(0, Math.sqrt((muEff - 1) / (n + 1)) - 1) + cs;
  const cc = (4 + muEff / n) / (n + 4 + (2 * muEff) / n);
  const c1 = 2 / ((n + 1.3) ** 2 + muEff);
  const cmu = Math.min(1 - c1, (2 * (muEff - 2 + 1 / muEff)) / ((n + 2) ** 2 + muEff));
  const chiN = Math.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n));

  const mean = Float64Array.from(start);
  let sigma = sigma0;
  const C = Array.from({ length: n }, (_, i) => Float64Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  const pc = new Float64Array(n);
  const ps = new Float64Array(n);
  let B: Float64Array[] = C.map((r) => Float64Array.from(r));
  let D: Float64Array = new Float64Array(n).fill(1);

  const clamp = (x: Float64Array): { p: Float64Array; dist2: number } => {
    const p = new Float64Array(n);
    let dist2 = 0;
    for (let i = 0; i < n; i++) {
      const v = x[i] as number;
      const c = v < 0 ? 0 : v > 1 ? 1 : v;
      p[i] = c;
      dist2 += (v - c) ** 2;
    }
    return { p, dist2 };
  };
  let best: Float64Array = Float64Array.from(start);
  let bestMerit = merit(clamp(start).p);
  let evaluations = 1;

  for (let gen = 0; evaluations + lambda <= budget; gen++) {
    const ys: Float64Array[] = [];
    const xs: { x: Float64Array; score: number }[] = [];
    for (let k = 0; k < lambda; k++) {
      const z = new Float64Array(n);
      for (let i = 0; i < n; i++) z[i] = rng.normal();
      const y = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let j = 0; j < n; j++) s += ((B[i] as Float64Array)[j] as number) * (D[j] as number) * (z[j] as number);
        y[i] = s;
      }
      const x = new Float64Array(n);
      for (let i = 0; i < n; i++) x[i] = (mean[i] as number) + sigma * (y[i] as number);
      const { p, dist2 } = clamp(x);
      const value = merit(p);
      evaluations++;
      if (value > bestMerit) {
        bestMerit = value;
        best = p;
      }
      ys.push(y);
      xs.push({ x, score: value - 1e3 * dist2 });
    }
    const order = xs.map((_, i) => i).sort((a, b) => (xs[b] as { score: number }).score - (xs[a] as { score: number }).score);
    const yw = new Float64Array(n);
    for (let k = 0; k < mu; k++) {
      const y = ys[order[k] as number] as Float64Array;
      for (let i = 0; i < n; i++) yw[i] = (yw[i] as number) + (w[k] as number) * (y[i] as number);
    }
    for (let i = 0; i < n; i++) mean[i] = (mean[i] as number) + sigma * (yw[i] as number);

    // C^{-1/2}·yw = B·D⁻¹·Bᵀ·yw
    const bty = Float64Array.from({ length: n }, (_, j) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += ((B[i] as Float64Array)[j] as number) * (yw[i] as number);
      return s / (D[j] as number);
    });
    let psNorm = 0;
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += ((B[i] as Float64Array)[j] as number) * (bty[j] as number);
      ps[i] = (1 - cs) * (ps[i] as number) + Math.sqrt(cs * (2 - cs) * muEff) * s;
      psNorm += (ps[i] as number) ** 2;
    }
    psNorm = Math.sqrt(psNorm);
    const hsig = psNorm / Math.sqrt(1 - (1 - cs) ** (2 * (gen + 1))) / chiN < 1.4 + 2 / (n + 1) ? 1 : 0;
    for (let i = 0; i < n; i++) pc[i] = (1 - cc) * (pc[i] as number) + hsig * Math.sqrt(cc * (2 - cc) * muEff) * (yw[i] as number);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j <= i; j++) {
        let rankMu = 0;
        for (let k = 0; k < mu; k++) {
          const y = ys[order[k] as number] as Float64Array;
          rankMu += (w[k] as number) * (y[i] as number) * (y[j] as number);
        }
        const old = (C[i] as Float64Array)[j] as number;
        const value = (1 - c1 - cmu) * old + c1 * ((pc[i] as number) * (pc[j] as number) + (1 - hsig) * cc * (2 - cc) * old) + cmu * rankMu;
        (C[i] as Float64Array)[j] = value;
        (C[j] as Float64Array)[i] = value;
      }
    }
    sigma *= Math.exp((cs / ds) * (psNorm / chiN - 1));
    const eig = symmetricEigen(C);
    B = eig.vectors;
    D = Float64Array.from(eig.values, (v) => Math.sqrt(Math.max(v, 1e-20)));
    if (sigma * Math.max(...D) < 1e-6) break;
  }
  return { best, merit: bestMerit, evaluations };
}
