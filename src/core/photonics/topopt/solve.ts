/**
 * solve(inverse_design): optimise the design region, then check the answer the way a sceptic would —
 * threshold the final design at ρ̂ = ½ and simulate that binary device again from scratch (new layout,
 * new reference run, new factorisation). The result carries both FOMs and warns when they differ,
 * when much of the design is grey, when the grid is coarse, and when the power does not balance.
 */
import type { SolveContext } from '../solve-context.ts';
import { ProblemError } from '../solve-context.ts';
import { referenceLinalgKernel } from '../linalg/reference-kernel.ts';
import { progressReporter } from '../progress.ts';
import { cellIndex } from '../fdfd/grid.ts';
import { lineFlux, modeAmplitude, modePower } from '../fdfd/ports.ts';
import type { InverseDesignProblem } from './problem.ts';
import { buildLayout, type DeviceLayout } from './layout.ts';
import { conicFilter } from './density.ts';
import { evaluate, evaluationResidual, factorFull, normalise, preparePorts, type Evaluation, type Normalisation, type PortSetup } from './objective.ts';
import type { SymmetricEliminator } from '../fdfd/symmetric-banded.ts';
import { densities, optimise } from './optimise.ts';
import { makeMap, round4, type ResultMap } from '../result-map.ts';

/** |FOM(continuous) − FOM(binarised)| above this: the optimiser's answer does not survive thresholding. */
export const SELF_CONSISTENCY_TOLERANCE = 0.05;
/** A cell is grey when 0.1 < ρ̂ < 0.9; warn when more than this share of the design is. */
export const GREY_LEVEL = 0.1;
export const GREY_FRACTION_TOLERANCE = 0.1;
/** Cells per wavelength in the core index below this: numerical dispersion distorts phases noticeably. */
export const MIN_CELLS_PER_WAVELENGTH = 12;
/** The power balance may miss reflected radiation, so only a surplus (or a large deficit) is suspicious. */
export const POWER_BALANCE_SURPLUS = 0.02;
export const RESIDUAL_TOLERANCE = 1e-8;
const MIN_PML_CELLS = 8;
/** max |∂FOM/∂ρ| below this at the start: a stationary start, left only through rounding noise. */
const STATIONARY_GRADIENT = 1e-10;
const MIN_FILTER_CELLS = 1.5;

export interface InverseDesignOutput {
  readonly label: string;
  readonly mode_order: number;
  readonly n_eff: number;
  /** Power in this output's wanted mode over the launched power: the final continuous design. */
  readonly T_continuous: number;
  /** The same for the thresholded design re-simulated from scratch. */
  readonly T_binarised: number;
}

export interface InverseDesignResult {
  readonly kind: 'inverse_design';
  readonly device: InverseDesignProblem['device'];
  readonly wavelength_nm: number;
  readonly fom: {
    readonly definition: string;
    /** FOM at the start of each iteration (at that iteration's β). */
    readonly history: number[];
    readonly beta_history: number[];
    readonly initial: number;
    /** The final design variables, projected at the final β. */
    readonly final_continuous: number;
    /** ρ̂ > ½ thresholded, simulated again from scratch. */
    readonly binarised: number;
    readonly gap: number;
    readonly self_consistency_tolerance: number;
  };
  readonly outputs: InverseDesignOutput[];
  /** Binarised design: TE0 power reflected back into the input guide, over the launched power. */
  readonly reflection: number;
  /** Binarised design: (power leaving through the box just inside the PML + reflected power) / launched power. */
  readonly power_balance: number;
  readonly grey_fraction: number;
  readonly grid: {
    readonly nx: number;
    readonly ny: number;
    readonly cell_nm: number;
    readonly unknowns: number;
    readonly half_bandwidth: number;
    readonly pml_cells: number;
    readonly design_cells: [number, number];
    readonly cells_per_wavelength: number;
    /** ‖A·E − b‖/‖b‖ of the binarised solve. */
    readonly residual: number;
  };
  /** The thresholded design, one string per row (y ascending, x along the string): '1' core, '0' cladding. */
  readonly design_binary: string[];
  readonly iterations: number;
  readonly maps: ResultMap[];
  readonly warnings: string[];
  readonly conventions: Record<string, string>;
  /** The linear-algebra kernel of every factorisation ('wasm' or 'reference'; the results are bit-identical). */
  readonly backend: string;
}

const CONVENTIONS: Record<string, string> = {
  wavelength: 'vacuum wavelength in nm',
  geometry: 'x east, y north, nm, origin at the centre of the design region; 2-D (uniform out of the plane)',
  indices: 'core_index and cladding_index are effective 2-D indices (slab effective-index method: 2.85 ≈ TE0 of a 220 nm Si slab at 1550 nm, 1.44 = SiO₂)',
  polarization: 'Ez out of the plane (the TE-like mode of the effective-index picture); time dependence e^{−iωt}',
  method: 'FDFD on a Yee grid (Ez at cell centres), stretched-coordinate PML (cubic grading) on all sides, symmetric form A = Aᵀ solved by banded LDLᵀ; adjoint gradient with the same factors; conic filter, tanh projection with β continuation, Adam ascent',
  transmission: 'power in the wanted guided mode of an output line over the power the source launches into the input guide (a straight-guide reference run); a straight guide scores 1',
  fom: 'bend: TE0 out of the south guide; mode_converter: TE1 out of the east guide; splitter: sum (or min) of TE0 out of the two east arms',
  design: 'ρ ∈ [0, 1] per cell, ε = ε_clad + ρ̂(ε_core − ε_clad) with ρ̂ the filtered, projected density; binarised: ρ̂ > ½ is core',
  power_balance: 'flux out through lines just inside the PML (north, east, south) plus the flux of the reflected field back through the input monitor, over the launched power; ≈ 1 for a lossless device, below 1 by the reflected radiation that leaves outside the box',
};

function fomDefinition(p: InverseDesignProblem): string {
  if (p.device === 'bend') return 'TE0 power out of the south guide / launched TE0 power';
  if (p.device === 'mode_converter') return 'TE1 power out of the east guide / launched TE0 power';
  return p.splitter_fom === 'sum' ? 'sum of TE0 power out of both east arms / launched power' : 'TE0 power out of the weaker east arm / launched power';
}

interface Setup {
  readonly layout: DeviceLayout;
  readonly ports: PortSetup;
  readonly norm: Normalisation;
}

function setUp(p: InverseDesignProblem, eliminate: SymmetricEliminator): Setup {
  const layout = buildLayout(p);
  let ports: PortSetup;
  try {
    ports = preparePorts(layout);
  } catch (e) {
    const hint = p.device === 'mode_converter' ? ' (the mode converter needs an output_width_nm that guides TE1)' : '';
    throw new ProblemError(`${e instanceof Error ? e.message : String(e)}${hint}`);
  }
  return { layout, ports, norm: normalise(layout, ports, eliminate) };
}

export function solveInverseDesign(p: InverseDesignProblem, ctx: SolveContext): InverseDesignResult {
  const warnings: string[] = [];
  const reporter = progressReporter(ctx.onProgress, 'iteration', p.iterations + 1);
  const linalg = ctx.kernels?.linalg ?? referenceLinalgKernel;
  const eliminate = linalg.eliminateSymmetricBanded;
  const { layout, ports, norm } = setUp(p, eliminate);
  const { design, grid } = layout;
  const filter = conicFilter(design.nx, design.ny, p.filter_radius_nm / p.cell_nm);
  const run = optimise(layout, ports, norm, filter, {
    iterations: p.iterations,
    learningRate: p.learning_rate,
    betaStart: p.beta_start,
    betaMax: p.beta_max,
    start: p.start,
    seed: p.seed,
    combine: p.splitter_fom,
    onIteration: (k) => reporter.step(k),
    eliminate,
  });
  const final = densities(layout, filter, run.rho, run.finalBeta);
  const continuous = evaluate(layout, ports, norm, final.eps, p.splitter_fom, false, (eps) => factorFull(layout, eps, eliminate));
  const solid = final.rhoHat.map((r) => (r > 0.5 ? 1 : 0));

  // From scratch: nothing of the optimisation run is reused but the thresholded density.
  const fresh = setUp(p, eliminate);
  const binaryEps = solid.map((s) => (s === 1 ? fresh.layout.epsCore : fresh.layout.epsCladding));
  const binarised = evaluate(fresh.layout, fresh.ports, fresh.norm, binaryEps, p.splitter_fom, false, (eps) => factorFull(fresh.layout, eps, eliminate));
  reporter.step(p.iterations + 1);

  const residual = evaluationResidual(binarised, fresh.norm);
  const balance = powerBalance(fresh, binarised);
  const grey = final.rhoHat.reduce((s, r) => s + (r > GREY_LEVEL && r < 1 - GREY_LEVEL ? 1 : 0), 0) / final.rhoHat.length;
  const cellsPerWavelength = p.wavelength_nm / p.core_index / p.cell_nm;
  const initial = run.fomHistory[0] ?? continuous.fom;
  const gap = Math.abs(continuous.fom - binarised.fom);

  if (gap > SELF_CONSISTENCY_TOLERANCE) {
    warnings.push(`not self-consistent: the binarised design re-simulated gives FOM ${binarised.fom.toFixed(4)} against ${continuous.fom.toFixed(4)} for the continuous one (gap ${gap.toFixed(3)} > ${SELF_CONSISTENCY_TOLERANCE}); raise iterations or beta_max so the design ends closer to binary`);
  }
  if (grey > GREY_FRACTION_TOLERANCE) {
    warnings.push(`${(grey * 100).toFixed(1)} % of the design cells are grey (${GREY_LEVEL} < ρ̂ < ${1 - GREY_LEVEL}); such a design cannot be fabricated as it is: raise beta_max or iterations`);
  }
  if (cellsPerWavelength < MIN_CELLS_PER_WAVELENGTH) {
    warnings.push(`under-resolved grid: ${cellsPerWavelength.toFixed(1)} cells per wavelength in the core index (${p.core_index}); use cell_nm ≤ ${Math.floor(p.wavelength_nm / p.core_index / MIN_CELLS_PER_WAVELENGTH)} and check that the FOM holds`);
  }
  if (grid.npml < MIN_PML_CELLS) warnings.push(`thin PML: ${grid.npml} cells; use ≥ ${MIN_PML_CELLS} (pml_nm ≥ ${MIN_PML_CELLS * p.cell_nm}) or reflections from the walls enter the FOM`);
  if (p.filter_radius_nm / p.cell_nm < MIN_FILTER_CELLS) {
    warnings.push(`filter radius ${p.filter_radius_nm} nm is under ${MIN_FILTER_CELLS} cells: nothing limits the feature size, so the design may hold single-cell features and checkerboards`);
  }
  if (balance.total > 1 + POWER_BALANCE_SURPLUS) {
    warnings.push(`power does not balance: ${balance.total.toFixed(4)} of the launched power leaves the box (> 1 + ${POWER_BALANCE_SURPLUS}); the PML or the grid is inadequate`);
  }
  if (residual > RESIDUAL_TOLERANCE) {
    warnings.push(`the unpivoted elimination lost accuracy (relative residual ${residual.toExponential(1)} > ${RESIDUAL_TOLERANCE}); treat the numbers with care and try a slightly different cell_nm`);
  }
  if (run.initialGradientMax < STATIONARY_GRADIENT) {
    warnings.push(`the start is a stationary point (largest |∂FOM/∂ρ| ${run.initialGradientMax.toExponential(1)}): a mirror-symmetric start cannot excite an odd output mode such as TE1, so the first steps only follow rounding noise; use "start": "random"`);
  }
  if (continuous.fom <= initial) warnings.push(`the optimiser did not improve the FOM (${initial.toFixed(4)} at the start, ${continuous.fom.toFixed(4)} at the end): lower learning_rate or raise iterations`);

  return {
    kind: 'inverse_design',
    device: p.device,
    wavelength_nm: p.wavelength_nm,
    fom: {
      definition: fomDefinition(p),
      history: run.fomHistory,
      beta_history: run.betaHistory,
      initial,
      final_continuous: continuous.fom,
      binarised: binarised.fom,
      gap,
      self_consistency_tolerance: SELF_CONSISTENCY_TOLERANCE,
    },
    outputs: layout.outputs.map((o, k) => ({
      label: o.label,
      mode_order: o.order,
      n_eff: ports.outputModes[k]?.effectiveIndex ?? NaN,
      T_continuous: continuous.transmissions[k] ?? NaN,
      T_binarised: binarised.transmissions[k] ?? NaN,
    })),
    reflection: balance.reflection,
    power_balance: balance.total,
    grey_fraction: grey,
    grid: {
      nx: grid.nx,
      ny: grid.ny,
      cell_nm: p.cell_nm,
      unknowns: grid.nx * grid.ny,
      half_bandwidth: Math.min(grid.nx, grid.ny),
      pml_cells: grid.npml,
      design_cells: [design.nx, design.ny],
      cells_per_wavelength: cellsPerWavelength,
      residual,
    },
    design_binary: Array.from({ length: design.ny }, (_, j) => Array.from({ length: design.nx }, (_, i) => String(solid[i + j * design.nx])).join('')),
    iterations: p.iterations,
    maps: [designMap(p, layout, final.rhoHat), fieldMap(p, fresh.layout, binarised)],
    warnings,
    conventions: CONVENTIONS,
    backend: linalg.id,
  };
}

/** The balance of the binarised run; `total` compares with 1, `reflection` is the TE0 part of what came back. */
function powerBalance(s: Setup, e: Evaluation): { total: number; reflection: number } {
  const { layout, ports, norm } = s;
  const reflected = e.field.map((v, k) => v - (norm.field[k] as number));
  const reflection = modePower(layout.grid, ports.inputMode, modeAmplitude(layout.grid, reflected, ports.inputMode)) / norm.pRef;
  let out = lineFlux(layout.grid, reflected, layout.inputMonitor, -1);
  for (const b of layout.box) out += lineFlux(layout.grid, e.field, b.line, b.direction);
  return { total: out / norm.pRef, reflection };
}

function designMap(p: InverseDesignProblem, layout: DeviceLayout, rhoHat: Float64Array): ResultMap {
  const d = layout.design;
  const halfX = (d.nx * p.cell_nm) / 2;
  const halfY = (d.ny * p.cell_nm) / 2;
  return makeMap(
    { id: 'design', title: 'Design density ρ̂ (1 = core)', x_nm: [-halfX, halfX], y_nm: [-halfY, halfY], quantity: 'ρ̂ (projected density)', scale: 'sequential' },
    d.nx,
    d.ny,
    (i, j) => rhoHat[i + j * d.nx] as number,
  );
}

/** |Ez|² of the binarised device over the grid inside the PML, normalised to its maximum. */
function fieldMap(p: InverseDesignProblem, layout: DeviceLayout, e: Evaluation): ResultMap {
  const { grid } = layout;
  const nx = grid.nx - 2 * grid.npml;
  const ny = grid.ny - 2 * grid.npml;
  const intensity = (i: number, j: number) => {
    const q = 2 * cellIndex(grid, i + grid.npml, j + grid.npml);
    return (e.field[q] as number) ** 2 + (e.field[q + 1] as number) ** 2;
  };
  let peak = 0;
  for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) peak = Math.max(peak, intensity(i, j));
  const halfX = (nx * p.cell_nm) / 2;
  const halfY = (ny * p.cell_nm) / 2;
  return makeMap(
    { id: 'field', title: '|Ez|² of the binarised design', x_nm: [-halfX, halfX], y_nm: [-halfY, halfY], quantity: '|Ez|² (normalised to its peak)', scale: 'sequential' },
    nx,
    ny,
    (i, j) => round4(intensity(i, j) / (peak || 1)),
  );
}
