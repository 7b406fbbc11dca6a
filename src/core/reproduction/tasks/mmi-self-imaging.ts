/**
 * Reproduction task: self-imaging in a multimode interference (MMI) section (Soldano & Pennings,
 * "Optical multi-mode interference devices based on self-imaging: principles and applications",
 * J. Lightwave Technol. 13, 615 (1995), doi:10.1109/50.372474, section II, the beat length L_π and
 * the general-interference image lengths). With an input offset from the axis, a mirrored single
 * image forms at 3L_π and N-fold images at 3L_π/N, where L_π = 4 n_r W_e² / (3λ₀) and W_e is the
 * width widened by the lateral penetration depth. The workflow must regenerate: the power carried
 * into the image guides against the MMI length from the EME solver (N = 1: one guide at the mirrored
 * position; N = 2: guides at both), the image lengths found as the maxima of those sweeps, and a
 * record that the single-image length is converged in the transverse grid.
 *
 * The paraxial formula is approximate: this engine's full modal solution puts the single image
 * about 5 % short of 3L_π for this 4 µm section (converged in grid and modes), so the claim leaf
 * allows 7 %; using the physical width W for W_e is 11 % off and fails it.
 */
import type { RubricNode } from '../rubric.ts';
import { converged, covers, traceable, finiteTable, type CheckResult } from '../checks.ts';
import type { ReplayOutcome } from '../replay.ts';
import { editFile, type ReproductionTaskDefinition } from '../task.ts';
import { columns, replayCompleted, solvedOfKind } from './lib/replay-calls.ts';

export const MMI = { n_core: 2.0, n_clad: 1.45, wavelength_um: 1.55, width_um: 4, guide_um: 1.2, offset_um: 1, window_um: 8, images: [1, 2] as const };

/** Soldano & Pennings' effective width for TE (σ = 0): W + (λ₀/π)(n_r² − n_c²)^(−1/2), µm. */
export const effectiveWidthUm = (): number => MMI.width_um + (MMI.wavelength_um / Math.PI) / Math.sqrt(MMI.n_core ** 2 - MMI.n_clad ** 2);
/** L_π = 4 n_r W_e² / (3λ₀), µm. */
export const beatLengthUm = (): number => (4 * MMI.n_core * effectiveWidthUm() ** 2) / (3 * MMI.wavelength_um);
/** The general-interference N-fold image length 3L_π/N, µm. */
export const imageLengthUm = (n: number): number => (3 * beatLengthUm()) / n;
/** Allowed relative distance of the found image from 3L_π/N (the paraxial formula's error here is ~5 %). */
export const CLAIM_TOLERANCE = 0.07;

const MMI_SPEC = {
  scope: `A 2-D TE multimode section of width ${MMI.width_um} µm and index ${MMI.n_core} in a cladding of ${MMI.n_clad}, at λ₀ = ${MMI.wavelength_um * 1000} nm, fed by a ${MMI.guide_um} µm guide centred at x = +${MMI.offset_um} µm (off axis: general interference). Window ${MMI.window_um} µm.`,
  variants: ['N = 1: one output guide at the mirrored position x = −1 µm (single image, 3L_π)', 'N = 2: output guides at x = −1 and +1 µm (two-fold image, 3L_π/2)'],
  observables: ['guided power into the output guide(s) against the MMI length', 'the length of each image (the maximum of that power)', 'its ratio to 3L_π/N'],
  evidence: [
    'artifact.table("sweep", ["n_images", "length_um", "T"], rows): the guided transmission the solver returned at each MMI length swept, for N = 1 and 2.',
    'artifact.table("images", ["n_images", "length_um", "T", "formula_um"], rows): per N, the swept length of largest T, that T, and 3L_π/N from the paper’s formula.',
    'artifact.json("convergence", [{ resolution, value }, …]): the N = 1 image length at two or more transverse grids (grid_nm), finest last.',
  ],
  interface: 'oracle.solve(problem) runs the photonics engine (kind "eme", with sweep.section on the MMI section; totals[].T_guided is the power into the last section’s guided modes); artifact.table / artifact.json write evidence; require("./x.js") loads package files; console.log logs.',
};

export const MMI_STARTER = `// reproduce.js — a starting point: one MMI length, its transmission. Not yet evidence of the claim.
const core = (center_um, width_um) => ({ center_um, width_um, material: { n: 2.0, k: 0 } });
const res = oracle.solve({ kind: 'eme', cladding: { n: 1.45, k: 0 }, window_um: 8, grid_nm: 50, modes: 40, field_map: false, wavelength_nm: 1550,
  sections: [{ length_um: 1, cores: [core(1, 1.2)] }, { length_um: 90, cores: [core(0, 4)] }, { length_um: 1, cores: [core(-1, 1.2)] }] });
console.log(JSON.stringify(res.totals));
`;

/** The reference workflow (hidden): a length sweep per N, the image at each sweep's maximum, a grid-convergence record. */
export const MMI_REFERENCE: { path: string; text: string }[] = [
  {
    path: 'lib/mmi.js',
    text: `
const MMI = { n_core: 2.0, n_clad: 1.45, lambda_um: 1.55, width_um: 4, guide_um: 1.2, offset_um: 1 };
const core = (center_um, width_um) => ({ center_um, width_um, material: { n: MMI.n_core, k: 0 } });
// Soldano & Pennings: W_e adds the TE penetration depth; L_pi = 4 n_r W_e^2 / (3 lambda).
const We = MMI.width_um + (MMI.lambda_um / Math.PI) / Math.sqrt(MMI.n_core * MMI.n_core - MMI.n_clad * MMI.n_clad);
const Lpi = (4 * MMI.n_core * We * We) / (3 * MMI.lambda_um);
const formula = (n) => (3 * Lpi) / n;
// Output guides at the images of the input: the mirrored one for N = 1, both for N = 2.
const outputs = (n) => (n === 1 ? [-MMI.offset_um] : [-MMI.offset_um, MMI.offset_um]);
function sweep(n, grid_nm, points) {
  const lengths = Array.from({ length: points }, (_, i) => Math.round(formula(n) * (0.85 + (0.2 * i) / (points - 1)) * 1000) / 1000);
  const res = oracle.solve({ kind: 'eme', cladding: { n: MMI.n_clad, k: 0 }, window_um: 8, grid_nm, modes: 40, field_map: false, convergence_check: false, wavelength_nm: 1550,
    sections: [{ length_um: 1, cores: [core(MMI.offset_um, MMI.guide_um)] }, { length_um: formula(n), cores: [core(0, MMI.width_um)] }, { length_um: 1, cores: outputs(n).map((x) => core(x, MMI.guide_um)) }],
    sweep: { section: 1, lengths_um: lengths } });
  return res.totals.map((t) => ({ length_um: t.length_um, T: t.T_guided }));
}
const peak = (rows) => rows.reduce((a, b) => (b.T > a.T ? b : a));
module.exports = { formula, sweep, peak };
`,
  },
  {
    path: 'reproduce.js',
    text: `
const { formula, sweep, peak } = require('./lib/mmi.js');
const sweepRows = [], images = [];
const found = {};
for (const n of [1, 2]) {
  const rows = sweep(n, 50, 81);
  for (const r of rows) sweepRows.push([n, r.length_um, r.T]);
  found[n] = peak(rows);
  images.push([n, found[n].length_um, found[n].T, formula(n)]);
}
artifact.table('sweep', ['n_images', 'length_um', 'T'], sweepRows);
artifact.table('images', ['n_images', 'length_um', 'T', 'formula_um'], images);
artifact.json('convergence', [80, 65, 50].map((grid) => ({ resolution: grid, value: grid === 50 ? found[1].length_um : peak(sweep(1, grid, 81)).length_um })));
console.log('images at ' + images.map((x) => x[1].toFixed(2) + ' um (3Lpi/N = ' + x[3].toFixed(2) + ')').join(', '));
`,
  },
];

/**
 * The plausible workflow: it runs and looks right — both devices swept, an images table — but puts
 * the physical width W into L_π (no penetration depth), samples coarsely around that value and
 * reports the formula's length as the image instead of finding the maximum; no convergence record.
 */
export const MMI_PLAUSIBLE: { path: string; text: string }[] = [
  {
    path: 'reproduce.js',
    text: `
const core = (center_um, width_um) => ({ center_um, width_um, material: { n: 2.0, k: 0 } });
const Lpi = (4 * 2.0 * 4 * 4) / (3 * 1.55);
const sweepRows = [], images = [];
for (const n of [1, 2]) {
  const L = (3 * Lpi) / n;
  const lengths = Array.from({ length: 11 }, (_, i) => Math.round(L * (0.9 + 0.02 * i) * 1000) / 1000);
  const res = oracle.solve({ kind: 'eme', cladding: { n: 1.45, k: 0 }, window_um: 8, grid_nm: 50, modes: 40, field_map: false, wavelength_nm: 1550,
    sections: [{ length_um: 1, cores: [core(1, 1.2)] }, { length_um: L, cores: [core(0, 4)] }, { length_um: 1, cores: (n === 1 ? [-1] : [-1, 1]).map((x) => core(x, 1.2)) }],
    sweep: { section: 1, lengths_um: lengths } });
  for (const t of res.totals) sweepRows.push([n, t.length_um, t.T_guided]);
  images.push([n, lengths[5], res.totals[5].T_guided, L]);
}
artifact.table('sweep', ['n_images', 'length_um', 'T'], sweepRows);
artifact.table('images', ['n_images', 'length_um', 'T', 'formula_um'], images);
`,
  },
];

export const MMI_RUBRIC: RubricNode = {
  id: 'mmi-self-imaging',
  weight: 1,
  stage: 'modeling',
  sub_tasks: [
    { id: 'replay-completed', weight: 1, stage: 'execution', gate: true, kind: 'deterministic', requirement: 'the clean replay ran to completion' },
    {
      id: 'modeling',
      weight: 2,
      stage: 'modeling',
      sub_tasks: [
        { id: 'variants-covered', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'the images table covers N = 1 and 2' },
        { id: 'device-solved', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'an EME length sweep of the task’s MMI was solved for each N, with the input off axis and the output guides at the image positions' },
      ],
    },
    {
      id: 'execution',
      weight: 3,
      stage: 'execution',
      sub_tasks: [
        { id: 'sweep-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the sweep table is there and finite' },
        { id: 'sweep-traceable', weight: 2, stage: 'execution', kind: 'deterministic', requirement: 'every swept T is a value the solver returned' },
        { id: 'images-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the images table is there and finite' },
      ],
    },
    {
      id: 'validation',
      weight: 4,
      stage: 'validation',
      sub_tasks: [
        { id: 'image-is-peak', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'each image row is the maximum of its own sweep' },
        { id: 'claim-holds', weight: 2, stage: 'validation', kind: 'deterministic', requirement: 'each image length is within 7 % of 3L_π/N (L_π from W_e)' },
        { id: 'ratio-holds', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'the single-image length is twice the two-fold one (within 2 %)' },
        { id: 'image-quality', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'at each image at least 85 % of the power reaches the output guides' },
        { id: 'grid-converged', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'the convergence record shows the single-image length converged in the grid (0.5 %)' },
      ],
    },
  ],
};

type EmeArgs = { cladding?: { n?: number }; wavelength_nm?: number; sweep?: { section?: number }; sections?: { cores?: { center_um?: number; width_um?: number; material?: { n?: number } }[] }[] };

const near = (a: number | undefined, b: number): boolean => a !== undefined && Math.abs(a - b) <= 1e-6;

/** Is this call the task's MMI, swept in length, with the outputs of N images? */
function isTaskDevice(a: EmeArgs, n: number): boolean {
  const s = a.sections ?? [];
  const mmi = a.sweep?.section === undefined ? undefined : s[a.sweep.section];
  const input = s[0]?.cores ?? [];
  const output = s[s.length - 1]?.cores ?? [];
  const want = n === 1 ? [-MMI.offset_um] : [-MMI.offset_um, MMI.offset_um];
  const indexOk = s.every((x) => (x.cores ?? []).every((c) => near(c.material?.n, MMI.n_core)));
  return (
    near(a.cladding?.n, MMI.n_clad) &&
    near(a.wavelength_nm, MMI.wavelength_um * 1000) &&
    indexOk &&
    mmi?.cores?.length === 1 &&
    near(mmi.cores[0]?.width_um, MMI.width_um) &&
    near(mmi.cores[0]?.center_um, 0) &&
    input.length === 1 &&
    near(input[0]?.center_um, MMI.offset_um) &&
    output.length === want.length &&
    want.every((x) => output.some((c) => near(c.center_um, x)))
  );
}

function deviceSolved(r: ReplayOutcome): CheckResult {
  const calls = solvedOfKind(r, 'eme').map((c) => c.args as EmeArgs);
  const missing = MMI.images.filter((n) => !calls.some((a) => isTaskDevice(a, n)));
  return missing.length === 0 ? { score: 1, reason: 'EME length sweeps of the task’s MMI solved for N = 1 and 2' } : { score: 0, reason: `no logged EME sweep of the task's MMI (n ${MMI.n_core} in ${MMI.n_clad}, ${MMI.width_um} µm, input at +${MMI.offset_um} µm) with the outputs of N = ${missing.join(', ')}` };
}

/** Each image row is the largest-T row of its N in the sweep table. */
function imageIsPeak(r: ReplayOutcome): CheckResult {
  const sweep = columns(r, 'sweep', ['n_images', 'length_um', 'T']);
  const images = columns(r, 'images', ['n_images', 'length_um', 'T']);
  if (typeof sweep === 'string') return { score: 0, reason: sweep };
  if (typeof images === 'string') return { score: 0, reason: images };
  const off = images.filter(([n, L, T]) => {
    const rows = sweep.filter((x) => x[0] === n);
    if (rows.length === 0) return true;
    const best = rows.reduce((a, b) => ((b[2] as number) > (a[2] as number) ? b : a));
    return best[1] !== L || best[2] !== T;
  });
  return off.length === 0 ? { score: 1, reason: 'every image row is the maximum of its own sweep' } : { score: 0, reason: `the image of N = ${off.map((x) => x[0]).join(', ')} is not the largest-T row of its sweep` };
}

function claimHolds(r: ReplayOutcome): CheckResult {
  const images = columns(r, 'images', ['n_images', 'length_um']);
  if (typeof images === 'string') return { score: 0, reason: images };
  const parts = MMI.images.map((n) => {
    const row = images.find((x) => x[0] === n);
    const want = imageLengthUm(n);
    return { n, want, got: row?.[1], ok: row !== undefined && Math.abs((row[1] as number) / want - 1) <= CLAIM_TOLERANCE };
  });
  const bad = parts.filter((p) => !p.ok);
  const text = parts.map((p) => `N = ${p.n}: ${p.got === undefined ? 'no row' : p.got.toFixed(2)} µm vs 3L_π/N = ${p.want.toFixed(2)} µm`).join('; ');
  return { score: 1 - bad.length / parts.length, reason: bad.length === 0 ? `${text} (within ${Math.round(CLAIM_TOLERANCE * 100)} %)` : `off by more than ${Math.round(CLAIM_TOLERANCE * 100)} %: ${text}` };
}

function ratioHolds(r: ReplayOutcome): CheckResult {
  const images = columns(r, 'images', ['n_images', 'length_um']);
  if (typeof images === 'string') return { score: 0, reason: images };
  const l1 = images.find((x) => x[0] === 1)?.[1];
  const l2 = images.find((x) => x[0] === 2)?.[1];
  if (l1 === undefined || l2 === undefined) return { score: 0, reason: 'the images table needs rows for N = 1 and 2' };
  const ratio = l1 / l2;
  return Math.abs(ratio - 2) <= 0.04 ? { score: 1, reason: `L(N=1)/L(N=2) = ${ratio.toFixed(4)} (2 within 2 %)` } : { score: 0, reason: `L(N=1)/L(N=2) = ${ratio.toFixed(4)}; self-imaging needs 2 (within 2 %)` };
}

function imageQuality(r: ReplayOutcome): CheckResult {
  const images = columns(r, 'images', ['n_images', 'T']);
  if (typeof images === 'string') return { score: 0, reason: images };
  const weak = images.filter((x) => (x[1] as number) < 0.85);
  return images.length > 0 && weak.length === 0 ? { score: 1, reason: `T at the images: ${images.map((x) => (x[1] as number).toFixed(3)).join(', ')} (≥ 0.85)` } : { score: 0, reason: `T at the image of N = ${weak.map((x) => x[0]).join(', ') || '(none)'} is below 0.85: not an image` };
}

/** Grades one leaf of MMI_RUBRIC on a replay. */
export function gradeMmiLeaf(leaf: RubricNode, r: ReplayOutcome): CheckResult {
  switch (leaf.id) {
    case 'replay-completed':
      return replayCompleted(r);
    case 'variants-covered':
      return covers(r, 'images', 'n_images', MMI.images, 0);
    case 'device-solved':
      return deviceSolved(r);
    case 'sweep-present':
      return finiteTable(r, 'sweep', 'T');
    case 'sweep-traceable':
      return traceable(r, 'sweep', 'T', 'solve');
    case 'images-present':
      return finiteTable(r, 'images', 'length_um');
    case 'image-is-peak':
      return imageIsPeak(r);
    case 'claim-holds':
      return claimHolds(r);
    case 'ratio-holds':
      return ratioHolds(r);
    case 'image-quality':
      return imageQuality(r);
    case 'grid-converged':
      return converged(r, 'convergence', 0.005);
    default:
      return { score: 0, reason: `no check for leaf ${leaf.id}` };
  }
}

export const mmiSelfImagingTask: ReproductionTaskDefinition = {
  task: {
    task_id: 'repro-mmi-self-imaging',
    title: 'MMI self-imaging: single image at 3L_π, N-fold images at 3L_π/N',
    claim: 'In a multimode section fed off axis, the input field reappears mirrored as a single image after 3L_π and as N images after 3L_π/N, with the beat length L_π = 4 n_r W_e² / (3λ₀) set by the effective width W_e.',
    citation: { doi: '10.1109/50.372474', text: 'L. B. Soldano and E. C. M. Pennings, "Optical multi-mode interference devices based on self-imaging: principles and applications", J. Lightwave Technol. 13, 615 (1995)' },
    solver: 'eme',
    reported: [
      { quantity: 'beat length of the two lowest modes', value: 'L_π = 4 n_r W_e² / (3λ₀)', unit: 'µm', where: 'section II, the guided-mode propagation analysis' },
      { quantity: 'effective width (TE, σ = 0)', value: 'W_e = W + (λ₀/π)(n_c/n_r)^{2σ}(n_r² − n_c²)^{−1/2}', unit: 'µm', where: 'section II' },
      { quantity: 'length of the N-fold images (general interference)', value: '3L_π/N (single mirrored image at 3L_π)', unit: 'µm', where: 'section III-A, general interference' },
    ],
    spec: MMI_SPEC,
    starter: [{ path: 'reproduce.js', text: MMI_STARTER }],
    entry: 'reproduce.js',
  },
  reference: MMI_REFERENCE,
  plausible: MMI_PLAUSIBLE,
  rubric: MMI_RUBRIC,
  grade: gradeMmiLeaf,
  traceable_leaves: ['sweep-traceable', 'device-solved'],
  fixtures: {
    corrupted: { change: 'the core index 10 % low (1.8 for 2.0)', files: editFile(MMI_REFERENCE, 'lib/mmi.js', 'n_core: 2.0,', 'n_core: 1.8,'), failed: ['claim-holds', 'device-solved'] },
    copied: {
      change: 'the two-fold image copied from the single one (its length halved)',
      files: editFile(MMI_REFERENCE, 'reproduce.js', 'images.push([n, found[n].length_um, found[n].T, formula(n)]);', 'images.push(n === 1 ? [n, found[n].length_um, found[n].T, formula(n)] : [n, found[1].length_um / 2, found[1].T, formula(n)]);'),
      failed: ['image-is-peak'],
    },
    nan: { change: 'NaN for every image length', files: editFile(MMI_REFERENCE, 'reproduce.js', 'images.push([n, found[n].length_um,', 'images.push([n, NaN,'), failed: ['claim-holds', 'image-is-peak', 'images-present', 'ratio-holds'] },
    missing_convergence: { change: 'no convergence record', files: editFile(MMI_REFERENCE, 'reproduce.js', "artifact.json('convergence'", "void ('convergence'"), failed: ['grid-converged'] },
  },
};
