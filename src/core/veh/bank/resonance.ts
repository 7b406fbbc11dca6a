/**
 * Resonance tools. The first-mode frequency f_r = (1/2π)·sqrt(3·EI / (m_eff·L³)) with
 * m_eff = 0.2357·m_beam + m_tip: EI does not depend on L or m_tip and m_beam is linear
 * in L, so f_r falls monotonically with length and with tip mass. That monotonicity lets us solve
 * either variable for a target frequency — by bisection on the oracle itself where auditability
 * matters (anchor projection), or on the closed-form relation using the oracle's own EI and m_eff
 * outputs in the search's hot loop.
 */
import { OUT } from '../oracle-layout.ts';
import { TWO_PI } from '../oracle-reference.ts';
import type { Box } from './bounds.ts';
import { DIM, V } from './design-vector.ts';
import type { DesignEvaluator } from './evaluator.ts';


/** Bisection for a monotone scalar function: the v in [lo, hi] with fn(v) = target, or null if not bracketed. */
export function bisectMonotone(fn: (v: number) => number, lo: number, hi: number, target: number, iterations = 80): number | null {
  const flo = fn(lo) - target;
  const fhi = fn(hi) - target;
  if (flo === 0) return lo;
  if (fhi === 0) return hi;
  if (Math.sign(flo) === Math.sign(fhi)) return null;
  let a = lo;
  let b = hi;
  let fa = flo;
  for (let i = 0; i < iterations; i++) {
    const m = 0.5 * (a + b);
    const fm = fn(m) - target;
    if (fm === 0) return m;
    if (Math.sign(fm) === Math.sign(fa)) {
      a = m;
      fa = fm;
    } else {
      b = m;
    }
  }
  return 0.5 * (a + b);
}

/** Solves design variable `index` of `x` in [lo, hi] by oracle bisection so that f_r = fTarget; null if unreachable. */
export function solveForFrequency(ev: DesignEvaluator, x: ArrayLike<number>, index: number, fTarget: number, lo: number, hi: number): number | null {
  const trial = Float64Array.from(x);
  return bisectMonotone(
    (v) => {
      trial[index] = v;
      return ev.run(trial)[OUT.resonantFreqHz] as number;
    },
    lo,
    hi,
    fTarget,
  );
}

/**
 * Sets x's tip mass (g) so that f_r = fTarget, from one oracle call: m_tip = 3EI/(ω²L³) − 0.2357·m_beam.
 * Clamps to [lo, hi] when the target cannot be reached inside the bounds.
 */
export function projectTipMass(ev: DesignEvaluator, x: Float64Array, fTarget: number, lo: number, hi: number): void {
  const out = ev.run(x);
  const EI = out[OUT.bendingStiffnessNm2] as number;
  const meff = out[OUT.effectiveMassKg] as number;
  const L = (x[V.length] as number) * 1e-3;
  const beamPart = meff - (x[V.tipMass] as number) * 1e-3;
  const w = TWO_PI * fTarget;
  const mtG = ((3 * EI) / (w * w * L * L * L) - beamPart) * 1e3;
  x[V.tipMass] = Math.min(hi, Math.max(lo, mtG));
}

/**
 * Sets x's length (mm) so that f_r = fTarget: with c = 0.2357·m_beam/L the condition is
 * c·L⁴ + m_tip·L³ = 3EI/ω², increasing in L, solved by bisection without further oracle calls.
 */
export function projectLength(ev: DesignEvaluator, x: Float64Array, fTarget: number, lo: number, hi: number): void {
  const out = ev.run(x);
  const EI = out[OUT.bendingStiffnessNm2] as number;
  const meff = out[OUT.effectiveMassKg] as number;
  const mt = (x[V.tipMass] as number) * 1e-3;
  const c = (meff - mt) / ((x[V.length] as number) * 1e-3);
  const w = TWO_PI * fTarget;
  const K = (3 * EI) / (w * w);
  if (lengthResidual(lo, c, mt, K) >= 0) {
    x[V.length] = lo;
    return;
  }
  if (lengthResidual(hi, c, mt, K) <= 0) {
    x[V.length] = hi;
    return;
  }
  let a = lo;
  let b = hi;
  for (let i = 0; i < 60; i++) {
    const m = 0.5 * (a + b);
    if (lengthResidual(m, c, mt, K) < 0) a = m;
    else b = m;
  }
  x[V.length] = 0.5 * (a + b);
}

/** (c·L + m_tip)·L³ − K for L in mm (a plain function: this runs in the search's hot loop). */
function lengthResidual(Lmm: number, c: number, mt: number, K: number): number {
  const L = Lmm * 1e-3;
  return (c * L + mt) * L * L * L - K;
}

export interface FrequencyRange {
  min_hz: number;
  max_hz: number;
  method: string;
  evaluations: number;
}

/**
 * Lowest and highest first-mode frequency reachable inside the box: every corner (f_r is monotone
 * in L and m_tip and nearly so in the other variables), then a coordinate refinement from the best
 * corner in case a thickness optimum lies inside its range.
 */
export function frequencyRange(ev: DesignEvaluator, box: Box): FrequencyRange {
  const start = ev.evaluations;
  const x = new Float64Array(DIM);
  const extreme = (sign: 1 | -1): number => {
    let best = -Infinity;
    const bestX = new Float64Array(DIM);
    for (let mask = 0; mask < 1 << DIM; mask++) {
      for (let i = 0; i < DIM; i++) x[i] = (mask >> i) & 1 ? (box.hi[i] as number) : (box.lo[i] as number);
      const f = sign * (ev.run(x)[OUT.resonantFreqHz] as number);
      if (f > best) {
        best = f;
        bestX.set(x);
      }
    }
    // Coordinate refinement: 9-point scans along each thickness/width axis, twice.
    for (let pass = 0; pass < 2; pass++) {
      for (const i of [V.width, V.substrate, V.piezo]) {
        const lo = box.lo[i] as number;
        const hi = box.hi[i] as number;
        for (let k = 0; k <= 8; k++) {
          x.set(bestX);
          x[i] = box.log[i] ? lo * (hi / lo) ** (k / 8) : lo + ((hi - lo) * k) / 8;
          const f = sign * (ev.run(x)[OUT.resonantFreqHz] as number);
          if (f > best) {
            best = f;
            bestX.set(x);
          }
        }
      }
    }
    return sign * best;
  };
  const max = extreme(1);
  const min = extreme(-1);
  return { min_hz: min, max_hz: max, method: 'corner enumeration (64) + coordinate scans of width and both thicknesses', evaluations: ev.evaluations - start };
}
