/**
 * Fourier coefficients of the unit cell's permittivity, ε(G) = (1/A)∫_cell ε(r)·exp(−iG·r) d²r,
 * in closed form for the shapes a cell is built of (exact transforms of the step functions, so no
 * staircase): a disk of radius r gives f·2J₁(|G|r)/(|G|r), a rectangle f·sinc(G_x w/2)·sinc(G_y h/2),
 * each times exp(−iG·c) for its centre c and weighted by (ε_shape − ε_background). Shapes are
 * painted in order over the background and must not overlap.
 */
import type { Vec2 } from './lattice.ts';

export type CellShape =
  | { shape: 'circle'; center: Vec2; radius: number; epsilon: number }
  | { shape: 'rectangle'; center: Vec2; width: number; height: number; epsilon: number };

/** Bessel J₁ by the trapezoid rule on Bessel's integral (1/π)∫₀^π cos(τ − x sin τ) dτ: spectrally accurate for a periodic integrand. */
export function besselJ1(x: number): number {
  const n = Math.max(32, Math.ceil(Math.abs(x)) + 48);
  let sum = 0;
  // Over the full period [0, 2π) the trapezoid rule is exact to rounding for n > |x| + a margin.
  for (let i = 0; i < n; i++) {
    const tau = (2 * Math.PI * i) / n;
    sum += Math.cos(tau - x * Math.sin(tau));
  }
  return sum / n;
}

/** ε(G) for one reciprocal vector G, relative to a cell of area `area`. */
export function epsilonFourier(g: Vec2, background: number, shapes: readonly CellShape[], area: number): { re: number; im: number } {
  const isZero = g.x === 0 && g.y === 0;
  let re = isZero ? background : 0;
  let im = 0;
  for (const s of shapes) {
    const contrast = s.epsilon - background;
    let form: number;
    if (s.shape === 'circle') {
      const fill = (Math.PI * s.radius * s.radius) / area;
      const gr = Math.hypot(g.x, g.y) * s.radius;
      form = gr === 0 ? fill : (fill * 2 * besselJ1(gr)) / gr;
    } else {
      const fill = (s.width * s.height) / area;
      form = fill * sinc((g.x * s.width) / 2) * sinc((g.y * s.height) / 2);
    }
    const phase = -(g.x * s.center.x + g.y * s.center.y);
    re += contrast * form * Math.cos(phase);
    im += contrast * form * Math.sin(phase);
  }
  return { re, im };
}

const sinc = (x: number): number => (x === 0 ? 1 : Math.sin(x) / x);
