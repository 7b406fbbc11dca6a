/**
 * The optimiser: Adam ascent on the design variables ρ ∈ [0, 1] (clipped after each step), with the
 * projection sharpness β doubled in equal stages from β_start to β_max (β continuation: a soft
 * projection first, so the early landscape is smooth, then ever closer to a binary design). A fixed
 * iteration budget and a uniform or seeded start make the whole run deterministic: the same problem
 * gives the same design bytes.
 */
import { createRng } from '../../stats/rng.ts';
import { applyFilter, applyFilterTranspose, project, projectDerivative, type ConicFilter } from './density.ts';
import type { DeviceLayout } from './layout.ts';
import type { SymmetricEliminator } from '../fdfd/symmetric-banded.ts';
import { designFactorer, evaluate, type Combine, type Evaluation, type FactoredOperator, type Normalisation, type PortSetup } from './objective.ts';

export interface OptimiseOptions {
  readonly iterations: number;
  readonly learningRate: number;
  readonly betaStart: number;
  readonly betaMax: number;
  readonly start: 'uniform' | 'random';
  readonly seed: number;
  readonly combine: Combine;
  /** Called after each iteration with the number done. */
  readonly onIteration?: (done: number) => void;
  /** The factorisation's LDLᵀ steps (default: the TypeScript reference). */
  readonly eliminate?: SymmetricEliminator;
}

export interface Densities {
  readonly rhoTilde: Float64Array;
  readonly rhoHat: Float64Array;
  readonly eps: Float64Array;
}

/** ρ → ρ̃ → ρ̂ → ε on the design region. */
export function densities(layout: DeviceLayout, filter: ConicFilter, rho: Float64Array, beta: number): Densities {
  const rhoTilde = applyFilter(filter, rho);
  const rhoHat = project(rhoTilde, beta);
  const span = layout.epsCore - layout.epsCladding;
  return { rhoTilde, rhoHat, eps: rhoHat.map((r) => layout.epsCladding + r * span) };
}

export interface FomAndGradient {
  readonly evaluation: Evaluation;
  /** ∂FOM/∂ρ per design variable. */
  readonly gradient: Float64Array;
}

/** The FOM of design variables ρ at sharpness β and its gradient with respect to ρ (adjoint + chain rule). */
export function fomAndGradient(
  layout: DeviceLayout,
  ports: PortSetup,
  norm: Normalisation,
  filter: ConicFilter,
  rho: Float64Array,
  beta: number,
  combine: Combine,
  factor?: (eps: Float64Array) => FactoredOperator,
): FomAndGradient {
  const d = densities(layout, filter, rho, beta);
  const evaluation = evaluate(layout, ports, norm, d.eps, combine, true, factor);
  const dEps = evaluation.gradient as Float64Array;
  const slope = projectDerivative(d.rhoTilde, beta);
  const span = layout.epsCore - layout.epsCladding;
  const dTilde = dEps.map((g, k) => g * span * (slope[k] as number));
  return { evaluation, gradient: applyFilterTranspose(filter, dTilde) };
}

/** β of iteration k (0-based): β_start doubled once per stage, stages of equal length, capped at β_max. */
export function betaAt(k: number, o: Pick<OptimiseOptions, 'iterations' | 'betaStart' | 'betaMax'>): number {
  const stages = Math.floor(Math.log2(o.betaMax / o.betaStart) + 1e-9) + 1;
  const stageLength = Math.ceil(o.iterations / stages);
  return Math.min(o.betaMax, o.betaStart * 2 ** Math.floor(k / stageLength));
}

export function initialDesign(count: number, start: 'uniform' | 'random', seed: number): Float64Array {
  const rho = new Float64Array(count).fill(0.5);
  if (start === 'random') {
    const rng = createRng(seed);
    for (let k = 0; k < count; k++) rho[k] = rng.uniform(0.3, 0.7);
  }
  return rho;
}

export interface OptimiseOutcome {
  /** Design variables after the last step. */
  readonly rho: Float64Array;
  /** FOM of the design at the start of each iteration (before its step), at that iteration's β. */
  readonly fomHistory: number[];
  readonly betaHistory: number[];
  readonly finalBeta: number;
  /** max |∂FOM/∂ρ| at the start: zero means the start is a stationary point (e.g. a symmetric start for TE0 → TE1). */
  readonly initialGradientMax: number;
}

const ADAM_BETA1 = 0.9;
const ADAM_BETA2 = 0.999;
const ADAM_EPSILON = 1e-8;

export function optimise(layout: DeviceLayout, ports: PortSetup, norm: Normalisation, filter: ConicFilter, o: OptimiseOptions): OptimiseOutcome {
  const n = layout.design.nx * layout.design.ny;
  const rho = initialDesign(n, o.start, o.seed);
  const m = new Float64Array(n);
  const v = new Float64Array(n);
  const fomHistory: number[] = [];
  const betaHistory: number[] = [];
  const factor = designFactorer(layout, o.eliminate);
  let initialGradientMax = 0;
  for (let k = 0; k < o.iterations; k++) {
    const beta = betaAt(k, o);
    const { evaluation, gradient } = fomAndGradient(layout, ports, norm, filter, rho, beta, o.combine, factor);
    fomHistory.push(evaluation.fom);
    betaHistory.push(beta);
    if (k === 0) initialGradientMax = gradient.reduce((m, g) => Math.max(m, Math.abs(g)), 0);
    const c1 = 1 - ADAM_BETA1 ** (k + 1);
    const c2 = 1 - ADAM_BETA2 ** (k + 1);
    for (let q = 0; q < n; q++) {
      const g = gradient[q] as number;
      m[q] = ADAM_BETA1 * (m[q] as number) + (1 - ADAM_BETA1) * g;
      v[q] = ADAM_BETA2 * (v[q] as number) + (1 - ADAM_BETA2) * g * g;
      const step = (o.learningRate * ((m[q] as number) / c1)) / (Math.sqrt((v[q] as number) / c2) + ADAM_EPSILON);
      // Ascent: the FOM is maximised.
      rho[q] = Math.min(1, Math.max(0, (rho[q] as number) + step));
    }
    o.onIteration?.(k + 1);
  }
  return { rho, fomHistory, betaHistory, finalBeta: betaAt(Math.max(0, o.iterations - 1), o), initialGradientMax };
}
