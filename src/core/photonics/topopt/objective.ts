/**
 * The figure of merit and its adjoint gradient. FOM = power in the wanted output mode(s) over the
 * power the source launches into the input guide, measured once in a straight-guide reference run
 * (so a straight guide scores 1).
 *
 * Gradient: with A(ε)·E = b and a_k = c_kᵀE (c_k: mode profile × h on the output line), a term
 * w_k|a_k|² changes by 2w_k·Re(conj(a_k)·da_k) and da_k = −c_kᵀA⁻¹(dA)E. Collecting
 * g = Σ_k w_k·conj(a_k)·c_k and solving Aᵀλ = g — with the same factors, since A = Aᵀ — gives
 * ∂FOM/∂ε_m = −2·k0²·Re(λ_m·E_m): one adjoint solve for every cell at once. (dA/dε_m is k0² on the
 * diagonal; the design region lies outside the PML, where sx·sy = 1.)
 */
import { cellIndex } from '../fdfd/grid.ts';
import { addModeSource, lineCell, modeAmplitude, modePower, portModes, type PortMode } from '../fdfd/ports.ts';
import { factorSystem, relativeResidual, solveSystem } from '../fdfd/simulate.ts';
import { assembleOperator } from '../fdfd/operator.ts';
import { condenseExterior, factorCondensed, solveCondensed, type CondensedExterior } from '../fdfd/condensed.ts';
import type { SymmetricBandedMatrix, SymmetricEliminator } from '../fdfd/symmetric-banded.ts';
import type { DeviceLayout } from './layout.ts';

export interface PortSetup {
  /** TE0 of the input guide at the source line. */
  readonly sourceMode: PortMode;
  /** TE0 of the input guide at the input monitor (for reflection). */
  readonly inputMode: PortMode;
  /** The wanted mode of each output. */
  readonly outputModes: readonly PortMode[];
}

export interface Normalisation {
  /** Forward TE0 amplitude at the input monitor in the straight reference guide. */
  readonly aRef: { re: number; im: number };
  /** The power it carries: the denominator of every transmission. */
  readonly pRef: number;
  /** The reference field (interleaved complex), for separating the reflected wave. */
  readonly field: Float64Array;
  readonly rhs: Float64Array;
}

export function preparePorts(layout: DeviceLayout): PortSetup {
  const { grid, k0, background } = layout;
  const sourceMode = portModes(grid, background, layout.source, k0, 1)[0];
  const inputMode = portModes(grid, background, layout.inputMonitor, k0, 1)[0];
  if (!sourceMode || !inputMode) throw new Error('the input guide has no guided mode');
  const outputModes = layout.outputs.map((o) => {
    const mode = portModes(grid, o.modePermittivity ?? background, o.line, k0, o.order + 1)[o.order];
    if (!mode) throw new Error(`output ${o.label}: mode ${o.order} not found`);
    return mode;
  });
  return { sourceMode, inputMode, outputModes };
}

export function sourceVector(layout: DeviceLayout, ports: PortSetup): Float64Array {
  const rhs = new Float64Array(2 * layout.grid.nx * layout.grid.ny);
  addModeSource(layout.grid, rhs, ports.sourceMode, 1);
  return rhs;
}

/** The straight-guide run that defines 100 %. */
export function normalise(layout: DeviceLayout, ports: PortSetup, eliminate?: SymmetricEliminator): Normalisation {
  const rhs = sourceVector(layout, ports);
  const system = factorSystem(layout.grid, layout.reference, layout.k0, eliminate);
  const field = solveSystem(system, rhs);
  const aRef = modeAmplitude(layout.grid, field, ports.inputMode);
  return { aRef, pRef: modePower(layout.grid, ports.inputMode, aRef), field, rhs };
}

export type Combine = 'sum' | 'min';

/** A factored operator: the assembled matrix (for residuals) and a solve with its factors (forward and adjoint alike). */
export interface FactoredOperator {
  readonly matrix: SymmetricBandedMatrix;
  solve(rhs: Float64Array): Float64Array;
}

/** Factors the whole grid afresh: what a from-scratch check uses. */
export function factorFull(layout: DeviceLayout, eps: Float64Array, eliminate?: SymmetricEliminator): FactoredOperator {
  const system = factorSystem(layout.grid, eps, layout.k0, eliminate);
  return { matrix: system.matrix, solve: (rhs) => solveSystem(system, rhs) };
}

/**
 * Factors for the optimiser's many designs: the slabs outside the design region are eliminated once
 * (fdfd/condensed.ts), each design factors only the slabs that cross the region. `eliminate` runs
 * the LDLᵀ steps (default: the TypeScript reference; the solve passes the linear-algebra kernel's).
 */
export function designFactorer(layout: DeviceLayout, eliminate?: SymmetricEliminator): (eps: Float64Array) => FactoredOperator {
  const { grid, design } = layout;
  const [s0, s1] = grid.nx <= grid.ny ? [design.j0, design.j0 + design.ny] : [design.i0, design.i0 + design.nx];
  const exterior: CondensedExterior = condenseExterior(assembleOperator(grid, layout.background, layout.k0), s0, s1, eliminate);
  return (eps) => {
    const matrix = assembleOperator(grid, eps, layout.k0);
    const factors = factorCondensed(exterior, matrix, eliminate);
    return { matrix, solve: (rhs) => solveCondensed(factors, rhs) };
  };
}

export interface Evaluation {
  /** Power in each output's wanted mode over the reference power. */
  readonly transmissions: number[];
  readonly fom: number;
  readonly operator: FactoredOperator;
  readonly field: Float64Array;
  /** ∂FOM/∂ε per design cell (index i + j·nx of the design region), when asked for. */
  readonly gradient?: Float64Array;
}

/** Writes the design permittivity (design-region array) into a copy of the background. */
export function fullPermittivity(layout: DeviceLayout, designEps: Float64Array): Float64Array {
  const eps = layout.background.slice();
  const d = layout.design;
  for (let j = 0; j < d.ny; j++) {
    for (let i = 0; i < d.nx; i++) eps[d.i0 + i + (d.j0 + j) * layout.grid.nx] = designEps[i + j * d.nx] as number;
  }
  return eps;
}

/** Simulates a design (design-region permittivity); `factor` defaults to a full from-scratch factorisation. */
export function evaluate(
  layout: DeviceLayout,
  ports: PortSetup,
  norm: Normalisation,
  designEps: Float64Array,
  combine: Combine,
  withGradient: boolean,
  factor: (eps: Float64Array) => FactoredOperator = (eps) => factorFull(layout, eps),
): Evaluation {
  const { grid, k0, design } = layout;
  const operator = factor(fullPermittivity(layout, designEps));
  // The sheet source lies outside the PML (sx·sy = 1 there), so b is the sheet itself.
  const field = operator.solve(norm.rhs);
  const amplitudes = ports.outputModes.map((m) => modeAmplitude(grid, field, m));
  const transmissions = ports.outputModes.map((m, k) => modePower(grid, m, amplitudes[k] as { re: number; im: number }) / norm.pRef);
  let active = transmissions.map((_, k) => k);
  let fom = transmissions.reduce((s, t) => s + t, 0);
  if (combine === 'min' && transmissions.length > 1) {
    // The weaker arm alone: its gradient is the (sub)gradient of the minimum.
    const k = transmissions.indexOf(Math.min(...transmissions));
    active = [k];
    fom = transmissions[k] as number;
  }
  if (!withGradient) return { transmissions, fom, operator, field };

  const g = new Float64Array(field.length);
  for (const k of active) {
    const mode = ports.outputModes[k] as PortMode;
    const a = amplitudes[k] as { re: number; im: number };
    const w = Math.sin(mode.beta * grid.h) / grid.h / norm.pRef;
    for (let t = 0; t < mode.profile.length; t++) {
      const [i, j] = lineCell(mode.line, mode.line.from + t);
      const p = 2 * cellIndex(grid, i, j);
      const c = w * (mode.profile[t] as number) * grid.h;
      g[p] = (g[p] as number) + c * a.re;
      g[p + 1] = (g[p + 1] as number) - c * a.im;
    }
  }
  const lambda = operator.solve(g);
  const gradient = new Float64Array(design.nx * design.ny);
  for (let j = 0; j < design.ny; j++) {
    for (let i = 0; i < design.nx; i++) {
      const p = 2 * cellIndex(grid, design.i0 + i, design.j0 + j);
      const re = (lambda[p] as number) * (field[p] as number) - (lambda[p + 1] as number) * (field[p + 1] as number);
      gradient[i + j * design.nx] = -2 * k0 * k0 * re;
    }
  }
  return { transmissions, fom, operator, field, gradient };
}

/** ‖A·E − b‖/‖b‖ of an evaluation: the health of the unpivoted elimination. */
export function evaluationResidual(e: Evaluation, norm: Normalisation): number {
  return relativeResidual({ matrix: e.operator.matrix }, e.field, norm.rhs);
}
