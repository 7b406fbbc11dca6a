/**
 * Waveguide ports of the FDFD grid: a port is a line of cells across a waveguide (a column for light
 * along x, a row for light along y). Its modes are the 1-D eigenmodes of the permittivity along that
 * line, from the same second-order stencil as the 2-D operator (eme/transverse-modes.ts), so a mode
 * launched by a current sheet propagates down a straight guide of the grid unchanged.
 *
 * Amplitudes: a mode field is normalised to Σ e_t² h = 1 and the amplitude of mode e in a field E on
 * the line is a = Σ E_t e_t h (the modes of a line are orthonormal under that sum). The power a mode
 * of amplitude a carries, in the units of lineFlux, is |a|² sin(β̃h)/h, where β̃ is the 2-D grid's own
 * propagation constant: sin(β̃h/2) = βh/2 for the line's eigenvalue β².
 */
import { solveTransverseModes } from '../eme/transverse-modes.ts';
import { cellIndex, type FdfdGrid } from './grid.ts';

export interface PortLine {
  /** 'x': the column i = at (light along ±x); 'y': the row j = at (light along ±y). */
  readonly normal: 'x' | 'y';
  readonly at: number;
  /** Transverse cells [from, to) that the mode lives on (the PML is left out: modes see E = 0 there). */
  readonly from: number;
  readonly to: number;
}

export interface PortMode {
  readonly line: PortLine;
  /** Mode order on the line (0 = fundamental). */
  readonly order: number;
  /** e_t, t = from … to − 1, normalised to Σ e² h = 1. */
  readonly profile: Float64Array;
  /** The line eigenvalue β² (1/µm²). */
  readonly betaSquared: number;
  /** The 2-D grid's propagation constant (1/µm), β̃ = (2/h)·asin(βh/2). */
  readonly beta: number;
  readonly effectiveIndex: number;
}

/** Grid cell (i, j) of transverse position t on the line. */
export function lineCell(line: PortLine, t: number): [number, number] {
  return line.normal === 'x' ? [line.at, t] : [t, line.at];
}

/** The line moved `steps` cells along its normal. */
export function shiftLine(line: PortLine, steps: number): PortLine {
  return { ...line, at: line.at + steps };
}

/**
 * The `count` modes with the largest β² of the permittivity along `line` (epsilon indexed i + j·nx).
 * Throws when a wanted mode is not guided (β² at or below k0²·ε_min of the line).
 */
export function portModes(g: FdfdGrid, epsilon: Float64Array, line: PortLine, k0: number, count: number): PortMode[] {
  const n = line.to - line.from;
  const eps = new Float64Array(n);
  let epsMin = Infinity;
  for (let t = 0; t < n; t++) {
    const [i, j] = lineCell(line, line.from + t);
    eps[t] = epsilon[i + j * g.nx] as number;
    epsMin = Math.min(epsMin, eps[t] as number);
  }
  const modes = solveTransverseModes(eps, g.h, k0, count);
  const out: PortMode[] = [];
  for (let order = 0; order < count; order++) {
    const b2 = modes.betaSquared[order];
    const profile = modes.fields[order];
    if (b2 === undefined || profile === undefined || !(b2 > k0 * k0 * epsMin)) {
      throw new Error(`the port waveguide guides no mode of order ${order} (only ${order} guided): widen it or raise its index`);
    }
    // The discrete propagation constant: 2/h · asin(β_cont·h/2). Near 1 the grid cannot carry the mode.
    const half = (Math.sqrt(b2) * g.h) / 2;
    if (half > 0.9) throw new Error(`the grid is too coarse for the port mode (β·h/2 = ${half.toFixed(2)}): use a smaller cell`);
    const beta = (2 / g.h) * Math.asin(half);
    out.push({ line, order, profile, betaSquared: b2, beta, effectiveIndex: Math.sqrt(b2) / k0 });
  }
  return out;
}

/** Adds a current sheet that launches `mode` both ways along the line's normal (interleaved complex rhs). */
export function addModeSource(g: FdfdGrid, rhs: Float64Array, mode: PortMode, amplitude: number): void {
  const { line, profile } = mode;
  for (let t = 0; t < profile.length; t++) {
    const [i, j] = lineCell(line, line.from + t);
    const p = 2 * cellIndex(g, i, j);
    // A sheet: the 2-D delta across the line becomes 1/h on one cell.
    rhs[p] = (rhs[p] as number) + (amplitude * (profile[t] as number)) / g.h;
  }
}

/** Amplitude a = Σ E_t e_t h of `mode` in the field (interleaved complex, solver numbering). */
export function modeAmplitude(g: FdfdGrid, field: Float64Array, mode: PortMode): { re: number; im: number } {
  return projectLine(g, field, mode.line, mode.profile);
}

/** Σ E_t w_t h along a line, for any real weights w. */
export function projectLine(g: FdfdGrid, field: Float64Array, line: PortLine, weights: Float64Array): { re: number; im: number } {
  let re = 0;
  let im = 0;
  for (let t = 0; t < weights.length; t++) {
    const [i, j] = lineCell(line, line.from + t);
    const p = 2 * cellIndex(g, i, j);
    const w = (weights[t] as number) * g.h;
    re += (field[p] as number) * w;
    im += (field[p + 1] as number) * w;
  }
  return { re, im };
}

/** Power carried by amplitude `a` of `mode`, in lineFlux units. */
export function modePower(g: FdfdGrid, mode: PortMode, a: { re: number; im: number }): number {
  return ((a.re * a.re + a.im * a.im) * Math.sin(mode.beta * g.h)) / g.h;
}

/**
 * Net power through the links between `line` and the next line in direction `direction` (+1: towards
 * higher index), positive along `direction`: Σ_t Im(conj(E_t)·E'_t), the discrete Poynting flux
 * (up to the constant 1/(2ωμ0 h)). For the discrete operator it is exactly conserved between two lines
 * with no source and no loss between them.
 */
export function lineFlux(g: FdfdGrid, field: Float64Array, line: PortLine, direction: 1 | -1): number {
  let s = 0;
  for (let t = line.from; t < line.to; t++) {
    const [i, j] = lineCell(line, t);
    const [i2, j2] = lineCell(shiftLine(line, direction), t);
    const p = 2 * cellIndex(g, i, j);
    const q = 2 * cellIndex(g, i2, j2);
    const ar = field[p] as number;
    const ai = field[p + 1] as number;
    const br = field[q] as number;
    const bi = field[q + 1] as number;
    s += ar * bi - ai * br;
  }
  return s;
}
