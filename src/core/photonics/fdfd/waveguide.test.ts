/**
 * FDFD against what a straight slab waveguide must do: carry its launched mode without loss, reflect
 * nothing from the PML, and propagate with the propagation constant of the analytic slab dispersion
 * relation (TE0 of a symmetric slab: tan(κw/2) = γ/κ).
 */
import { describe, expect, it } from 'vitest';
import { cellIndex, pmlSigmaMax, type FdfdGrid } from './grid.ts';
import { addModeSource, lineFlux, modeAmplitude, modePower, portModes, type PortLine } from './ports.ts';
import { factorSystem, relativeResidual, solveSystem } from './simulate.ts';

const CORE = 2.85;
const CLAD = 1.44;
const WAVELENGTH = 1.55;
const K0 = (2 * Math.PI) / WAVELENGTH;

function straightGuide(h: number, lengthX: number, widthY: number, guide: number, npml: number) {
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
function analyticSlabTe0(w: number): number {
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
function splitWaves(a1: { re: number; im: number }, a2: { re: number; im: number }, phase: number) {
  // a1 = f + r, a2 = f·e^{iθ} + r·e^{−iθ}  ⇒  r = (a2 − a1·e^{iθ}) / (e^{−iθ} − e^{iθ}) = (a2 − a1·e^{iθ}) / (−2i·sin θ).
  const c = Math.cos(phase);
  const s = Math.sin(phase);
  const nr = a2.re - (a1.re * c - a1.im * s);
  const ni = a2.im - (a1.re * s + a1.im * c);
  const r = { re: -ni / (2 * s), im: nr / (2 * s) };
  return { forward: { re: a1.re - r.re, im: a1.im - r.im }, backward: r };
}

describe('FDFD straight slab waveguide (n = 2.85 / 1.44, w = 400 nm, λ = 1550 nm)', () => {
  const h = 0.04;
  const npml = 10;
  const sim = straightGuide(h, 3.6, 3.2, 0.4, npml);
  const { grid, eps, line, field } = sim;
  const near = portModes(grid, eps, line(npml + 6), K0, 1)[0];
  const far = portModes(grid, eps, line(grid.nx - npml - 3), K0, 1)[0];
  if (!near || !far) throw new Error('no mode');

  it('the unpivoted LDLᵀ solve is accurate (relative residual < 1e-10)', () => {
    expect(relativeResidual(sim.system, field, sim.rhs)).toBeLessThan(1e-10);
  });

  it('transmits its mode with power 1 to within 1e-2 over 2.7 µm, and the discrete flux agrees with the modal power', () => {
    const pNear = modePower(grid, near, modeAmplitude(grid, field, near));
    const pFar = modePower(grid, far, modeAmplitude(grid, field, far));
    expect(pFar / pNear).toBeGreaterThan(0.99);
    expect(pFar / pNear).toBeLessThan(1.01);
    // Flux is exactly conserved between two lines for the discrete operator (no loss between them).
    const f1 = lineFlux(grid, field, line(npml + 6), 1);
    const f2 = lineFlux(grid, field, line(grid.nx - npml - 3), 1);
    expect(Math.abs(f2 - f1) / f1).toBeLessThan(1e-9);
    // The guided mode carries all but the radiation the sheet source sheds (the sheet is the line's own mode, so nearly none).
    expect(Math.abs(pFar / f2 - 1)).toBeLessThan(1e-2);
  });

  it('reflects almost nothing from the east PML (measured |r|² ≈ 4e-9 at 10 cells, cubic grading; bound 1e-6)', () => {
    const at = grid.nx - npml - 12;
    const a1 = modeAmplitude(grid, field, { ...near, line: line(at) });
    const a2 = modeAmplitude(grid, field, { ...near, line: line(at + 1) });
    const { forward, backward } = splitWaves(a1, a2, near.beta * h);
    const r2 = (backward.re ** 2 + backward.im ** 2) / (forward.re ** 2 + forward.im ** 2);
    expect(r2).toBeLessThan(1e-6);
  });

  it('propagates with the analytic slab TE0 propagation constant (n_eff within 1 % at 40 nm, closer at 20 nm)', () => {
    const exact = analyticSlabTe0(0.4);
    const measured = (hh: number) => {
      const s = hh === h ? sim : straightGuide(hh, 1.6, 2.4, 0.4, Math.round(0.4 / hh));
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
      const turns = Math.round((m.beta * gap * hh - wrapped) / (2 * Math.PI));
      return (wrapped + 2 * Math.PI * turns) / (gap * hh) / K0;
    };
    const coarse = measured(0.04);
    const fine = measured(0.02);
    expect(Math.abs(coarse - exact) / exact).toBeLessThan(0.01);
    expect(Math.abs(fine - exact)).toBeLessThan(Math.abs(coarse - exact));
  });

  it('numbers unknowns along the shorter side (half-bandwidth = min(nx, ny))', () => {
    // This grid is 90 × 80, so y runs fastest (and the tests above ran on that numbering).
    expect([grid.nx, grid.ny]).toEqual([90, 80]);
    expect(cellIndex(grid, 0, 1) - cellIndex(grid, 0, 0)).toBe(1);
    expect(cellIndex({ ...grid, nx: 50, ny: 100 }, 1, 0) - cellIndex({ ...grid, nx: 50, ny: 100 }, 0, 0)).toBe(1);
  });
});
