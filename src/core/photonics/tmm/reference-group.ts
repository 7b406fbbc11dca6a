/**
 * One coherent group of the reference TMM: the coherent layers between two incoherent media a
 * (left) and b (right), solved with Abelès characteristic matrices on tangential fields.
 *
 * Layer matrix (fields ∝ e^{−iωt}, phase thickness δ = k₀ q d, tilted admittance η):
 *   [E; H]_front = [[cos δ, −i sin δ / η], [−i η sin δ, cos δ]] [E; H]_back,
 *   η = q for s and η = N² / q for p (in units of the vacuum admittance).
 * Every matrix is multiplied by e^{−|Im δ|} so thick absorbing or evanescent layers cannot overflow;
 * the dropped factors are put back when fluxes are normalised (they only ever shrink them).
 * The net Poynting flux through a plane is ½ Re(E H*), so the flux at every interface comes from the
 * same sweep that gives r and t, and the power absorbed in a layer is the flux difference across it.
 * Because it uses the total field, it includes the incident–reflected cross term that exists in an
 * absorbing incident medium (where "1 − R" is not the power that enters).
 */
import * as C from '../complex.ts';
import type { Complex } from '../complex.ts';

/** A coherent layer at one wavelength, angle and polarization: its scaled matrix and scale factor. */
export interface LayerMatrix {
  /** e^{−|Im δ|} cos δ (the two diagonal entries). */
  readonly diag: Complex;
  /** e^{−|Im δ|} (−i sin δ / η). */
  readonly upper: Complex;
  /** e^{−|Im δ|} (−i η sin δ). */
  readonly lower: Complex;
  /** e^{−2|Im δ|}: how much the scaling shrank the flux through this layer. */
  readonly fluxScale: number;
  /** |Im δ|: the amplitude scaling, summed for t. */
  readonly logScale: number;
}

/** Below this |δ|², sin δ / δ uses its Taylor series (error < |δ|⁶/5040 ≈ 2e-16). */
const SMALL_DELTA2 = 1e-4;

/** sin δ / δ = 1 − δ²/6 + δ⁴/120 for small |δ|. */
function sincSeries(delta: Complex): Complex {
  const d2 = C.mul(delta, delta);
  return C.add(C.ONE, C.mul(d2, C.add(C.c(-1 / 6, 0), C.scale(d2, 1 / 120))));
}

export function layerMatrix(index: Complex, q: Complex, k0d: number, p: boolean): LayerMatrix {
  const delta = C.scale(q, k0d);
  const b = Math.abs(delta.im);
  // cos and sin of a + ib, times e^{−|b|}: cosh b e^{−|b|} = 1 + e/2, sinh b e^{−|b|} = −sign(b) e/2,
  // with e = e^{−2|b|} − 1. Either e or e^{−2|b|} loses relative accuracy when formed from the other
  // (sinh of a weakly absorbing layer; the flux through a thick evanescent one), so each comes from its
  // own side: expm1 for small |b|, exp for large.
  const small = b < 0.5;
  const e = small ? Math.expm1(-2 * b) : Math.exp(-2 * b) - 1;
  const fluxScale = small ? 1 + e : Math.exp(-2 * b);
  const ch = 1 + e / 2;
  const sh = delta.im >= 0 ? -e / 2 : e / 2;
  const ca = Math.cos(delta.re);
  const sa = Math.sin(delta.re);
  const cosD = C.c(ca * ch, -sa * sh);
  const sinD = C.c(sa * ch, ca * sh);
  // sin δ / q without dividing by a vanishing q (a layer exactly at its critical angle).
  const d2 = C.abs2(delta);
  const sinOverQ = d2 < SMALL_DELTA2 ? C.scale(sincSeries(delta), k0d * Math.exp(-b)) : C.div(sinD, q);
  const qSin = C.mul(q, sinD);
  const minusI = (z: Complex): Complex => C.c(z.im, -z.re);
  const upper = p ? minusI(C.div(qSin, C.mul(index, index))) : minusI(sinOverQ);
  const lower = p ? minusI(C.mul(C.mul(index, index), sinOverQ)) : minusI(qSin);
  return { diag: cosD, upper, lower, fluxScale, logScale: b };
}

/** A medium at one wavelength and angle: its index and normal wave-vector component q = N cos θ. */
export interface MediumWave {
  readonly index: Complex;
  readonly q: Complex;
}

/** Tangential [E; H] behind a group when only the outgoing wave exists in medium x (scaled by q for p). */
function outgoingFields(x: MediumWave, p: boolean): [Complex, Complex] {
  return p ? [x.q, C.mul(x.index, x.index)] : [C.ONE, x.q];
}

/** Tilted admittance of medium x: q (s) or N²/q (p). */
export function admittance(x: MediumWave, p: boolean): Complex {
  return p ? C.div(C.mul(x.index, x.index), x.q) : x.q;
}

/** What one excitation of a group gives: power R and T, and field amplitudes r, t (Born & Wolf signs). */
export interface GroupResponse {
  readonly R: number;
  readonly T: number;
  readonly r: Complex;
  readonly t: Complex;
}

const DARK: GroupResponse = { R: 0, T: 0, r: C.c(NaN, NaN), t: C.c(NaN, NaN) };

/**
 * Solves the group between media a < b (layers a+1 … b−1, all coherent) for light arriving from a
 * (fromLeft) or from b. Writes into `flux[plane]`, for planes a … b−1 (plane i lies between media i
 * and i+1), the net power flux through that plane in the direction of incidence, as a fraction of the
 * incident wave's power. A medium with no propagating power (Re η ≤ 0: a lossless medium beyond total
 * internal reflection, used as an incoherent layer) cannot feed the group; its excitation is all zeros.
 */
export function solveGroup(
  media: readonly MediumWave[],
  mats: readonly (LayerMatrix | undefined)[],
  a: number,
  b: number,
  p: boolean,
  fromLeft: boolean,
  flux: Float64Array,
): GroupResponse {
  const src = fromLeft ? a : b;
  const dst = fromLeft ? b : a;
  const source = media[src] as MediumWave;
  const target = media[dst] as MediumWave;
  const eta = admittance(source, p);
  if (!(eta.re > 0) || !Number.isFinite(eta.im)) {
    for (let plane = a; plane < b; plane++) flux[plane] = 0;
    return DARK;
  }
  // Sweep from the far side towards the source, recording Re(E H*) at each plane.
  let [E, H] = outgoingFields(target, p);
  let logScale = 0;
  const step = fromLeft ? -1 : 1;
  let plane = fromLeft ? b - 1 : a;
  flux[plane] = C.mul(E, C.conj(H)).re;
  for (let layer = fromLeft ? b - 1 : a + 1; fromLeft ? layer > a : layer < b; layer += step) {
    const M = mats[layer] as LayerMatrix;
    const E1 = C.add(C.mul(M.diag, E), C.mul(M.upper, H));
    const H1 = C.add(C.mul(M.lower, E), C.mul(M.diag, H));
    E = E1;
    H = H1;
    logScale += M.logScale;
    plane += step;
    flux[plane] = C.mul(E, C.conj(H)).re;
  }
  const etaE = C.mul(eta, E);
  const denom = C.add(etaE, H); // 2η × incident tangential amplitude
  const rTangential = C.div(C.sub(etaE, H), denom);
  // Incident power ∝ Re(η)|E⁺|² with E⁺ = (ηE + H)/(2η).
  const norm = (4 * C.abs2(eta)) / (eta.re * C.abs2(denom));
  // Undo the per-layer scaling: a plane's flux was shrunk by every layer between it and the source.
  let shrink = 1;
  if (fromLeft) {
    for (let pl = a; pl < b; pl++) {
      if (pl > a) shrink *= (mats[pl] as LayerMatrix).fluxScale; // layer pl lies between planes pl−1 and pl
      flux[pl] = norm * (flux[pl] as number) * shrink;
    }
  } else {
    for (let pl = b - 1; pl >= a; pl--) {
      if (pl < b - 1) shrink *= (mats[pl + 1] as LayerMatrix).fluxScale;
      flux[pl] = norm * (flux[pl] as number) * shrink;
    }
  }
  const amp = Math.exp(-logScale);
  // Full-field amplitudes. s: tangential E is E. p: E_full = E_tan / cos θ, and the Born & Wolf /
  // Byrnes sign for r_p (r_p = (N₂cosθ₁ − N₁cosθ₂)/(N₂cosθ₁ + N₁cosθ₂)) is minus the tangential ratio.
  const t = p
    ? C.scale(C.div(C.scale(C.mul(source.index, target.index), 2), denom), amp)
    : C.scale(C.div(C.scale(eta, 2), denom), amp);
  const r = p ? C.neg(rTangential) : rTangential;
  return { R: C.abs2(rTangential), T: flux[fromLeft ? b - 1 : a] as number, r, t };
}
