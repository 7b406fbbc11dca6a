/**
 * Minimal complex arithmetic for the TypeScript reference solvers. Values are plain immutable
 * objects so results serialise as JSON as they are. The WASM kernels carry their own (re, im) f64
 * pairs; the reference solvers use these helpers for clarity, not speed.
 */
export interface Complex {
  readonly re: number;
  readonly im: number;
}

export const c = (re: number, im = 0): Complex => ({ re, im });
export const ZERO: Complex = c(0, 0);
export const ONE: Complex = c(1, 0);
export const I: Complex = c(0, 1);

export const add = (a: Complex, b: Complex): Complex => c(a.re + b.re, a.im + b.im);
export const sub = (a: Complex, b: Complex): Complex => c(a.re - b.re, a.im - b.im);
export const mul = (a: Complex, b: Complex): Complex => c(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
export const scale = (a: Complex, s: number): Complex => c(a.re * s, a.im * s);
export const neg = (a: Complex): Complex => c(-a.re, -a.im);
export const conj = (a: Complex): Complex => c(a.re, -a.im);
export const abs2 = (a: Complex): number => a.re * a.re + a.im * a.im;
export const abs = (a: Complex): number => Math.hypot(a.re, a.im);
export const arg = (a: Complex): number => Math.atan2(a.im, a.re);

/** Smith's algorithm: avoids overflow/underflow in the denominator for large or tiny |b|. */
export function div(a: Complex, b: Complex): Complex {
  if (Math.abs(b.re) >= Math.abs(b.im)) {
    const r = b.im / b.re;
    const d = b.re + b.im * r;
    return c((a.re + a.im * r) / d, (a.im - a.re * r) / d);
  }
  const r = b.re / b.im;
  const d = b.re * r + b.im;
  return c((a.re * r + a.im) / d, (a.im * r - a.re) / d);
}

export const inv = (a: Complex): Complex => div(ONE, a);

/** Principal square root (branch cut on the negative real axis; Re ≥ 0). */
export function sqrt(a: Complex): Complex {
  if (a.re === 0 && a.im === 0) return ZERO;
  const m = abs(a);
  const re = Math.sqrt((m + Math.abs(a.re)) / 2);
  if (a.re >= 0) return c(re, a.im / (2 * re));
  return c(Math.abs(a.im) / (2 * re), a.im >= 0 ? re : -re);
}

export function exp(a: Complex): Complex {
  const e = Math.exp(a.re);
  return c(e * Math.cos(a.im), e * Math.sin(a.im));
}

export const fromPolar = (r: number, theta: number): Complex => c(r * Math.cos(theta), r * Math.sin(theta));

export function sin(a: Complex): Complex {
  return c(Math.sin(a.re) * Math.cosh(a.im), Math.cos(a.re) * Math.sinh(a.im));
}

export function cos(a: Complex): Complex {
  return c(Math.cos(a.re) * Math.cosh(a.im), -Math.sin(a.re) * Math.sinh(a.im));
}
