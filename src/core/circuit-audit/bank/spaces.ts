/**
 * Random but seeded task spaces per family. Each space pits two constraints against each other
 * along the target curve: the source-current limit wants a large resistance, while the tolerance
 * limit (rc, rl, divider) or the Q floor (rlc) wants a small one. The generator picks the limits so
 * the feasible resistance window has a chosen width ratio g = R_high / R_low > 1:
 *  rc:  C ≥ Cs(100/τ − 1) and C = 1/(2πfR)  ⇒ R ≤ 1/(2πf·Cmin)
 *  rl:  shift = 100·(2πfc)²·L·Cw = 100·2πf·R·Cw ⇒ R ≤ τ/(100·2πf·Cw)
 *  rlc: C ≥ Cmin(τ, Cs), Q = 1/(2πf0·C·R) ≥ qmin ⇒ R ≤ 1/(2πf0·Cmin·qmin)
 *  divider: the loading shift grows with R1 + R2 (solved numerically on the target curve)
 * and the current limit is set so R_low = R_high / g.
 */
import type { CircuitContext, CircuitFamily, CircuitLimits } from '../oracle.ts';
import { TWO_PI } from '../oracle-reference.ts';
import type { SeededRng } from '../../stats/rng.ts';
import type { CircuitBounds } from '../task-schema.ts';
import { evaluateIn, sig, type CircuitSpace } from './common.ts';
import { snapValues } from './snap.ts';
import { designOf } from './common.ts';

export interface SpaceDraw {
  space: CircuitSpace;
  /** Resistance (sum R1 + R2 for the divider) where the current limit binds, and where the other limit binds. */
  rLow: number;
  rHigh: number;
}

const logUniform = (rng: SeededRng, lo: number, hi: number): number => Math.exp(rng.uniform(Math.log(lo), Math.log(hi)));

export const FAMILY_BOUNDS: Readonly<Record<CircuitFamily, CircuitBounds>> = {
  rc_lowpass: { r_ohm: [1000, 100000], c_nf: [1, 1000] },
  rl_lowpass: { r_ohm: [100, 100000], l_mh: [0.01, 100] },
  rlc_bandpass: { r_ohm: [1, 10000], l_mh: [0.1, 1000], c_nf: [0.1, 1000] },
  divider: { r1_ohm: [100, 1000000], r2_ohm: [100, 1000000] },
};

/** Current limit (mA, 3 significant figures) that binds at resistance `r`. */
const currentLimitAt = (vin: number, r: number): number => sig((1000 * vin) / r, 3);

/** Divider sum R1 + R2 at which the loading shift equals `pct` (bisection on the monotone shift). */
function dividerSumAt(ctx: CircuitContext, pct: number): number {
  const k = ctx.target_value / ctx.vin_v;
  const shiftAt = (s: number): number => {
    const space: CircuitSpace = { family: 'divider', context: ctx, limits: {}, bounds: FAMILY_BOUNDS.divider };
    return evaluateIn(space, designOf('divider', [(1 - k) * s, k * s])).tolerance_shift_pct;
  };
  let lo = 1;
  let hi = 1e9;
  for (let i = 0; i < 100; i++) {
    const mid = Math.sqrt(lo * hi);
    if (shiftAt(mid) > pct) hi = mid;
    else lo = mid;
  }
  return lo;
}

/** One draw of a family's space with window ratio `g`; null when the draw leaves the bounds (caller redraws). */
export function drawSpace(family: CircuitFamily, rng: SeededRng, g: number): SpaceDraw | null {
  const bounds = FAMILY_BOUNDS[family];
  const tolTarget = rng.pick([1, 2, 3, 5]);
  let context: CircuitContext;
  let limits: CircuitLimits;
  let rHigh: number;
  if (family === 'rc_lowpass') {
    const f = sig(logUniform(rng, 300, 10000), 3);
    const vin = rng.pick([3.3, 5, 12]);
    const stray = sig(rng.uniform(50, 300), 2);
    const tau = rng.pick([1, 2, 3, 5]);
    context = { vin_v: vin, target_value: f, stray_pf: stray, winding_pf: 0, load_ohm: null };
    const cMinF = stray * 1e-12 * (100 / tau - 1);
    rHigh = 1 / (TWO_PI * f * cMinF);
    limits = { max_target_error_pct: tolTarget, max_tolerance_shift_pct: tau };
  } else if (family === 'rl_lowpass') {
    const f = sig(logUniform(rng, 20000, 200000), 3);
    const vin = rng.pick([5, 12, 24]);
    const winding = sig(rng.uniform(5, 30), 2);
    const tau = rng.pick([2, 5, 10]);
    context = { vin_v: vin, target_value: f, stray_pf: 0, winding_pf: winding, load_ohm: null };
    rHigh = tau / (100 * TWO_PI * f * winding * 1e-12);
    limits = { max_target_error_pct: tolTarget, max_tolerance_shift_pct: tau };
  } else if (family === 'rlc_bandpass') {
    const f = sig(logUniform(rng, 2000, 50000), 3);
    const vin = rng.pick([1, 2, 5]);
    const stray = sig(rng.uniform(10, 100), 2);
    const tau = rng.pick([1, 2, 5]);
    const qmin = rng.pick([2, 3, 5, 8]);
    context = { vin_v: vin, target_value: f, stray_pf: stray, winding_pf: 0, load_ohm: null };
    const keep = (1 - tau / 100) * (1 - tau / 100);
    const cMinF = (stray * 1e-12 * keep) / (1 - keep);
    rHigh = 1 / (TWO_PI * f * cMinF * qmin);
    limits = { max_target_error_pct: tolTarget, max_tolerance_shift_pct: tau, min_q: qmin };
  } else {
    const vin = rng.pick([5, 12, 24]);
    const k = rng.uniform(0.2, 0.8);
    const load = sig(logUniform(rng, 20000, 500000), 2);
    const tau = rng.pick([1, 2, 5]);
    context = { vin_v: vin, target_value: sig(vin * k, 3), stray_pf: 0, winding_pf: 0, load_ohm: load };
    rHigh = dividerSumAt(context, tau);
    limits = { max_target_error_pct: tolTarget, max_tolerance_shift_pct: tau };
  }
  const rLow = rHigh / g;
  limits = { ...limits, max_source_current_ma: currentLimitAt(context.vin_v, rLow) };
  const space: CircuitSpace = { family, context, limits, bounds };
  // Both window ends must be buildable inside the bounds on the target curve.
  for (const r of [rLow, rHigh]) {
    const free = family === 'divider' ? [r * (1 - context.target_value / context.vin_v)] : family === 'rlc_bandpass' ? [r, 1] : [r];
    if (family === 'rlc_bandpass') continue;
    const values = snapValues(family, context, free, 1);
    const ok = values.every((v, i) => {
      const b = Object.values(bounds)[i];
      return b !== undefined && v >= b[0] && v <= b[1];
    });
    if (!ok) return null;
  }
  if (family === 'rlc_bandpass') {
    const rb = bounds.r_ohm as [number, number];
    if (rLow < rb[0] || rHigh > rb[1]) return null;
  }
  return { space, rLow, rHigh };
}

/** Draws until a space fits the bounds (deterministic for a given rng). */
export function drawSpaceFitting(family: CircuitFamily, rng: SeededRng, g: number): SpaceDraw {
  for (let attempt = 0; attempt < 200; attempt++) {
    const d = drawSpace(family, rng, g);
    if (d) return d;
  }
  throw new Error(`no ${family} space fits its bounds after 200 draws`);
}
