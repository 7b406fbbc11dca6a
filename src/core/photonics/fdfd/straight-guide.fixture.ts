/**
 * A straight slab waveguide on the FDFD grid (n = 2.85 / 1.44, λ = 1550 nm), its launched mode and the
 * analytic slab dispersion: shared by fdfd/waveguide.test.ts and the documentation's figure test
 * (docs-figures/inverse-design.test.ts), so the figures the docs quote and the checks behind them are
 * one computation. Test support only; nothing in the solver imports it.
 */
import { pmlSigmaMax, type FdfdGrid } from './grid.ts';
import { addModeSource, modeAmplitude, portModes, type PortLine } from './ports.ts';
import { factorSystem, solveSystem } from './simulate.ts';

export const CORE = 2.85;
export const CLAD = 1.44;
export const WAVELENGTH = 1.55;
export const K0 = (2 * Math.PI) / WAVELENGTH;

/** A guide `guide` µm wide along x on an `lengthX` × `widthY` µm grid of `h` µm cells with `npml` PML cells, its TE0 launched at the west, solved. */
export function straightGuide(h: number, lengthX: number, widthY: number, guide: number, npml: number) {
  const nx = Math.round(lengthX / h);
  const ny = Math.round(widthY / h);
  const grid: FdfdGrid = { nx, ny, h, npml, sigmaMax: pmlSigmaMax(K0 * CLAD, npml * h) };
  const eps = new Float64Array(nx * ny);
  for (let j = 0; j < ny; j++) {
    const y = (j + 0.5 - ny / 2) * h;
    for (let i = 0; i < nx; i++) eps[i + j * nx] = Math.abs(y) < guide / 2 - 1e-9 ? CORE ** 2 : CLAD ** 2;
  }
  const line = (at: number): PortLine => ({ normal: 'x', at, from: npml, to: ny - npml });
  const source = portModes(grid, eps, line(npml + 1), K0, 1)[0];
  if (!source) throw new Error('no mode');
  const rhs = new Float64Array(2 * nx * ny);
  addModeSource(grid, rhs, source, 1);
  const system = factorSystem(grid, eps, K0);
  const field = solveSystem(system, rhs);
  return { grid, eps, line, source, rhs, system, field };
}

/** Analytic TE0 effective index of a symmetric slab of width w (µm), by bisection on κ·w/2 ∈ (0, π/2). */
export function analyticSlabTe0(w: number): number {
  const f = (neff: number) => {
    const kappa = K0 * Math.sqrt(CORE ** 2 - neff ** 2);
    const gamma = K0 * Math.sqrt(neff ** 2 - CLAD ** 2);
    return Math.tan((kappa * w) / 2) - gamma / kappa;
  };
  // Between these the fundamental's κw/2 runs through (0, π/2): f goes from +∞-side to −.
  let lo = Math.max(CLAD, Math.sqrt(CORE ** 2 - (Math.PI / (K0 * w)) ** 2)) + 1e-12;
  let hi = CORE - 1e-12;
  for (let it = 0; it < 200; it++) {
    const mid = 0.5 * (lo + hi);
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/** Forward and backward amplitude of `mode` from its amplitudes on two lines `gap` cells apart (grid propagation constant β̃). */
export function splitWaves(a1: { re: number; im: number }, a2: { re: number; im: number }, phase: number) {
  // a1 = f + r, a2 = f·e^{iθ} + r·e^{−iθ}  ⇒  r = (a2 − a1·e^{iθ}) / (e^{−iθ} − e^{iθ}) = (a2 − a1·e^{iθ}) / (−2i·sin θ).
  const c = Math.cos(phase);
  const s = Math.sin(phase);
  const nr = a2.re - (a1.re * c - a1.im * s);
  const ni = a2.im - (a1.re * s + a1.im * c);
  const r = { re: -ni / (2 * s), im: nr / (2 * s) };
  return { forward: { re: a1.re - r.re, im: a1.im - r.im }, backward: r };
}

type StraightGuide = ReturnType<typeof straightGuide>;
type PortMode = NonNullable<ReturnType<typeof portModes>[number]>;

/** |r|² of `mode` reflected from the east PML, split from two lines 12 cells before it. */
export function eastPmlReflection(s: StraightGuide, mode: PortMode): number {
  const at = s.grid.nx - s.grid.npml - 12;
  const a1 = modeAmplitude(s.grid, s.field, { ...mode, line: s.line(at) });
  const a2 = modeAmplitude(s.grid, s.field, { ...mode, line: s.line(at + 1) });
  const { forward, backward } = splitWaves(a1, a2, mode.beta * s.grid.h);
  return (backward.re ** 2 + backward.im ** 2) / (forward.re ** 2 + forward.im ** 2);
}

/** Effective index from the phase advance of the launched mode's amplitude over 10 cells near the source. */
export function phaseIndex(s: StraightGuide): number {
  const p = s.grid.npml;
  const m = portModes(s.grid, s.eps, s.line(p + 4), K0, 1)[0];
  if (!m) throw new Error('no mode');
  // Phase advance of the modal amplitude over `gap` cells of a purely forward wave.
  const gap = 10;
  const a = modeAmplitude(s.grid, s.field, m);
  const b = modeAmplitude(s.grid, s.field, { ...m, line: s.line(p + 4 + gap) });
  const phase = Math.atan2(a.re * b.im - a.im * b.re, a.re * b.re + a.im * b.im);
  const wrapped = phase < 0 ? phase + 2 * Math.PI : phase;
  // β·gap·h exceeds 2π for these grids: add the whole turns the discrete mode's own β̃ predicts.
  const turns = Math.round((m.beta * gap * s.grid.h - wrapped) / (2 * Math.PI));
  return (wrapped + 2 * Math.PI * turns) / (gap * s.grid.h) / K0;
}
