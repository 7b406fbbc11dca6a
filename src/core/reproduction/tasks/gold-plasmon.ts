/**
 * Reproduction task: the dipolar plasmon of a gold nanosphere in water red-shifts as the sphere grows
 * (Link & El-Sayed, J. Phys. Chem. B 103, 4212 (1999), doi:10.1021/jp984796o: the plasmon maximum of
 * aqueous colloids moves to longer wavelengths from the ~20 nm to the ~100 nm diameter samples; Jain et
 * al., J. Phys. Chem. B 110, 7238 (2006) compute the same trend by Mie theory). Small spheres sit at the
 * quasi-static Fröhlich wavelength; retardation (dynamic depolarisation) pulls the resonance red once
 * the radius is a noticeable fraction of the wavelength in water. The workflow regenerates extinction
 * spectra of five radii from the Mie solver with Johnson & Christy's gold in water, the peak of each,
 * the red-shift slope over radius, and a record that the peak is converged in the wavelength sampling.
 * The hidden reference peaks are this engine's (the reference workflow's) values; the paper's measured
 * maxima are shown to the agent as reported values, not graded (size distributions and ligand shells
 * move measured maxima by a few nm).
 */
import { converged, covers, slopeAtLeast, traceable, withinTolerance, finiteTable, type CheckResult } from '../checks.ts';
import type { ReplayOutcome } from '../replay.ts';
import type { RubricNode } from '../rubric.ts';
import { editFile, type ReproductionTaskDefinition } from '../task.ts';
import { callArguments, fail, pass, peaksAreArgmax, replayCompleted } from './lib/evidence.ts';

export const GOLD = { material: 'Au (Johnson and Christy 1972)', medium_n: 1.33, radii_nm: [10, 20, 30, 40, 50] as const, band_nm: [450, 700] as const };

/**
 * Extinction maxima of the reference workflow (0.25 nm sampling, Au J&C in n = 1.33), nm: the hidden
 * reference artifact the replayed peaks are held to (±1.5 nm, a few sampling steps).
 */
export const GOLD_REFERENCE_PEAKS_NM: Readonly<Record<number, number>> = { 10: 521, 20: 524.5, 30: 535.5, 40: 548.75, 50: 569.75 };

/** The claim's quantitative condition: at least 0.8 nm of red-shift per nm of radius over 10–50 nm (8 nm per 10 nm). */
export const GOLD_MIN_SLOPE = 0.8;

const SPEC = {
  scope: `Homogeneous gold spheres (${GOLD.material}) of radius ${GOLD.radii_nm.join(', ')} nm in water (n = ${GOLD.medium_n}), vacuum wavelengths ${GOLD.band_nm[0]}–${GOLD.band_nm[1]} nm.`,
  variants: GOLD.radii_nm.map((r) => `r = ${r} nm`),
  observables: ['extinction efficiency Qext(λ)', 'wavelength of the extinction maximum', 'red-shift of the maximum per nm of radius'],
  evidence: [
    'artifact.table("spectra", ["radius_nm", "wavelength_nm", "qext"], rows): every solved wavelength of every radius.',
    'artifact.table("peaks", ["radius_nm", "peak_nm"], rows): the wavelength of the largest Qext of each radius, as sampled.',
    'artifact.json("convergence", [{ resolution, value }, …]): the peak of the 50 nm sphere at two or more wavelength samplings, finest last.',
  ],
  interface:
    'oracle.solve(problem) runs the photonics engine (kind "scattering": particle { shape "sphere", radius_nm, material }, medium, wavelength_range_nm); ' +
    'oracle.materials() lists library materials; artifact.table / artifact.json write evidence; require("./x.js") loads package files; console.log logs.',
};

const STARTER = `// reproduce.js — a starting point: one sphere, its extinction spectrum. Not yet evidence of the claim.
const res = oracle.solve({ kind: 'scattering', particle: { shape: 'sphere', radius_nm: 20, material: 'Au (Johnson and Christy 1972)' }, wavelength_range_nm: { start: 450, stop: 700, count: 51 } });
console.log(JSON.stringify(res.qext));
`;

/** The reference workflow (hidden): spectra in water, sampled peaks, a sampling-convergence record. */
export const GOLD_REFERENCE: { path: string; text: string }[] = [
  {
    path: 'lib/mie.js',
    text: `
const WATER = { n: 1.33, k: 0 };
const sphere = (radius_nm, count) => ({ kind: 'scattering', particle: { shape: 'sphere', radius_nm, material: 'Au (Johnson and Christy 1972)' }, medium: WATER, wavelength_range_nm: { start: 450, stop: 700, count } });
// The sampled wavelength of the largest extinction.
function peak(res) {
  let i = 0;
  for (let j = 1; j < res.qext.length; j++) if (res.qext[j] > res.qext[i]) i = j;
  return res.wavelengths_nm[i];
}
module.exports = { sphere, peak };
`,
  },
  {
    path: 'reproduce.js',
    text: `
const { sphere, peak } = require('./lib/mie.js');
const radii = [10, 20, 30, 40, 50];
const spectra = [], peaks = [], res = {};
for (const r of radii) {
  res[r] = oracle.solve(sphere(r, 1001));
  res[r].wavelengths_nm.forEach((w, i) => spectra.push([r, w, res[r].qext[i]]));
  peaks.push([r, peak(res[r])]);
}
artifact.table('spectra', ['radius_nm', 'wavelength_nm', 'qext'], spectra);
artifact.table('peaks', ['radius_nm', 'peak_nm'], peaks);
artifact.json('convergence', [251, 501, 1001].map((count) => ({ resolution: count, value: count === 1001 ? peak(res[50]) : peak(oracle.solve(sphere(50, count))) })));
console.log('extinction maxima (nm) at r = 10…50 nm: ' + peaks.map((p) => p[1]).join(', '));
`,
  },
];

/**
 * The plausible workflow: the right gold and radii and a consistent peaks table, but the sphere is left
 * in the solver's default medium (vacuum) instead of water, on a coarse 5 nm grid, with no convergence
 * record: the spectra look like plasmon spectra, the shift is too small.
 */
export const GOLD_PLAUSIBLE: { path: string; text: string }[] = [
  {
    path: 'reproduce.js',
    text: `
const spectra = [], peaks = [];
for (const r of [10, 20, 30, 40, 50]) {
  const res = oracle.solve({ kind: 'scattering', particle: { shape: 'sphere', radius_nm: r, material: 'Au (Johnson and Christy 1972)' }, wavelength_range_nm: { start: 450, stop: 700, count: 51 } });
  let i = 0;
  for (let j = 1; j < res.qext.length; j++) if (res.qext[j] > res.qext[i]) i = j;
  res.wavelengths_nm.forEach((w, k) => spectra.push([r, w, res.qext[k]]));
  peaks.push([r, res.wavelengths_nm[i]]);
}
artifact.table('spectra', ['radius_nm', 'wavelength_nm', 'qext'], spectra);
artifact.table('peaks', ['radius_nm', 'peak_nm'], peaks);
`,
  },
];

export const GOLD_RUBRIC: RubricNode = {
  id: 'gold-plasmon-redshift',
  weight: 1,
  stage: 'modeling',
  sub_tasks: [
    { id: 'replay-completed', weight: 1, stage: 'execution', gate: true, kind: 'deterministic', requirement: 'the clean replay ran to completion' },
    {
      id: 'modeling',
      weight: 2,
      stage: 'modeling',
      sub_tasks: [
        { id: 'radii-covered', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'the peaks table covers the five radii' },
        { id: 'spectra-solved', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'a Mie spectrum of a Johnson & Christy gold sphere in water (n 1.32–1.34) was solved for each radius' },
      ],
    },
    {
      id: 'execution',
      weight: 3,
      stage: 'execution',
      sub_tasks: [
        { id: 'spectra-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the spectra table is there and finite' },
        { id: 'spectra-traceable', weight: 2, stage: 'execution', kind: 'deterministic', requirement: 'every Qext in the spectra table is a value the solver returned' },
        { id: 'peaks-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the peaks table is there and finite' },
      ],
    },
    {
      id: 'validation',
      weight: 4,
      stage: 'validation',
      sub_tasks: [
        { id: 'peaks-match-spectra', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'each peak is the maximum of its own radius’s spectrum' },
        { id: 'peaks-match-reference', weight: 2, stage: 'validation', kind: 'deterministic', requirement: 'the peaks agree with the reference workflow’s within 1.5 nm' },
        { id: 'claim-holds', weight: 2, stage: 'validation', kind: 'deterministic', requirement: `the peak red-shifts by at least ${GOLD_MIN_SLOPE} nm per nm of radius over 10–50 nm (least-squares slope)` },
        { id: 'sampling-converged', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'the convergence record shows the 50 nm peak converged in the sampling (0.2 %)' },
      ],
    },
  ],
};

const isWater = (m: unknown): boolean =>
  (typeof m === 'string' && m.startsWith('H2O')) || (typeof m === 'object' && m !== null && Math.abs(((m as { n?: number }).n ?? 0) - GOLD.medium_n) <= 0.01 && ((m as { k?: number }).k ?? 0) === 0);

function solvedEachRadius(r: ReplayOutcome): CheckResult {
  type Args = { kind?: string; particle?: { shape?: string; radius_nm?: number; material?: unknown }; medium?: unknown };
  const solved = new Set(
    (callArguments(r, 'solve') as Args[]).filter((a) => a.kind === 'scattering' && a.particle?.shape === 'sphere' && a.particle.material === GOLD.material && isWater(a.medium)).map((a) => a.particle?.radius_nm),
  );
  const missing = GOLD.radii_nm.filter((x) => !solved.has(x));
  return missing.length === 0 ? pass(`gold spheres in water solved at r = ${GOLD.radii_nm.join(', ')} nm`) : fail(`no logged solve of a ${GOLD.material} sphere in water at r = ${missing.join(', ')} nm`);
}

export function gradeGoldLeaf(leaf: RubricNode, r: ReplayOutcome): CheckResult {
  switch (leaf.id) {
    case 'replay-completed':
      return replayCompleted(r);
    case 'radii-covered':
      return covers(r, 'peaks', 'radius_nm', GOLD.radii_nm, 0);
    case 'spectra-solved':
      return solvedEachRadius(r);
    case 'spectra-present':
      return finiteTable(r, 'spectra', 'qext');
    case 'spectra-traceable':
      return traceable(r, 'spectra', 'qext', 'solve');
    case 'peaks-present':
      return finiteTable(r, 'peaks', 'peak_nm');
    case 'peaks-match-spectra':
      return peaksAreArgmax(r, { table: 'peaks', key: 'radius_nm', peak: 'peak_nm' }, { table: 'spectra', key: 'radius_nm', x: 'wavelength_nm', y: 'qext' });
    case 'peaks-match-reference':
      return withinTolerance(r, 'peaks', 'radius_nm', 'peak_nm', GOLD.radii_nm.map((x) => ({ key: x, value: GOLD_REFERENCE_PEAKS_NM[x] as number })), { abs: 1.5, rel: 0 });
    case 'claim-holds':
      return slopeAtLeast(r, 'peaks', 'radius_nm', 'peak_nm', GOLD_MIN_SLOPE, 'nm per nm of radius');
    case 'sampling-converged':
      return converged(r, 'convergence', 0.002);
    default:
      return fail(`no check for leaf ${leaf.id}`);
  }
}

export const goldPlasmonTask: ReproductionTaskDefinition = {
  task: {
    task_id: 'repro-gold-plasmon-redshift',
    title: 'The plasmon of a gold nanosphere in water red-shifts as it grows',
    claim:
      'For gold spheres in water, the dipolar surface-plasmon extinction maximum stays near 520 nm while the sphere is small and moves to longer wavelengths as the radius grows ' +
      '(retardation), by roughly a nanometre or more of wavelength per nanometre of radius between 10 and 50 nm.',
    citation: { doi: '10.1021/jp984796o', text: 'S. Link and M. A. El-Sayed, "Size and temperature dependence of the plasmon absorption of colloidal gold nanoparticles", J. Phys. Chem. B 103, 4212 (1999); Mie analysis as in P. K. Jain et al., J. Phys. Chem. B 110, 7238 (2006), doi:10.1021/jp057170o' },
    solver: 'scattering',
    reported: [
      { quantity: 'plasmon absorption maximum of the smallest (9 nm diameter) aqueous gold colloid', value: 517, unit: 'nm', where: 'Link & El-Sayed 1999, absorption spectra of the 9–99 nm samples (Fig. 1 / Table 1)' },
      { quantity: 'plasmon absorption maximum of the 99 nm diameter colloid', value: 575, unit: 'nm', where: 'Link & El-Sayed 1999, absorption spectra of the 9–99 nm samples (Fig. 1 / Table 1)' },
      { quantity: 'trend of the maximum with size', value: 'red-shift with increasing diameter, strongest above ~25 nm', unit: '', where: 'Link & El-Sayed 1999, results; Jain et al. 2006, Mie-calculated spectra of Au nanospheres' },
    ],
    spec: SPEC,
    starter: [{ path: 'reproduce.js', text: STARTER }],
    entry: 'reproduce.js',
  },
  reference: GOLD_REFERENCE,
  plausible: GOLD_PLAUSIBLE,
  rubric: GOLD_RUBRIC,
  grade: gradeGoldLeaf,
  traceable_leaves: ['spectra-traceable', 'spectra-solved'],
  fixtures: {
    corrupted: { change: 'the medium left at vacuum (n = 1) instead of water', files: editFile(GOLD_REFERENCE, 'lib/mie.js', 'const WATER = { n: 1.33, k: 0 };', 'const WATER = { n: 1, k: 0 };'), failed: ['claim-holds', 'peaks-match-reference', 'spectra-solved'] },
    copied: {
      change: 'the 40 nm peak written for the 50 nm sphere',
      files: editFile(GOLD_REFERENCE, 'reproduce.js', 'peaks.push([r, peak(res[r])]);', 'peaks.push([r, peak(res[r === 50 ? 40 : r])]);'),
      failed: ['claim-holds', 'peaks-match-reference', 'peaks-match-spectra'],
    },
    nan: { change: 'NaN for every peak', files: editFile(GOLD_REFERENCE, 'reproduce.js', 'peaks.push([r, peak(res[r])]);', 'peaks.push([r, NaN]);'), failed: ['claim-holds', 'peaks-match-reference', 'peaks-match-spectra', 'peaks-present'] },
    missing_convergence: { change: 'no convergence record', files: editFile(GOLD_REFERENCE, 'reproduce.js', "artifact.json('convergence'", "void ('convergence'"), failed: ['sampling-converged'] },
  },
};
