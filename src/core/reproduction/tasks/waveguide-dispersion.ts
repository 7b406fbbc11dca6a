/**
 * Reproduction task: a silicon photonic wire's dispersion is set by confinement (Dulkeith et al.,
 * "Group index and group velocity dispersion in silicon-on-insulator photonic wires", Opt. Express
 * 14, 3853 (2006), doi:10.1364/OE.14.003853: 226 nm thick single-mode wires around their 525 nm
 * one). The group index of such a wire sits far above its effective index, and narrowing the wire
 * lowers n_eff while raising n_g. The workflow must regenerate: n_eff and n_g of the fundamental TE
 * mode at three widths from the channel mode solver (with its group-index option, material
 * dispersion included), and a record that n_g is converged in the grid.
 *
 * The replay must stay fast, so the reference solves at a 40 nm grid (the solver warns it is
 * coarse); the tolerances are against the same solver at a 15 nm grid (FINE below) and are wider
 * than the 40 nm grid's error (≤ 0.017 in n_eff, ≤ 0.031 in n_g here) but far narrower than the
 * semi-vectorial model's (0.07 in n_eff, 0.47 in n_g at 400 nm).
 */
import type { RubricNode } from '../rubric.ts';
import { artifactPresent, converged, covers, finiteColumn, traceable, withinTolerance, type CheckResult } from '../checks.ts';
import type { ReplayOutcome } from '../replay.ts';
import { editFile, type ReproductionTaskDefinition } from '../task.ts';
import { columns, replayCompleted, solvedOfKind } from './lib/replay-calls.ts';

export const WIRE = { core: 'Si (Li 1993, 293 K)', substrate: 'SiO2 (Malitson 1965)', height_nm: 226, wavelength_nm: 1550, widths_nm: [400, 525, 700] as const };

/**
 * n_eff and n_g of TE0 from this engine's full-vectorial channel solver at grid_nm 15 with 1 µm of
 * cladding on every side (the wire of WIRE, air above): the hidden reference artifact.
 */
export const FINE: readonly { width_nm: number; n_eff: number; n_g: number }[] = [
  { width_nm: 400, n_eff: 2.13909, n_g: 4.79029 },
  { width_nm: 525, n_eff: 2.45361, n_g: 4.30131 },
  { width_nm: 700, n_eff: 2.63341, n_g: 4.03113 },
];
export const TOLERANCE = { n_eff: 0.02, n_g: 0.05 };

const WIRE_SPEC = {
  scope: `Strip wires of ${WIRE.core}, ${WIRE.height_nm} nm thick, on ${WIRE.substrate} with air above, at ${WIRE.wavelength_nm} nm; the fundamental TE mode. The solves must be fast: a grid as coarse as 40 nm is allowed if a convergence record backs it.`,
  variants: WIRE.widths_nm.map((w) => `width ${w} nm`),
  observables: ['effective index n_eff of TE0', 'group index n_g of TE0 (material dispersion included)', 'their trend with width'],
  evidence: [
    'artifact.table("dispersion", ["width_nm", "n_eff", "n_g"], rows): TE0 at each width, as the solver returned them.',
    'artifact.json("convergence", [{ resolution, value }, …]): n_g of the 525 nm wire at two or more grids (grid_nm), finest last.',
  ],
  interface: 'oracle.solve(problem) runs the photonics engine (kind "mode", structure.type "channel", shape "strip"; structure.group_index: true adds n_g); artifact.table / artifact.json write evidence; require("./x.js") loads package files; console.log logs.',
};

export const WIRE_STARTER = `// reproduce.js — a starting point: one wire, its modes. Not yet evidence of the claim.
const res = oracle.solve({ kind: 'mode', polarization: 'TE', wavelength_nm: 1550, structure: { type: 'channel', shape: 'strip', core: { material: 'Si (Li 1993, 293 K)', width_nm: 525, height_nm: 226 }, cladding: { n: 1, k: 0 }, substrate: 'SiO2 (Malitson 1965)', grid_nm: 60, max_modes: 1 } });
console.log(JSON.stringify(res.modes.map((m) => [m.polarization, m.order, m.n_eff])));
`;

/** The reference workflow (hidden): TE0 with n_g at three widths, a grid-convergence record of n_g. */
export const WIRE_REFERENCE: { path: string; text: string }[] = [
  {
    path: 'lib/wire.js',
    text: `
const WIRE = { core: 'Si (Li 1993, 293 K)', substrate: 'SiO2 (Malitson 1965)', height_nm: 226 };
// 500 nm of cladding on each side holds TE0's field at these widths; n_g by the solver's own
// central difference in wavelength (material dispersion included).
function te0(width_nm, grid_nm) {
  const res = oracle.solve({ kind: 'mode', polarization: 'TE', wavelength_nm: 1550, structure: { type: 'channel', shape: 'strip', core: { material: WIRE.core, width_nm, height_nm: WIRE.height_nm }, cladding: { n: 1, k: 0 }, substrate: WIRE.substrate, grid_nm, max_modes: 1, group_index: true, window_nm: { width: width_nm + 1000, height: WIRE.height_nm + 1000 } } });
  const m = res.modes.find((x) => x.polarization === 'TE' && x.order === 0);
  if (!m || m.n_g === null) throw new Error('no guided TE0 with a group index at width ' + width_nm + ' nm');
  return m;
}
module.exports = { te0 };
`,
  },
  {
    path: 'reproduce.js',
    text: `
const { te0 } = require('./lib/wire.js');
// The coarse grids of the convergence record first: cheap solves (they also warm the engine up).
const convergence = [60, 50].map((grid) => ({ resolution: grid, value: te0(525, grid).n_g }));
const rows = [], at = {};
for (const w of [400, 525, 700]) {
  at[w] = te0(w, 40);
  rows.push([w, at[w].n_eff, at[w].n_g]);
}
convergence.push({ resolution: 40, value: at[525].n_g });
artifact.table('dispersion', ['width_nm', 'n_eff', 'n_g'], rows);
artifact.json('convergence', convergence);
console.log('n_g at 400, 525, 700 nm: ' + rows.map((r) => r[2].toFixed(3)).join(', '));
`,
  },
];

/**
 * The plausible workflow: it runs and looks right — the three wires solved, a dispersion table with
 * the right trend — but uses the semi-vectorial model, which the solver's own description says is
 * high in n_eff for silicon wires (and is far off in n_g), and checks no convergence.
 */
export const WIRE_PLAUSIBLE: { path: string; text: string }[] = [
  {
    path: 'reproduce.js',
    text: `
const rows = [400, 525, 700].map((w) => {
  const res = oracle.solve({ kind: 'mode', polarization: 'TE', wavelength_nm: 1550, structure: { type: 'channel', shape: 'strip', method: 'semi_vectorial', core: { material: 'Si (Li 1993, 293 K)', width_nm: w, height_nm: 226 }, cladding: { n: 1, k: 0 }, substrate: 'SiO2 (Malitson 1965)', grid_nm: 40, max_modes: 1, group_index: true, window_nm: { width: w + 1000, height: 1226 } } });
  const m = res.modes[0];
  return [w, m.n_eff, m.n_g];
});
artifact.table('dispersion', ['width_nm', 'n_eff', 'n_g'], rows);
`,
  },
];

export const WIRE_RUBRIC: RubricNode = {
  id: 'waveguide-dispersion',
  weight: 1,
  stage: 'modeling',
  sub_tasks: [
    { id: 'replay-completed', weight: 1, stage: 'execution', gate: true, kind: 'deterministic', requirement: 'the clean replay ran to completion' },
    {
      id: 'modeling',
      weight: 2,
      stage: 'modeling',
      sub_tasks: [
        { id: 'widths-covered', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'the dispersion table covers the three widths' },
        { id: 'wire-solved', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'a TE channel strip of the task’s materials and height was solved with n_g at each width, at 1550 nm' },
      ],
    },
    {
      id: 'execution',
      weight: 3,
      stage: 'execution',
      sub_tasks: [
        { id: 'table-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the dispersion table is there and finite' },
        { id: 'values-traceable', weight: 2, stage: 'execution', kind: 'deterministic', requirement: 'every n_g is a value the solver returned' },
      ],
    },
    {
      id: 'validation',
      weight: 4,
      stage: 'validation',
      sub_tasks: [
        { id: 'rows-match-solves', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'each row is the TE0 the solver returned for that width' },
        { id: 'neff-matches', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'n_eff within 0.02 of the fine-grid reference at each width' },
        { id: 'ng-matches', weight: 2, stage: 'validation', kind: 'deterministic', requirement: 'n_g within 0.05 of the fine-grid reference at each width' },
        { id: 'trend-holds', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'n_g exceeds n_eff by more than 1.3 everywhere, falls as the width grows, while n_eff rises' },
        { id: 'grid-converged', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'the convergence record shows n_g converged in the grid (1 %)' },
      ],
    },
  ],
};

type ChannelArgs = { polarization?: string; wavelength_nm?: number; structure?: { type?: string; shape?: string; group_index?: boolean; core?: { material?: unknown; width_nm?: number; height_nm?: number }; cladding?: { n?: number }; substrate?: unknown } };
type ChannelResult = { modes?: { polarization?: string; order?: number; n_eff?: number; n_g?: number | null }[] };

/** The logged solves of the task's wire: width → the TE0 modes they returned. */
function wireSolves(r: ReplayOutcome): Map<number, { n_eff: number; n_g: number }[]> {
  const out = new Map<number, { n_eff: number; n_g: number }[]>();
  for (const { args, result } of solvedOfKind(r, 'mode')) {
    const a = args as ChannelArgs;
    const s = a.structure;
    const ok = s?.type === 'channel' && s.shape === 'strip' && s.group_index === true && a.polarization === 'TE' && a.wavelength_nm === WIRE.wavelength_nm && s.core?.material === WIRE.core && s.core.height_nm === WIRE.height_nm && s.substrate === WIRE.substrate && s.cladding?.n === 1;
    const m = (result as ChannelResult | null)?.modes?.find((x) => x.polarization === 'TE' && x.order === 0);
    if (!ok || s?.core?.width_nm === undefined || m?.n_eff === undefined || typeof m.n_g !== 'number') continue;
    out.set(s.core.width_nm, [...(out.get(s.core.width_nm) ?? []), { n_eff: m.n_eff, n_g: m.n_g }]);
  }
  return out;
}

function wireSolved(r: ReplayOutcome): CheckResult {
  const solved = wireSolves(r);
  const missing = WIRE.widths_nm.filter((w) => !solved.has(w));
  return missing.length === 0 ? { score: 1, reason: `TE strips of ${WIRE.core}, ${WIRE.height_nm} nm, solved with n_g at ${WIRE.widths_nm.join(', ')} nm` } : { score: 0, reason: `no logged TE channel solve (group_index on) of the task's wire at width ${missing.join(', ')} nm` };
}

function rowsMatchSolves(r: ReplayOutcome): CheckResult {
  const rows = columns(r, 'dispersion', ['width_nm', 'n_eff', 'n_g']);
  if (typeof rows === 'string') return { score: 0, reason: rows };
  const solved = wireSolves(r);
  const off = rows.filter(([w, ne, ng]) => !(solved.get(w as number) ?? []).some((m) => m.n_eff === ne && m.n_g === ng));
  return off.length === 0 && rows.length > 0 ? { score: 1, reason: 'every row is the TE0 a logged solve returned for its width' } : { score: 0, reason: `the row of width ${off.map((x) => x[0]).join(', ')} nm is not the TE0 of a logged solve of that width` };
}

function trendHolds(r: ReplayOutcome): CheckResult {
  const rows = columns(r, 'dispersion', ['width_nm', 'n_eff', 'n_g']);
  if (typeof rows === 'string') return { score: 0, reason: rows };
  const sorted = [...rows].sort((a, b) => (a[0] as number) - (b[0] as number));
  const gap = Math.min(...sorted.map(([, ne, ng]) => (ng as number) - (ne as number)));
  const rising = sorted.every((x, i) => i === 0 || (x[1] as number) > (sorted[i - 1]![1] as number));
  const falling = sorted.every((x, i) => i === 0 || (x[2] as number) < (sorted[i - 1]![2] as number));
  const text = `n_g − n_eff ≥ ${gap.toFixed(3)}; n_eff ${rising ? 'rises' : 'does not rise'} and n_g ${falling ? 'falls' : 'does not fall'} with width`;
  return sorted.length >= 2 && gap > 1.3 && rising && falling ? { score: 1, reason: text } : { score: 0, reason: `${text} (the claim needs a gap above 1.3, n_eff rising, n_g falling)` };
}

/** Grades one leaf of WIRE_RUBRIC on a replay. */
export function gradeWireLeaf(leaf: RubricNode, r: ReplayOutcome): CheckResult {
  switch (leaf.id) {
    case 'replay-completed':
      return replayCompleted(r);
    case 'widths-covered':
      return covers(r, 'dispersion', 'width_nm', WIRE.widths_nm, 0);
    case 'wire-solved':
      return wireSolved(r);
    case 'table-present': {
      const p = artifactPresent(r, 'dispersion', 'table');
      if (p.score === 0) return p;
      const ne = finiteColumn(r, 'dispersion', 'n_eff');
      return ne.score === 0 ? ne : finiteColumn(r, 'dispersion', 'n_g');
    }
    case 'values-traceable':
      return traceable(r, 'dispersion', 'n_g', 'solve');
    case 'rows-match-solves':
      return rowsMatchSolves(r);
    case 'neff-matches':
      return withinTolerance(r, 'dispersion', 'width_nm', 'n_eff', FINE.map((x) => ({ key: x.width_nm, value: x.n_eff })), { abs: TOLERANCE.n_eff, rel: 0 });
    case 'ng-matches':
      return withinTolerance(r, 'dispersion', 'width_nm', 'n_g', FINE.map((x) => ({ key: x.width_nm, value: x.n_g })), { abs: TOLERANCE.n_g, rel: 0 });
    case 'trend-holds':
      return trendHolds(r);
    case 'grid-converged':
      return converged(r, 'convergence', 0.01);
    default:
      return { score: 0, reason: `no check for leaf ${leaf.id}` };
  }
}

export const waveguideDispersionTask: ReproductionTaskDefinition = {
  task: {
    task_id: 'repro-waveguide-dispersion',
    title: 'Silicon wire dispersion: n_g far above n_eff, rising as the wire narrows',
    claim: 'In a 226 nm thick silicon-on-insulator wire near 1550 nm, strong confinement rather than silicon’s material dispersion sets the group index: n_g lies far above n_eff, and narrowing the wire lowers n_eff while it raises n_g.',
    citation: { doi: '10.1364/OE.14.003853', text: 'E. Dulkeith, F. Xia, L. Schares, W. M. J. Green, L. Sekaric and Yu. A. Vlasov, "Group index and group velocity dispersion in silicon-on-insulator photonic wires", Opt. Express 14, 3853 (2006)' },
    solver: 'mode',
    reported: [
      { quantity: 'cross-section of the single-mode wire studied', value: '525 × 226', unit: 'nm', where: 'abstract and section 2' },
      { quantity: 'group velocity dispersion of that wire at 1550 nm', value: 4400, unit: 'ps/(nm·km)', where: 'abstract' },
      { quantity: 'origin of the dispersion', value: 'strong confinement, not material dispersion', unit: '', where: 'abstract' },
    ],
    spec: WIRE_SPEC,
    starter: [{ path: 'reproduce.js', text: WIRE_STARTER }],
    entry: 'reproduce.js',
  },
  reference: WIRE_REFERENCE,
  plausible: WIRE_PLAUSIBLE,
  rubric: WIRE_RUBRIC,
  grade: gradeWireLeaf,
  traceable_leaves: ['values-traceable', 'wire-solved', 'rows-match-solves'],
  fixtures: {
    // A thinner wire lowers n_eff by 0.1 but moves n_g by only 0.03 (within its tolerance); its
    // record fails too, since 200 nm is resolved by fewer cells of each grid.
    corrupted: { change: 'the wire 26 nm too thin (200 for 226 nm)', files: editFile(WIRE_REFERENCE, 'lib/wire.js', 'height_nm: 226 }', 'height_nm: 200 }'), failed: ['grid-converged', 'neff-matches', 'rows-match-solves', 'wire-solved'] },
    copied: { change: 'the 700 nm row copied from the 525 nm one', files: editFile(WIRE_REFERENCE, 'reproduce.js', 'rows.push([w, at[w].n_eff, at[w].n_g]);', 'rows.push(w === 700 ? [w, at[525].n_eff, at[525].n_g] : [w, at[w].n_eff, at[w].n_g]);'), failed: ['neff-matches', 'ng-matches', 'rows-match-solves', 'trend-holds'] },
    nan: { change: 'NaN for every group index', files: editFile(WIRE_REFERENCE, 'reproduce.js', 'rows.push([w, at[w].n_eff, at[w].n_g]);', 'rows.push([w, at[w].n_eff, NaN]);'), failed: ['ng-matches', 'rows-match-solves', 'table-present', 'trend-holds', 'values-traceable'] },
    missing_convergence: { change: 'no convergence record', files: editFile(WIRE_REFERENCE, 'reproduce.js', "artifact.json('convergence'", "void ('convergence'"), failed: ['grid-converged'] },
  },
};
