/**
 * Reproduction task: a silicon nanosphere's lowest Mie resonance is a magnetic dipole, at the
 * wavelength where the light inside the particle fits its diameter, λ_MD ≈ n·D, so it moves linearly
 * with the size through the visible and dominates the scattering at the red end of the spectrum
 * (Kuznetsov, Miroshnichenko, Fu, Zhang & Luk'yanchuk, "Magnetic light", Sci. Rep. 2, 492 (2012),
 * doi:10.1038/srep00492: Mie theory and dark-field spectra of Si spheres of 100–200 nm diameter). Telling
 * a magnetic from an electric dipole needs the per-multipole terms — the b₁ and a₁ shares of Qsca —
 * that the scattering solver returns with `multipole_orders`. The workflow regenerates the per-order
 * spectra of five diameters, the b₁ peak of each with silicon's index there, the ratio λ_MD/(n D), and
 * a record that the multipole sum is converged in the number of orders. The hidden reference values are
 * the reference workflow's own.
 */
import { converged, covers, slopeAtLeast, traceable, withinTolerance, finiteTable, type CheckResult } from '../checks.ts';
import type { ReplayOutcome } from '../replay.ts';
import type { RubricNode } from '../rubric.ts';
import { editFile, type ReproductionTaskDefinition } from '../task.ts';
import { callArguments, columns, fail, pass, peaksAreArgmax, replayCompleted } from './lib/evidence.ts';

export const SILICON = { material: 'Si (Green 2008)', radii_nm: [50, 60, 75, 90, 100] as const, band_nm: [400, 1000] as const };

/** b₁ (magnetic-dipole) scattering maxima of the reference workflow (1 nm sampling, Si Green 2008, in air), nm. */
export const SILICON_REFERENCE_MD_NM: Readonly<Record<number, number>> = { 50: 467, 60: 521, 75: 611, 90: 706, 100: 771 };
/** λ_MD/(n(λ_MD)·D) must lie in this band for every diameter (the claim's "λ_MD ≈ n·D"). */
export const SILICON_RATIO_BAND = [0.95, 1.15] as const;
/** λ_MD grows at least this fast with the diameter (nm per nm): linear scaling with n ≈ 3.7–4.5. */
export const SILICON_MIN_SLOPE = 2.5;

const SPEC = {
  scope: `Homogeneous silicon spheres (${SILICON.material}) in air of radius ${SILICON.radii_nm.join(', ')} nm (diameter ${SILICON.radii_nm.map((r) => 2 * r).join(', ')} nm), vacuum wavelengths ${SILICON.band_nm[0]}–${SILICON.band_nm[1]} nm.`,
  variants: SILICON.radii_nm.map((r) => `D = ${2 * r} nm`),
  observables: [
    'per-multipole scattering efficiencies: electric and magnetic dipole (a₁, b₁) and quadrupole (a₂, b₂) terms',
    'the magnetic-dipole resonance wavelength λ_MD',
    'λ_MD / (n D), with n silicon’s refractive index at λ_MD',
  ],
  evidence: [
    'artifact.table("multipoles", ["radius_nm", "wavelength_nm", "qsca", "q_ed", "q_md", "q_eq", "q_mq"], rows): every solved wavelength of every radius.',
    'artifact.table("md_resonance", ["radius_nm", "diameter_nm", "lambda_md_nm", "n_si", "ratio"], rows): the wavelength of the largest magnetic-dipole term, silicon’s n there, λ_MD/(n D).',
    'artifact.json("convergence", [{ resolution, value }, …]): Qsca summed over the first N multipole orders at λ_MD of the largest sphere, for growing N, largest last.',
  ],
  interface:
    'oracle.solve(problem) runs the photonics engine (kind "scattering": particle { shape "sphere", radius_nm, material }, wavelength_range_nm or wavelengths_nm, ' +
    'multipole_orders N for the per-order terms); artifact.table / artifact.json write evidence; require("./x.js") loads package files; console.log logs.',
};

const STARTER = `// reproduce.js — a starting point: one silicon sphere, its total scattering. Not yet evidence of the claim.
const res = oracle.solve({ kind: 'scattering', particle: { shape: 'sphere', radius_nm: 75, material: 'Si (Green 2008)' }, wavelength_range_nm: { start: 400, stop: 1000, count: 61 } });
console.log(JSON.stringify(res.qsca));
`;

export const SILICON_REFERENCE: { path: string; text: string }[] = [
  {
    path: 'lib/multipoles.js',
    text: `
const SI = 'Si (Green 2008)';
const spectrum = (radius_nm) => ({ kind: 'scattering', particle: { shape: 'sphere', radius_nm, material: SI }, wavelength_range_nm: { start: 400, stop: 1000, count: 601 }, multipole_orders: 2 });
const single = (radius_nm, wavelength_nm, orders) => ({ kind: 'scattering', particle: { shape: 'sphere', radius_nm, material: SI }, wavelengths_nm: [wavelength_nm], multipole_orders: orders });
// Rows [λ, Qsca, a₁, b₁, a₂, b₂ terms] of one solved spectrum.
const rows = (res) => res.wavelengths_nm.map((w, i) => [w, res.qsca[i], res.multipoles.qsca_electric[i][0], res.multipoles.qsca_magnetic[i][0], res.multipoles.qsca_electric[i][1], res.multipoles.qsca_magnetic[i][1]]);
// Index of the largest magnetic-dipole term.
function mdIndex(res) {
  const md = res.multipoles.qsca_magnetic.map((t) => t[0]);
  let i = 0;
  for (let j = 1; j < md.length; j++) if (md[j] > md[i]) i = j;
  return i;
}
const orderSum = (res) => res.multipoles.qsca_electric[0].reduce((s, v) => s + v, 0) + res.multipoles.qsca_magnetic[0].reduce((s, v) => s + v, 0);
module.exports = { spectrum, single, rows, mdIndex, orderSum };
`,
  },
  {
    path: 'reproduce.js',
    text: `
const { spectrum, single, rows, mdIndex, orderSum } = require('./lib/multipoles.js');
const radii = [50, 60, 75, 90, 100];
const table = [], md = [];
for (const r of radii) {
  const res = oracle.solve(spectrum(r));
  for (const row of rows(res)) table.push([r, ...row]);
  const i = mdIndex(res);
  const lambda = res.wavelengths_nm[i], n = res.relative_index[i].n;
  md.push([r, 2 * r, lambda, n, lambda / (n * 2 * r)]);
}
artifact.table('multipoles', ['radius_nm', 'wavelength_nm', 'qsca', 'q_ed', 'q_md', 'q_eq', 'q_mq'], table);
artifact.table('md_resonance', ['radius_nm', 'diameter_nm', 'lambda_md_nm', 'n_si', 'ratio'], md);
const last = md[md.length - 1];
artifact.json('convergence', [1, 2, 4, 8].map((orders) => ({ resolution: orders, value: orderSum(oracle.solve(single(last[0], last[2], orders))) })));
console.log('λ_MD / (n D) at D = 100…200 nm: ' + md.map((x) => x[4].toFixed(3)).join(', '));
`,
  },
];

/**
 * The plausible workflow: the right spheres and band, but it takes the peak of the total Qsca as the
 * magnetic dipole without resolving the multipoles, and uses a textbook n = 3.5 for silicon instead of
 * the index at the resonance; no convergence record.
 */
export const SILICON_PLAUSIBLE: { path: string; text: string }[] = [
  {
    path: 'reproduce.js',
    text: `
const md = [];
for (const r of [50, 60, 75, 90, 100]) {
  const res = oracle.solve({ kind: 'scattering', particle: { shape: 'sphere', radius_nm: r, material: 'Si (Green 2008)' }, wavelength_range_nm: { start: 400, stop: 1000, count: 1201 } });
  let i = 0;
  for (let j = 1; j < res.qsca.length; j++) if (res.qsca[j] > res.qsca[i]) i = j;
  md.push([r, 2 * r, res.wavelengths_nm[i], 3.5, res.wavelengths_nm[i] / (3.5 * 2 * r)]);
}
artifact.table('md_resonance', ['radius_nm', 'diameter_nm', 'lambda_md_nm', 'n_si', 'ratio'], md);
`,
  },
];

export const SILICON_RUBRIC: RubricNode = {
  id: 'silicon-magnetic-dipole',
  weight: 1,
  stage: 'modeling',
  sub_tasks: [
    { id: 'replay-completed', weight: 1, stage: 'execution', gate: true, kind: 'deterministic', requirement: 'the clean replay ran to completion' },
    {
      id: 'modeling',
      weight: 2,
      stage: 'modeling',
      sub_tasks: [
        { id: 'radii-covered', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'the md_resonance table covers the five spheres' },
        { id: 'multipoles-solved', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'a silicon sphere spectrum with per-multipole terms was solved for each radius' },
      ],
    },
    {
      id: 'execution',
      weight: 3,
      stage: 'execution',
      sub_tasks: [
        { id: 'multipoles-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the multipoles table is there and finite' },
        { id: 'multipoles-traceable', weight: 2, stage: 'execution', kind: 'deterministic', requirement: 'every magnetic-dipole term is a value the solver returned' },
        { id: 'resonance-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the md_resonance table is there and finite' },
        { id: 'index-traceable', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'silicon’s index at each λ_MD is a value the solver returned' },
      ],
    },
    {
      id: 'validation',
      weight: 4,
      stage: 'validation',
      sub_tasks: [
        { id: 'md-is-b1-peak', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'each λ_MD is the maximum of its own sphere’s magnetic-dipole term' },
        { id: 'md-dominates', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'at λ_MD the magnetic dipole carries more than half of Qsca for every sphere' },
        { id: 'md-matches-reference', weight: 2, stage: 'validation', kind: 'deterministic', requirement: 'λ_MD agrees with the reference workflow’s within 2 nm' },
        { id: 'claim-ratio', weight: 2, stage: 'validation', kind: 'deterministic', requirement: `λ_MD/(n D) lies within ${SILICON_RATIO_BAND.join('–')} for every sphere, computed from its own row` },
        { id: 'claim-linear', weight: 1, stage: 'validation', kind: 'deterministic', requirement: `λ_MD grows with D at least ${SILICON_MIN_SLOPE} nm per nm (least squares)` },
        { id: 'orders-converged', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'the convergence record shows the multipole sum converged in the number of orders (0.1 %)' },
      ],
    },
  ],
};

function solvedEachRadius(r: ReplayOutcome): CheckResult {
  type Args = { kind?: string; particle?: { shape?: string; radius_nm?: number; material?: unknown }; multipole_orders?: number };
  const solved = new Set(
    (callArguments(r, 'solve') as Args[])
      .filter((a) => a.kind === 'scattering' && a.particle?.shape === 'sphere' && typeof a.particle.material === 'string' && a.particle.material.startsWith('Si (') && (a.multipole_orders ?? 0) >= 1)
      .map((a) => a.particle?.radius_nm),
  );
  const missing = SILICON.radii_nm.filter((x) => !solved.has(x));
  return missing.length === 0 ? pass(`silicon spheres with multipole terms solved at r = ${SILICON.radii_nm.join(', ')} nm`) : fail(`no logged solve of a silicon sphere with multipole_orders at r = ${missing.join(', ')} nm`);
}

/** At each sphere's λ_MD (its row of the multipoles table), q_md > Qsca/2. */
function mdDominates(r: ReplayOutcome): CheckResult {
  const m = columns(r, 'md_resonance', ['radius_nm', 'lambda_md_nm']);
  const t = columns(r, 'multipoles', ['radius_nm', 'wavelength_nm', 'qsca', 'q_md']);
  if (typeof m === 'string') return fail(m);
  if (typeof t === 'string') return fail(t);
  const [mr, ml] = m as [number[], number[]];
  const [tr, tw, tq, tm] = t as [number[], number[], number[], number[]];
  const off: string[] = [];
  mr.forEach((rad, i) => {
    const j = tr.findIndex((x, k) => x === rad && tw[k] === ml[i]);
    if (j < 0 || !((tm[j] as number) > 0.5 * (tq[j] as number))) off.push(j < 0 ? `r = ${rad} (no row at ${ml[i]} nm)` : `r = ${rad} (${(tm[j] as number).toPrecision(3)} of ${(tq[j] as number).toPrecision(3)})`);
  });
  return off.length === 0 ? pass('at every λ_MD the magnetic dipole carries more than half of Qsca') : fail(`the magnetic dipole does not dominate Qsca at λ_MD for ${off.join('; ')}`);
}

/** Every ratio is λ_MD/(n_si D) of its own row and lies in the claim's band. */
function ratioHolds(r: ReplayOutcome): CheckResult {
  const m = columns(r, 'md_resonance', ['radius_nm', 'diameter_nm', 'lambda_md_nm', 'n_si', 'ratio']);
  if (typeof m === 'string') return fail(m);
  const [rad, d, l, n, q] = m as number[][] as [number[], number[], number[], number[], number[]];
  const bad = rad.filter((x, i) => {
    const own = (l[i] as number) / ((n[i] as number) * (d[i] as number));
    return d[i] !== 2 * x || Math.abs(own - (q[i] as number)) > 1e-9 * own || own < SILICON_RATIO_BAND[0] || own > SILICON_RATIO_BAND[1];
  });
  if (rad.length === 0) return fail('md_resonance has no rows');
  return bad.length === 0
    ? pass(`λ_MD/(n D) = ${q.map((x) => x.toFixed(3)).join(', ')}: within ${SILICON_RATIO_BAND.join('–')}`)
    : fail(`at r = ${bad.join(', ')} nm the ratio is not λ_MD/(n D) of its row or lies outside ${SILICON_RATIO_BAND.join('–')} (ratios ${q.map((x) => x.toFixed(3)).join(', ')})`);
}

export function gradeSiliconLeaf(leaf: RubricNode, r: ReplayOutcome): CheckResult {
  switch (leaf.id) {
    case 'replay-completed':
      return replayCompleted(r);
    case 'radii-covered':
      return covers(r, 'md_resonance', 'radius_nm', SILICON.radii_nm, 0);
    case 'multipoles-solved':
      return solvedEachRadius(r);
    case 'multipoles-present':
      return finiteTable(r, 'multipoles', 'q_md');
    case 'multipoles-traceable':
      return traceable(r, 'multipoles', 'q_md', 'solve');
    case 'resonance-present':
      return finiteTable(r, 'md_resonance', 'lambda_md_nm');
    case 'index-traceable':
      return traceable(r, 'md_resonance', 'n_si', 'solve');
    case 'md-is-b1-peak':
      return peaksAreArgmax(r, { table: 'md_resonance', key: 'radius_nm', peak: 'lambda_md_nm' }, { table: 'multipoles', key: 'radius_nm', x: 'wavelength_nm', y: 'q_md' });
    case 'md-dominates':
      return mdDominates(r);
    case 'md-matches-reference':
      return withinTolerance(r, 'md_resonance', 'radius_nm', 'lambda_md_nm', SILICON.radii_nm.map((x) => ({ key: x, value: SILICON_REFERENCE_MD_NM[x] as number })), { abs: 2, rel: 0 });
    case 'claim-ratio':
      return ratioHolds(r);
    case 'claim-linear':
      return slopeAtLeast(r, 'md_resonance', 'diameter_nm', 'lambda_md_nm', SILICON_MIN_SLOPE, 'nm per nm of diameter');
    case 'orders-converged':
      return converged(r, 'convergence', 0.001);
    default:
      return fail(`no check for leaf ${leaf.id}`);
  }
}

export const siliconMagneticDipoleTask: ReproductionTaskDefinition = {
  task: {
    task_id: 'repro-silicon-magnetic-dipole',
    title: 'A silicon nanosphere’s magnetic-dipole resonance sits at λ ≈ n·D',
    claim:
      'The longest-wavelength Mie resonance of a silicon sphere 100–200 nm across is a magnetic dipole (the b₁ term): it occurs where the wavelength inside silicon, λ/n, ' +
      'is about the diameter D, so λ_MD ≈ n·D moves linearly with size across the visible, and there the magnetic dipole dominates the scattering.',
    citation: { doi: '10.1038/srep00492', text: 'A. I. Kuznetsov, A. E. Miroshnichenko, Y. H. Fu, J. Zhang and B. Luk’yanchuk, "Magnetic light", Sci. Rep. 2, 492 (2012)' },
    solver: 'scattering',
    reported: [
      { quantity: 'magnetic-dipole resonance condition', value: 'λ/n ≈ D', unit: '', where: 'Kuznetsov et al. 2012, introduction and Mie analysis (Fig. 1)' },
      { quantity: 'diameters over which the magnetic resonance spans the visible', value: '100–200', unit: 'nm', where: 'Kuznetsov et al. 2012, Mie calculations and dark-field spectra of Si nanoparticles' },
      { quantity: 'character of the lowest-frequency resonance', value: 'magnetic dipole, dominating scattering at the red end', unit: '', where: 'Kuznetsov et al. 2012, multipole decomposition of the Mie scattering' },
    ],
    spec: SPEC,
    starter: [{ path: 'reproduce.js', text: STARTER }],
    entry: 'reproduce.js',
  },
  reference: SILICON_REFERENCE,
  plausible: SILICON_PLAUSIBLE,
  rubric: SILICON_RUBRIC,
  grade: gradeSiliconLeaf,
  traceable_leaves: ['multipoles-traceable', 'index-traceable', 'multipoles-solved'],
  fixtures: {
    corrupted: { change: 'silicon replaced by silica (SiO2, n ≈ 1.46)', files: editFile(SILICON_REFERENCE, 'lib/multipoles.js', "const SI = 'Si (Green 2008)';", "const SI = 'SiO2 (Malitson 1965)';"), failed: ['claim-linear', 'claim-ratio', 'md-dominates', 'md-matches-reference', 'multipoles-solved'] },
    copied: {
      change: 'the 90 nm sphere’s row written for the 100 nm sphere',
      files: editFile(SILICON_REFERENCE, 'reproduce.js', "  md.push([r, 2 * r, lambda, n, lambda / (n * 2 * r)]);", "  md.push(r === 100 ? [r, 200, md[md.length - 1][2], md[md.length - 1][3], md[md.length - 1][2] / (md[md.length - 1][3] * 200)] : [r, 2 * r, lambda, n, lambda / (n * 2 * r)]);"),
      failed: ['claim-ratio', 'md-dominates', 'md-is-b1-peak', 'md-matches-reference'],
    },
    nan: { change: 'NaN for every magnetic-dipole term', files: editFile(SILICON_REFERENCE, 'lib/multipoles.js', 'res.multipoles.qsca_magnetic[i][0], res.multipoles', 'NaN, res.multipoles'), failed: ['md-dominates', 'md-is-b1-peak', 'multipoles-present', 'multipoles-traceable'] },
    missing_convergence: { change: 'no convergence record', files: editFile(SILICON_REFERENCE, 'reproduce.js', "artifact.json('convergence'", "void ('convergence'"), failed: ['orders-converged'] },
  },
};
