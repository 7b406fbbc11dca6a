/**
 * Reproduction task: topology optimisation turns a grey design region into a low-loss 90° bend —
 * the transmission climbs over the optimiser's iterations from almost nothing to nearly all of the
 * launched power (Jensen & Sigmund, "Systematic design of photonic crystal structures using
 * topology optimization: Low-loss waveguide bends", Appl. Phys. Lett. 84, 2022 (2004),
 * doi:10.1063/1.1688450). The paper optimises a photonic-crystal bend; this engine's inverse_design
 * solver optimises a free design region joining two strip guides (2-D, effective indices), with the
 * same method: FDFD, adjoint gradients of the transmitted power, a density filter and projection.
 * The workflow must regenerate the transmission history over the iterations, the final design
 * thresholded and simulated again (a design that is grey is not a bend anyone can make), and a
 * record that the transmission has stopped moving by the last iterations.
 */
import type { RubricNode } from '../rubric.ts';
import { converged, covers, traceable, finiteTable, type CheckResult } from '../checks.ts';
import type { ReplayOutcome } from '../replay.ts';
import { editFile, type ReproductionTaskDefinition } from '../task.ts';
import { columns, replayCompleted, solvedOfKind } from './lib/replay-calls.ts';

export const BEND = { core_index: 2.85, cladding_index: 1.44, wavelength_nm: 1550, design_nm: 1200, min_iterations: 16 };
/** The solver's own grey-design limit (topopt/solve.ts GREY_FRACTION_TOLERANCE). */
export const MAX_GREY = 0.1;
/** Transmission the optimised, thresholded bend must reach, and the most its re-simulation may differ from the continuous design's. */
export const MIN_FOM = 0.85;
export const MAX_GAP = 0.05;

const BEND_SPEC = {
  scope: `The inverse_design "bend" device (input from the west, output to the south, TE0→TE0) at ${BEND.wavelength_nm} nm with effective indices ${BEND.core_index} (guides, solid cells) and ${BEND.cladding_index} (around), a ${BEND.design_nm} × ${BEND.design_nm} nm design region starting uniform (ρ = 0.5), 40 nm cells, at least ${BEND.min_iterations} iterations.`,
  variants: ['uniform start (ρ = 0.5 everywhere)'],
  observables: ['TE0 transmission (the FOM) at each iteration', 'the FOM of the final design thresholded at ρ̂ = ½ and simulated again', 'the share of grey design cells'],
  evidence: [
    'artifact.table("history", ["iteration", "fom", "beta"], rows): the FOM at the start of each iteration (1-based) and the projection sharpness then, as the solver returned them.',
    'artifact.table("design", ["fom_initial", "fom_continuous", "fom_binarised", "grey_fraction"], [row]): the final design.',
    'artifact.json("convergence", [{ resolution, value }, …]): the FOM at two or more late iterations (resolution = iteration), last last.',
  ],
  interface: 'oracle.solve(problem) runs the photonics engine (kind "inverse_design", device "bend"; result.fom.history, fom.beta_history, fom.initial, fom.final_continuous, fom.binarised, grey_fraction); artifact.table / artifact.json write evidence; require("./x.js") loads package files; console.log logs.',
};

export const BEND_STARTER = `// reproduce.js — a starting point: a few iterations, the solver's summary. Not yet evidence of the claim.
const res = oracle.solve({ kind: 'inverse_design', device: 'bend', design_width_nm: 1200, design_height_nm: 1200, port_length_nm: 320, iterations: 2 });
console.log(JSON.stringify(res.fom));
`;

/** The reference workflow (hidden): one optimisation with β continuation, its history, the binarised design, the late-iteration record. */
export const BEND_REFERENCE: { path: string; text: string }[] = [
  {
    path: 'lib/bend.js',
    text: `
// A 1.2 um design region with 320 nm ports keeps the grid at 62 x 62 cells, so 16 iterations
// (a factorisation, a forward and an adjoint solve each) stay fast; beta doubles 2 -> 16 in four
// stages so the design ends nearly binary; Adam at 0.1 climbs in fewer steps than the default.
const problem = (iterations) => ({ kind: 'inverse_design', device: 'bend', wavelength_nm: 1550, core_index: 2.85, cladding_index: 1.44, cell_nm: 40,
  design_width_nm: 1200, design_height_nm: 1200, port_length_nm: 320, iterations, learning_rate: 0.1, beta_start: 2, beta_max: 16, start: 'uniform' });
module.exports = { problem };
`,
  },
  {
    path: 'reproduce.js',
    text: `
const { problem } = require('./lib/bend.js');
const res = oracle.solve(problem(16));
const h = res.fom.history;
artifact.table('history', ['iteration', 'fom', 'beta'], h.map((f, i) => [i + 1, f, res.fom.beta_history[i]]));
artifact.table('design', ['fom_initial', 'fom_continuous', 'fom_binarised', 'grey_fraction'], [[res.fom.initial, res.fom.final_continuous, res.fom.binarised, res.grey_fraction]]);
artifact.json('convergence', [h.length - 4, h.length - 2, h.length].map((it) => ({ resolution: it, value: h[it - 1] })));
console.log('FOM ' + res.fom.initial.toFixed(3) + ' -> ' + res.fom.final_continuous.toFixed(3) + ' (binarised ' + res.fom.binarised.toFixed(3) + ', grey ' + res.grey_fraction.toFixed(3) + ')');
for (const w of res.warnings) console.log('warning: ' + w);
`,
  },
];

/**
 * The plausible workflow: it runs and looks right — the same bend, the history rising to ~0.9 —
 * but keeps the projection soft (β fixed at 2), so the "bend" is a grey index map, and it reports
 * the continuous design's FOM as the transmission without the thresholded re-simulation or any
 * convergence record.
 */
export const BEND_PLAUSIBLE: { path: string; text: string }[] = [
  {
    path: 'reproduce.js',
    text: `
const res = oracle.solve({ kind: 'inverse_design', device: 'bend', design_width_nm: 1200, design_height_nm: 1200, port_length_nm: 320, iterations: 16, learning_rate: 0.1, beta_start: 2, beta_max: 2 });
artifact.table('history', ['iteration', 'fom', 'beta'], res.fom.history.map((f, i) => [i + 1, f, res.fom.beta_history[i]]));
artifact.table('design', ['fom_initial', 'fom_continuous', 'grey_fraction'], [[res.fom.initial, res.fom.final_continuous, res.grey_fraction]]);
`,
  },
];

export const BEND_RUBRIC: RubricNode = {
  id: 'inverse-designed-bend',
  weight: 1,
  stage: 'modeling',
  sub_tasks: [
    { id: 'replay-completed', weight: 1, stage: 'execution', gate: true, kind: 'deterministic', requirement: 'the clean replay ran to completion' },
    {
      id: 'modeling',
      weight: 2,
      stage: 'modeling',
      sub_tasks: [
        { id: 'bend-solved', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'an inverse_design bend with the task’s indices, wavelength and design region was optimised from a uniform start' },
        { id: 'iterations-covered', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: `the history covers iterations 1 to ${BEND.min_iterations}` },
      ],
    },
    {
      id: 'execution',
      weight: 3,
      stage: 'execution',
      sub_tasks: [
        { id: 'history-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the history table is there and finite' },
        { id: 'history-traceable', weight: 2, stage: 'execution', kind: 'deterministic', requirement: 'every FOM of the history is a value the solver returned' },
        { id: 'design-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the design table is there with a finite binarised FOM' },
      ],
    },
    {
      id: 'validation',
      weight: 4,
      stage: 'validation',
      sub_tasks: [
        { id: 'rows-match-solve', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'the history and the design row are those of one logged optimisation' },
        { id: 'fom-rises', weight: 2, stage: 'validation', kind: 'deterministic', requirement: 'the FOM starts below 0.2 and rises over the iterations to at least 0.85 (last quarter above the first by 0.4)' },
        { id: 'binarised-holds', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'the thresholded design, simulated again, transmits at least 0.85, within 0.05 of the continuous one' },
        { id: 'design-binary', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'at most 10 % of the design cells are grey' },
        { id: 'fom-converged', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'the convergence record shows the FOM moved by at most 1 % over the last iterations' },
      ],
    },
  ],
};

type BendArgs = { device?: string; wavelength_nm?: number; core_index?: number; cladding_index?: number; design_width_nm?: number; design_height_nm?: number; start?: string };
type BendResult = { fom?: { history?: number[]; initial?: number; final_continuous?: number; binarised?: number }; grey_fraction?: number };

/** The logged optimisations of the task's bend (schema defaults count: 1550 nm, 2.85/1.44, a uniform start). */
function taskBends(r: ReplayOutcome): BendResult[] {
  return solvedOfKind(r, 'inverse_design')
    .filter(({ args }) => {
      const a = args as BendArgs;
      return a.device === 'bend' && (a.wavelength_nm ?? 1550) === BEND.wavelength_nm && (a.core_index ?? 2.85) === BEND.core_index && (a.cladding_index ?? 1.44) === BEND.cladding_index && a.design_width_nm === BEND.design_nm && a.design_height_nm === BEND.design_nm && (a.start ?? 'uniform') === 'uniform';
    })
    .map(({ result }) => result as BendResult);
}

function bendSolved(r: ReplayOutcome): CheckResult {
  return taskBends(r).length > 0 ? { score: 1, reason: `an inverse_design bend (${BEND.core_index}/${BEND.cladding_index}, ${BEND.design_nm} nm design, uniform start) was optimised` } : { score: 0, reason: `no logged inverse_design bend with indices ${BEND.core_index}/${BEND.cladding_index} at ${BEND.wavelength_nm} nm, a ${BEND.design_nm} nm square design and a uniform start` };
}

function rowsMatchSolve(r: ReplayOutcome): CheckResult {
  const hist = columns(r, 'history', ['iteration', 'fom']);
  const design = columns(r, 'design', ['fom_initial', 'fom_continuous', 'fom_binarised', 'grey_fraction']);
  if (typeof hist === 'string') return { score: 0, reason: hist };
  if (typeof design === 'string') return { score: 0, reason: design };
  const row = design[0];
  const match = taskBends(r).some((b) => {
    const h = b.fom?.history ?? [];
    return row !== undefined && hist.length === h.length && hist.every(([it, f], i) => it === i + 1 && f === h[i]) && row[0] === b.fom?.initial && row[1] === b.fom?.final_continuous && row[2] === b.fom?.binarised && row[3] === b.grey_fraction;
  });
  return match ? { score: 1, reason: 'the history and the design row are those of one logged optimisation of the task’s bend' } : { score: 0, reason: 'no logged optimisation of the task’s bend returned this history and this design row' };
}

function fomRises(r: ReplayOutcome): CheckResult {
  const f = columns(r, 'history', ['iteration', 'fom']);
  if (typeof f === 'string') return { score: 0, reason: f };
  const fom = [...f].sort((a, b) => (a[0] as number) - (b[0] as number)).map((x) => x[1] as number);
  if (fom.length < 4) return { score: 0, reason: 'the history needs at least four iterations' };
  const q = Math.max(1, Math.floor(fom.length / 4));
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const first = fom[0] as number;
  const last = fom[fom.length - 1] as number;
  const lift = mean(fom.slice(-q)) - mean(fom.slice(0, q));
  const text = `FOM ${first.toFixed(3)} → ${last.toFixed(3)}; last quarter above the first by ${lift.toFixed(3)}`;
  return first < 0.2 && last >= MIN_FOM && lift >= 0.4 ? { score: 1, reason: text } : { score: 0, reason: `${text} (the claim needs a start below 0.2, an end at ${MIN_FOM} or more and a lift of 0.4)` };
}

function binarisedHolds(r: ReplayOutcome): CheckResult {
  const d = columns(r, 'design', ['fom_continuous', 'fom_binarised']);
  if (typeof d === 'string') return { score: 0, reason: d };
  const [c, b] = (d[0] ?? [NaN, NaN]) as [number, number];
  const text = `binarised FOM ${b.toFixed(3)} vs continuous ${c.toFixed(3)}`;
  return b >= MIN_FOM && Math.abs(b - c) <= MAX_GAP ? { score: 1, reason: text } : { score: 0, reason: `${text} (needs ≥ ${MIN_FOM} and within ${MAX_GAP})` };
}

function designBinary(r: ReplayOutcome): CheckResult {
  const d = columns(r, 'design', ['grey_fraction']);
  if (typeof d === 'string') return { score: 0, reason: d };
  const g = d[0]?.[0];
  if (g === undefined) return { score: 0, reason: 'the design table has no row' };
  return g <= MAX_GREY ? { score: 1, reason: `${(g * 100).toFixed(1)} % of the design cells are grey (≤ ${MAX_GREY * 100} %)` } : { score: 0, reason: `${(g * 100).toFixed(1)} % of the design cells are grey (> ${MAX_GREY * 100} %): not a bend that can be made` };
}

/** Grades one leaf of BEND_RUBRIC on a replay. */
export function gradeBendLeaf(leaf: RubricNode, r: ReplayOutcome): CheckResult {
  switch (leaf.id) {
    case 'replay-completed':
      return replayCompleted(r);
    case 'bend-solved':
      return bendSolved(r);
    case 'iterations-covered':
      return covers(r, 'history', 'iteration', Array.from({ length: BEND.min_iterations }, (_, i) => i + 1), 0);
    case 'history-present':
      return finiteTable(r, 'history', 'fom');
    case 'history-traceable':
      return traceable(r, 'history', 'fom', 'solve');
    case 'design-present':
      return finiteTable(r, 'design', 'fom_binarised');
    case 'rows-match-solve':
      return rowsMatchSolve(r);
    case 'fom-rises':
      return fomRises(r);
    case 'binarised-holds':
      return binarisedHolds(r);
    case 'design-binary':
      return designBinary(r);
    case 'fom-converged':
      return converged(r, 'convergence', 0.01);
    default:
      return { score: 0, reason: `no check for leaf ${leaf.id}` };
  }
}

export const inverseDesignedBendTask: ReproductionTaskDefinition = {
  task: {
    task_id: 'repro-inverse-designed-bend',
    title: 'A topology-optimised 90° bend: transmission rises over the iterations to near unity',
    claim: 'Topology optimisation with adjoint gradients, starting from a featureless design region, raises the transmission of a sharp 90° waveguide bend step by step over its iterations until the bend passes nearly all of the light, with a design that is essentially binary.',
    citation: { doi: '10.1063/1.1688450', text: 'J. S. Jensen and O. Sigmund, "Systematic design of photonic crystal structures using topology optimization: Low-loss waveguide bends", Appl. Phys. Lett. 84, 2022 (2004)' },
    solver: 'inverse_design',
    reported: [
      { quantity: 'transmission of the optimised 90° bend', value: 'near unity over the target band, far above the unoptimised bend', unit: '', where: 'abstract and the transmission-spectrum figure' },
      { quantity: 'method', value: 'material distribution in the bend region optimised by gradients from an adjoint (sensitivity) analysis of the frequency-domain problem', unit: '', where: 'the method description' },
    ],
    spec: BEND_SPEC,
    starter: [{ path: 'reproduce.js', text: BEND_STARTER }],
    entry: 'reproduce.js',
  },
  reference: BEND_REFERENCE,
  plausible: BEND_PLAUSIBLE,
  rubric: BEND_RUBRIC,
  grade: gradeBendLeaf,
  traceable_leaves: ['history-traceable', 'bend-solved', 'rows-match-solve'],
  fixtures: {
    // A weaker index contrast confines less: the same 16 iterations reach only ~0.80 (binarised 0.80).
    corrupted: { change: 'the guide index 12 % low (2.5 for 2.85)', files: editFile(BEND_REFERENCE, 'lib/bend.js', 'core_index: 2.85,', 'core_index: 2.5,'), failed: ['bend-solved', 'binarised-holds', 'fom-rises', 'rows-match-solve'] },
    copied: {
      change: 'the binarised FOM copied from the continuous one',
      files: editFile(BEND_REFERENCE, 'reproduce.js', 'res.fom.final_continuous, res.fom.binarised, res.grey_fraction]]', 'res.fom.final_continuous, res.fom.final_continuous, res.grey_fraction]]'),
      failed: ['rows-match-solve'],
    },
    nan: { change: 'NaN for the binarised FOM', files: editFile(BEND_REFERENCE, 'reproduce.js', 'res.fom.final_continuous, res.fom.binarised, res.grey_fraction]]', 'res.fom.final_continuous, NaN, res.grey_fraction]]'), failed: ['binarised-holds', 'design-present', 'rows-match-solve'] },
    missing_convergence: { change: 'no convergence record', files: editFile(BEND_REFERENCE, 'reproduce.js', "artifact.json('convergence'", "void ('convergence'"), failed: ['fom-converged'] },
  },
};
