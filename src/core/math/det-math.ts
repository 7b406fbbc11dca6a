/**
 * Deterministic elementary functions: the same bits in every JavaScript engine. ECMAScript leaves
 * Math.exp/log/sin/cos/pow/hypot "implementation-approximated", and V8, SpiderMonkey and JSC (and
 * V8 builds among themselves) differ in the last bits — enough to send a CMA-ES run down another
 * path (issue 17: cmaes-40 gave P2b 0.2047 in the page and 0.1793 in the CLI). These use only
 * + − × ÷, Math.sqrt and exact bit manipulation, all of which IEEE 754 and the language define to
 * the bit (JavaScript never contracts a·b+c into a fused multiply-add), so anything computed from
 * them replays identically in Node and the browser.
 *
 * The algorithms are the classic ones of Sun's fdlibm (Cody–Waite argument reduction, then a
 * minimax polynomial on the reduced range), with fdlibm's published coefficients; they stay within
 * 1 ulp of the true value (det-math.test.ts checks them against the platform's Math). sin and cos
 * reduce with a three-part π/2, good for |x| < 2^19·π/2 (≈ 8.2e5); beyond that they throw, since
 * nothing here needs them there.
 */

const buf = new DataView(new ArrayBuffer(8));

const hiWord = (x: number): number => {
  buf.setFloat64(0, x);
  return buf.getInt32(0);
};
const withHiWord = (x: number, hi: number): number => {
  buf.setFloat64(0, x);
  buf.setInt32(0, hi);
  return buf.getFloat64(0);
};

/** 2^k exactly, for -1022 ≤ k ≤ 1023. */
function pow2(k: number): number {
  buf.setUint32(0, (k + 1023) << 20);
  buf.setUint32(4, 0);
  return buf.getFloat64(0);
}

/** y·2^k with one rounding at most (into the subnormal range), as fdlibm's scalbn. */
function scale(y: number, k: number): number {
  if (k > 1023) return y * pow2(1023) * pow2(Math.min(k - 1023, 1023));
  if (k < -1022) return y * pow2(k + 1000) * pow2(-1000);
  return y * pow2(k);
}

const LN2_HI = 6.93147180369123816490e-1;
const LN2_LO = 1.90821492927058770002e-10;
const INV_LN2 = 1.44269504088896338700;
const EXP_P1 = 1.66666666666666019037e-1;
const EXP_P2 = -2.77777777770155933842e-3;
const EXP_P3 = 6.61375632143793436117e-5;
const EXP_P4 = -1.65339022054652515390e-6;
const EXP_P5 = 4.13813679705723846039e-8;
const EXP_OVERFLOW = 7.09782712893383973096e2;
const EXP_UNDERFLOW = -7.45133219101941108420e2;

export function exp(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x > EXP_OVERFLOW) return Infinity;
  if (x < EXP_UNDERFLOW) return 0;
  const ax = Math.abs(x);
  if (ax < 3.725290298461914e-9) return 1 + x; // |x| < 2^-28
  let k = 0;
  let hi = x;
  let lo = 0;
  if (ax > 0.5 * LN2_HI) {
    k = ax < 1.5 * LN2_HI ? (x > 0 ? 1 : -1) : Math.trunc(INV_LN2 * x + (x > 0 ? 0.5 : -0.5));
    hi = x - k * LN2_HI; // exact: LN2_HI has trailing zero bits for |k| < 2^11
    lo = k * LN2_LO;
  }
  const r = hi - lo;
  const t = r * r;
  const c = r - t * (EXP_P1 + t * (EXP_P2 + t * (EXP_P3 + t * (EXP_P4 + t * EXP_P5))));
  if (k === 0) return 1 - ((r * c) / (c - 2) - r);
  return scale(1 - (lo - (r * c) / (2 - c) - hi), k);
}

const LG1 = 6.666666666666735130e-1;
const LG2 = 3.999999999940941908e-1;
const LG3 = 2.857142874366239149e-1;
const LG4 = 2.222219843214978396e-1;
const LG5 = 1.818357216161805012e-1;
const LG6 = 1.531383769920937332e-1;
const LG7 = 1.479819860511658591e-1;

export function log(x: number): number {
  if (Number.isNaN(x) || x < 0) return NaN;
  if (x === 0) return -Infinity;
  if (x === Infinity) return Infinity;
  let k = 0;
  let hx = hiWord(x);
  if (hx < 0x00100000) {
    // Subnormal: scale into the normal range first.
    k -= 54;
    x *= 18014398509481984; // 2^54
    hx = hiWord(x);
  }
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  const i0 = (hx + 0x95f64) & 0x100000;
  x = withHiWord(x, hx | (i0 ^ 0x3ff00000)); // x or x/2, so that sqrt(2)/2 ≤ x < sqrt(2)
  k += i0 >> 20;
  const f = x - 1;
  const dk = k;
  if ((0x000fffff & (2 + hx)) < 3) {
    // |f| < 2^-20
    if (f === 0) return k === 0 ? 0 : dk * LN2_HI + dk * LN2_LO;
    const R = f * f * (0.5 - 0.3333333333333333 * f);
    return k === 0 ? f - R : dk * LN2_HI - (R - dk * LN2_LO - f);
  }
  const s = f / (2 + f);
  const z = s * s;
  const w = z * z;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  const R = t2 + t1;
  if (((hx - 0x6147a) | (0x6b851 - hx)) > 0) {
    const hfsq = 0.5 * f * f;
    return k === 0 ? f - (hfsq - s * (hfsq + R)) : dk * LN2_HI - (hfsq - (s * (hfsq + R) + dk * LN2_LO) - f);
  }
  return k === 0 ? f - s * (f - R) : dk * LN2_HI - (s * (f - R) - dk * LN2_LO - f);
}

const S1 = -1.66666666666666324348e-1;
const S2 = 8.33333333332248946124e-3;
const S3 = -1.98412698298579493134e-4;
const S4 = 2.75573137070700676789e-6;
const S5 = -2.50507602534068634195e-8;
const S6 = 1.58969099521155010221e-10;
const C1 = 4.16666666666666019037e-2;
const C2 = -1.38888888888741095749e-3;
const C3 = 2.48015872894767294178e-5;
const C4 = -2.75573143513906633035e-7;
const C5 = 2.08757232129817482790e-9;
const C6 = -1.13596475577881948265e-11;

/** sin(x + y) for |x| ≤ π/4, y the tail of x (iy 0: no tail). */
function kernelSin(x: number, y: number, iy: 0 | 1): number {
  const z = x * x;
  const v = z * x;
  const r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  if (iy === 0) return x + v * (S1 + z * r);
  return x - (z * (0.5 * y - v * r) - y - v * S1);
}

/** cos(x + y) for |x| ≤ π/4. */
function kernelCos(x: number, y: number): number {
  const ix = hiWord(x) & 0x7fffffff;
  const z = x * x;
  const r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ix < 0x3fd33333) return 1 - (0.5 * z - (z * r - x * y));
  const qx = ix > 0x3fe90000 ? 0.28125 : withHiWord(0, ix - 0x00200000); // x/4, to keep 1 − x²/2 exact enough
  const hz = 0.5 * z - qx;
  return 1 - qx - (hz - (z * r - x * y));
}

const INV_PIO2 = 6.36619772367581382433e-1;
const PIO2_1 = 1.57079632673412561417;
const PIO2_1T = 6.07710050650619224932e-11;
const PIO2_2 = 6.07710050630396597660e-11;
const PIO2_2T = 2.02226624879595063154e-21;
const PIO2_3 = 2.02226624871116645580e-21;
const PIO2_3T = 8.47842766036889956997e-32;
/** 2^19·π/2: the reduction below is exact enough up to here. */
const MAX_REDUCED = 823549.6;

const exponentOf = (x: number): number => (hiWord(x) >> 20) & 0x7ff;

/** x = n·π/2 + (y0 + y1), |y0 + y1| ≤ π/4. */
function reduce(x: number): { n: number; y0: number; y1: number } {
  if (Math.abs(x) > MAX_REDUCED) throw new RangeError(`det-math sin/cos: |x| = ${Math.abs(x)} is beyond the reduced range (${MAX_REDUCED})`);
  const n = Math.trunc(x * INV_PIO2 + (x < 0 ? -0.5 : 0.5));
  let r = x - n * PIO2_1;
  let w = n * PIO2_1T;
  let y0 = r - w;
  const j = exponentOf(x);
  if (j - exponentOf(y0) > 16) {
    // Cancellation: a second, and if needed a third, piece of π/2.
    let t = r;
    w = n * PIO2_2;
    r = t - w;
    w = n * PIO2_2T - (t - r - w);
    y0 = r - w;
    if (j - exponentOf(y0) > 49) {
      t = r;
      w = n * PIO2_3;
      r = t - w;
      w = n * PIO2_3T - (t - r - w);
      y0 = r - w;
    }
  }
  return { n, y0, y1: r - y0 - w };
}

const PIO4_HI_WORD = 0x3fe921fb;

export function sin(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  const ix = hiWord(x) & 0x7fffffff;
  if (ix <= PIO4_HI_WORD) return ix < 0x3e400000 ? x : kernelSin(x, 0, 0); // |x| < 2^-27: sin x = x
  const { n, y0, y1 } = reduce(x);
  switch (n & 3) {
    case 0:
      return kernelSin(y0, y1, 1);
    case 1:
      return kernelCos(y0, y1);
    case 2:
      return -kernelSin(y0, y1, 1);
    default:
      return -kernelCos(y0, y1);
  }
}

export function cos(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  const ix = hiWord(x) & 0x7fffffff;
  if (ix <= PIO4_HI_WORD) return ix < 0x3e400000 ? 1 : kernelCos(x, 0);
  const { n, y0, y1 } = reduce(x);
  switch (n & 3) {
    case 0:
      return kernelCos(y0, y1);
    case 1:
      return -kernelSin(y0, y1, 1);
    case 2:
      return -kernelCos(y0, y1);
    default:
      return kernelSin(y0, y1, 1);
  }
}

/** x^n for an integer n, by repeated squaring (deterministic; Math.pow and ** are not specified to the bit). */
export function powInt(x: number, n: number): number {
  if (!Number.isInteger(n)) throw new RangeError(`det-math powInt: exponent ${n} is not an integer`);
  let e = Math.abs(n);
  let base = x;
  let out = 1;
  while (e > 0) {
    if (e % 2 === 1) out *= base;
    base *= base;
    e = Math.floor(e / 2);
  }
  return n < 0 ? 1 / out : out;
}

/** √(Σ xᵢ²), scaled by the largest |xᵢ| so it neither overflows nor underflows. */
export function hypot(...xs: readonly number[]): number {
  let m = 0;
  for (const x of xs) {
    const a = Math.abs(x);
    if (a === Infinity) return Infinity;
    if (Number.isNaN(a)) return NaN;
    if (a > m) m = a;
  }
  if (m === 0) return 0;
  let s = 0;
  for (const x of xs) {
    const q = x / m;
    s += q * q;
  }
  return m * Math.sqrt(s);
}

/**
 * A standard normal deviate by Box–Muller from two uniforms in [0, 1), drawn in the order the
 * seeded RNG's own normal() draws them (1 − u first), so swapping one for the other keeps the stream.
 */
export function normalFrom(next: () => number): number {
  const u = 1 - next();
  const v = next();
  return Math.sqrt(-2 * log(u)) * cos(2 * Math.PI * v);
}

/** The part of Math the optimisers call, so a caller can hand in the platform's or this one. */
export interface ElementaryMath {
  exp(x: number): number;
  log(x: number): number;
  sin(x: number): number;
  cos(x: number): number;
  sqrt(x: number): number;
  hypot(...xs: number[]): number;
  /** x^n for integer n. */
  powInt(x: number, n: number): number;
}

/** The deterministic one: what built-in agents and anything verify replays use. */
export const detMath: ElementaryMath = { exp, log, sin, cos, sqrt: Math.sqrt, hypot, powInt };

/**
 * The platform's Math, for code whose bytes were pinned with it (the bank generator: its shipped
 * bank must keep its bytes).
 */
export const platformMath: ElementaryMath = {
  exp: Math.exp,
  log: Math.log,
  sin: Math.sin,
  cos: Math.cos,
  sqrt: Math.sqrt,
  hypot: Math.hypot,
  powInt: (x, n) => x ** n,
};
