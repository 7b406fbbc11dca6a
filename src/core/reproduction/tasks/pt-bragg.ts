/**
 * Reproduction task: a Bragg grating whose index modulation is n0 + Δn cos(qz) + iΔn' sin(qz) —
 * balanced gain and loss in quadrature with the real modulation — is, at the PT-symmetry threshold
 * Δn' = Δn, reflectionless from one side and fully transmitting with the phase of the bare medium,
 * while its reflection from the other side grows with length (Lin, Ramezani, Eichelkraut, Kottos,
 * Cao & Christodoulides, "Unidirectional invisibility induced by PT-symmetric periodic structures",
 * Phys. Rev. Lett. 106, 213901 (2011), doi:10.1103/PhysRevLett.106.213901; their coupled-mode
 * analysis and the exact-solution figure). Off threshold both reflections are non-zero.
 *
 * The engine's index convention is N = n + ik with e^{−iωt} fields: k < 0 is gain, accepted only
 * with `allow_gain: true` (tmm/problem.ts). With k = Δn' sin(qz) starting at the front face, the
 * front (incidence "front") is the reflectionless side. In coupled-mode theory only one direction is
 * coupled at threshold, with κ = k0·Δn, so R_back = (k0 Δn L)² exactly to first order in Δn: the
 * grader compares with that (it is the paper's L² growth, with its prefactor).
 */
import type { RubricNode } from '../rubric.ts';
import { artifactPresent, column, converged, covers, finiteColumn, traceable, type CheckResult } from '../checks.ts';
import type { ReplayOutcome } from '../replay.ts';
import { editFile, type ReproductionTaskDefinition } from '../task.ts';

export const PT = { n0: 1.5, dn: 0.01, wavelength_nm: 1550, periods: [10, 20, 30, 40] as const, ratios: [0, 0.5, 1, 1.5] as const, sweep_periods: 40, band_nm: [1500, 1600] as const };
/** Bragg period λ/(2 n0), nm. */
export const PT_PERIOD_NM = PT.wavelength_nm / (2 * PT.n0);
/** Coupled-mode back-side reflectance at threshold, (k0 Δn L)². */
export const ptBackReflectance = (periods: number): number => ((2 * Math.PI * PT.dn * periods * PT_PERIOD_NM) / PT.wavelength_nm) ** 2;

/** Thresholds of the claim (hidden): "≈ 0" and "≈ 1" in numbers, far above what the staircase and truncation leave (≈ 1e-11 and 5e-6 here). */
const R_FRONT_MAX = 1e-4;
const T_DEV_MAX = 1e-3;
/** The bare medium's transmission phase is 0 here (t is referred to the grating's own faces). */
const PHASE_MAX_RAD = 0.01;
const R_OFF_MIN = 1e-3;

const PT_SPEC = {
  scope:
    `A grating of index n(z) = ${PT.n0} + Δn cos(2πz/Λ) + iΔn' sin(2πz/Λ) (Δn = ${PT.dn}, Λ = λ/(2·${PT.n0}) at λ = ${PT.wavelength_nm} nm), ` +
    `z = 0 at the front face, an integer number of periods, embedded in n = ${PT.n0} on both sides; the engine's convention N = n + ik (k < 0 is gain).`,
  variants: [...PT.periods.map((p) => `threshold Δn' = Δn, ${p} periods`), ...PT.ratios.map((r) => `Δn'/Δn = ${r}, ${PT.sweep_periods} periods`)],
  observables: ['reflectance from the front and from the back at the Bragg wavelength', 'transmittance and transmission phase', `front and back reflectance over ${PT.band_nm[0]}–${PT.band_nm[1]} nm at threshold`],
  evidence: [
    'artifact.table("threshold", ["periods", "R_front", "R_back", "T", "t_phase_rad"], rows): at Δn\' = Δn and λ = 1550 nm, one row per length (values as the solver returned them).',
    `artifact.table("ratio_sweep", ["ratio", "R_front", "R_back", "T"], rows): ${PT.sweep_periods} periods, one row per Δn'/Δn.`,
    `artifact.table("spectrum", ["wavelength_nm", "R_front", "R_back"], rows): ${PT.sweep_periods} periods at threshold, ${PT.band_nm[0]}–${PT.band_nm[1]} nm.`,
    'artifact.json("convergence", [{ resolution, value }, …]): R_back of the 20-period threshold grating at two or more sub-layer counts per period, finest last.',
  ],
  interface:
    'oracle.solve(problem) runs the photonics engine (kind "layer_stack": a staircase of sub-layers, polarization "s" or "p", incidence "front"/"back", allow_gain for k < 0; amplitudes r, t); artifact.table / artifact.json write evidence; require("./x.js") loads package files; console.log logs.',
};

export const PT_STARTER = `// reproduce.js — a starting point: a passive grating (no gain/loss yet), reflection from the front only. Not yet evidence of the claim.
const n0 = 1.5, dn = 0.01, lambda = 1550, period = lambda / (2 * n0), per = 16;
const layers = [];
for (let p = 0; p < 20; p++) for (let j = 0; j < per; j++) layers.push({ material: { n: n0 + dn * Math.cos((2 * Math.PI * (j + 0.5)) / per), k: 0 }, thickness_nm: period / per });
const res = oracle.solve({ kind: 'layer_stack', incident_medium: { n: n0, k: 0 }, exit_medium: { n: n0, k: 0 }, layers, polarization: 's', wavelength_nm: lambda });
console.log('R front (passive, 20 periods): ' + res.R[0][0]);
`;

const PT_LIB = `
// The PT grating as a staircase of 'per' sub-layers per period at the phases of their midpoints. A
// staircase's first harmonic is its sampled amplitude times sinc(π/per); dividing by that factor gives
// the staircase the continuous profile's first harmonic (the one that Bragg-couples), so a few
// sub-layers per period already converge.
const N0 = 1.5, DN = 0.01, LAMBDA = 1550, PERIOD = LAMBDA / (2 * N0);
function grating(ratio, periods, per, incidence, wavelengths) {
  const x = Math.PI / per, amp = DN / (Math.sin(x) / x);
  const layers = [];
  for (let p = 0; p < periods; p++) for (let j = 0; j < per; j++) {
    const phase = (2 * Math.PI * (j + 0.5)) / per;
    layers.push({ material: { n: N0 + amp * Math.cos(phase), k: ratio * amp * Math.sin(phase) }, thickness_nm: PERIOD / per });
  }
  const wl = wavelengths ? { wavelength_range_nm: wavelengths } : { wavelength_nm: LAMBDA };
  return { kind: 'layer_stack', incident_medium: { n: N0, k: 0 }, exit_medium: { n: N0, k: 0 }, layers, incidence, polarization: 's', allow_gain: true, ...wl };
}
// Front and back at the Bragg wavelength: the reflectances, T and the transmission phase (as returned).
function both(ratio, periods, per) {
  const f = oracle.solve(grating(ratio, periods, per, 'front'));
  const b = oracle.solve(grating(ratio, periods, per, 'back'));
  const t = f.amplitudes.t[0][0];
  return { R_front: f.R[0][0], R_back: b.R[0][0], T: f.T[0][0], t_phase: Math.atan2(t.im, t.re) };
}
module.exports = { grating, both };
`;

/** The reference workflow (hidden): the length series at threshold, the ratio sweep, the spectrum, a sub-layer convergence record. */
export const PT_REFERENCE: { path: string; text: string }[] = [
  { path: 'lib/pt.js', text: PT_LIB },
  {
    path: 'reproduce.js',
    text: `
const { grating, both } = require('./lib/pt.js');
const PER = 8;
const threshold = [10, 20, 30, 40].map((P) => { const x = both(1, P, PER); return [P, x.R_front, x.R_back, x.T, x.t_phase]; });
artifact.table('threshold', ['periods', 'R_front', 'R_back', 'T', 't_phase_rad'], threshold);
const sweep = [0, 0.5, 1, 1.5].map((ratio) => { const x = both(ratio, 40, PER); return [ratio, x.R_front, x.R_back, x.T]; });
artifact.table('ratio_sweep', ['ratio', 'R_front', 'R_back', 'T'], sweep);
const band = { start: 1500, stop: 1600, count: 101 };
const sf = oracle.solve(grating(1, 40, PER, 'front', band)), sb = oracle.solve(grating(1, 40, PER, 'back', band));
artifact.table('spectrum', ['wavelength_nm', 'R_front', 'R_back'], sf.wavelengths_nm.map((w, i) => [w, sf.R[i][0], sb.R[i][0]]));
artifact.json('convergence', [4, 8, 16].map((per) => ({ resolution: per, value: both(1, 20, per).R_back })));
console.log('threshold R_front: ' + threshold.map((r) => r[1].toExponential(2)).join(', ') + '; R_back: ' + threshold.map((r) => r[2].toFixed(4)).join(', '));
`,
  },
];

/**
 * The plausible workflow: it runs and looks right — the same lengths and ratios, both sides solved,
 * gain allowed — but puts the gain/loss modulation in phase with the real one (cos, not sin), so the
 * grating is not PT-symmetric; it also records no spectrum and no convergence. Partial, low Validation.
 */
export const PT_PLAUSIBLE: { path: string; text: string }[] = [
  { path: 'lib/pt.js', text: PT_LIB.replace('k: ratio * amp * Math.sin(phase)', 'k: ratio * amp * Math.cos(phase)') },
  {
    path: 'reproduce.js',
    text: `
const { both } = require('./lib/pt.js');
artifact.table('threshold', ['periods', 'R_front', 'R_back', 'T', 't_phase_rad'], [10, 20, 30, 40].map((P) => { const x = both(1, P, 8); return [P, x.R_front, x.R_back, x.T, x.t_phase]; }));
artifact.table('ratio_sweep', ['ratio', 'R_front', 'R_back', 'T'], [0, 0.5, 1, 1.5].map((ratio) => { const x = both(ratio, 40, 8); return [ratio, x.R_front, x.R_back, x.T]; }));
`,
  },
];

const leaf = (id: string, weight: number, stage: RubricNode['stage'], requirement: string): RubricNode => ({ id, weight, stage, kind: 'deterministic', requirement });

export const PT_RUBRIC: RubricNode = {
  id: 'pt-bragg',
  weight: 1,
  stage: 'modeling',
  sub_tasks: [
    { id: 'replay-completed', weight: 1, stage: 'execution', gate: true, kind: 'deterministic', requirement: 'the clean replay ran to completion' },
    {
      id: 'modeling',
      weight: 2,
      stage: 'modeling',
      sub_tasks: [
        leaf('lengths-covered', 1, 'modeling', 'the threshold table covers 10, 20, 30 and 40 periods'),
        leaf('ratios-covered', 1, 'modeling', "the ratio sweep covers Δn'/Δn = 0, 0.5, 1, 1.5"),
        leaf('grating-solved', 2, 'modeling', "a logged layer_stack solve, from each side, is the specified grating at threshold: n0 1.5 around it, Δn = Δn' = 0.01, the gain/loss in quadrature (sin) with the real modulation, gain allowed"),
      ],
    },
    {
      id: 'execution',
      weight: 3,
      stage: 'execution',
      sub_tasks: [
        leaf('threshold-present', 1, 'execution', 'the threshold table is there and finite'),
        leaf('threshold-traceable', 2, 'execution', 'every threshold reflectance is a value a logged solve returned'),
        leaf('sweep-present', 1, 'execution', 'the ratio sweep table is there and finite'),
        leaf('sweep-traceable', 1, 'execution', 'every ratio-sweep reflectance is a value a logged solve returned'),
        leaf('spectrum-present', 1, 'execution', 'the threshold spectrum covers 1500–1600 nm with finite values a logged solve returned'),
      ],
    },
    {
      id: 'validation',
      weight: 4,
      stage: 'validation',
      sub_tasks: [
        leaf('front-invisible', 2, 'validation', `at threshold, every length: R_front ≤ ${R_FRONT_MAX}, |T − 1| ≤ ${T_DEV_MAX} and the transmission phase within ${PHASE_MAX_RAD} rad of the bare medium's`),
        leaf('back-grows', 2, 'validation', 'at threshold R_back follows the coupled-mode (k0 Δn L)² within 3 % at every length'),
        leaf('off-threshold', 1, 'validation', `away from threshold (ratio 0, 0.5, 1.5) both reflectances exceed ${R_OFF_MIN}; at ratio 1, R_front ≤ ${R_FRONT_MAX}`),
        leaf('broadband', 1, 'validation', `over the band R_front stays ≤ ${R_FRONT_MAX} while R_back peaks above 0.1`),
        leaf('sublayers-converged', 1, 'validation', 'the convergence record shows R_back converged in the sub-layer count (0.5 %)'),
      ],
    },
  ],
};

function cols(r: ReplayOutcome, name: string, names: readonly string[]): number[][] | string {
  const out: number[][] = [];
  for (const n of names) {
    const v = column(r, name, n);
    if (typeof v === 'string') return v;
    out.push(v);
  }
  return out;
}

/** A logged solve of the threshold grating from `incidence`: background n0, Δn and Δn' = 0.01, k ∝ sin of the phase whose cosine gives n. */
function isThresholdGrating(args: unknown, incidence: 'front' | 'back'): boolean {
  const a = args as { kind?: string; allow_gain?: boolean; incidence?: string; incident_medium?: { n?: number; k?: number }; exit_medium?: { n?: number; k?: number }; layers?: { material?: { n?: number; k?: number } }[] };
  if (a.kind !== 'layer_stack' || a.allow_gain !== true || (a.incidence ?? 'front') !== incidence) return false;
  if (a.incident_medium?.n !== PT.n0 || a.exit_medium?.n !== PT.n0 || !Array.isArray(a.layers) || a.layers.length < 8) return false;
  const dn = a.layers.map((l) => (l.material?.n ?? NaN) - PT.n0);
  const k = a.layers.map((l) => l.material?.k ?? NaN);
  if (![...dn, ...k].every(Number.isFinite)) return false;
  // In quadrature at threshold: (n − n0, k) = ρ(cos φ, sin φ), so every sub-layer lies on one circle of
  // radius ρ and the two parts are uncorrelated. ρ may exceed Δn by a staircase's first-harmonic
  // correction (1/sinc(π/N): 2.6 % at 8 sub-layers per period), not by more than 5 %.
  const rho2 = (dn[0] as number) ** 2 + (k[0] as number) ** 2;
  const circle = dn.every((x, i) => Math.abs(x * x + (k[i] as number) ** 2 - rho2) <= 1e-9 * rho2);
  const corr = dn.reduce((s, x, i) => s + x * (k[i] as number), 0) / dn.length;
  const rho = Math.sqrt(rho2);
  // The sine leads: the first sub-layers (φ just past 0) have n above n0 and k > 0.
  return circle && Math.abs(corr) <= 1e-6 * rho2 && rho >= PT.dn && rho <= 1.05 * PT.dn && (k[0] as number) > 0 && (dn[0] as number) > 0;
}

function present(r: ReplayOutcome, table: string, names: readonly string[]): CheckResult {
  const p = artifactPresent(r, table, 'table');
  if (p.score === 0) return p;
  for (const n of names) {
    const f = finiteColumn(r, table, n);
    if (f.score === 0) return f;
  }
  return { score: 1, reason: `${table}: ${names.join(', ')} present and finite` };
}

function bothTraceable(r: ReplayOutcome, table: string): CheckResult {
  for (const c of ['R_front', 'R_back']) {
    const t = traceable(r, table, c, 'solve');
    if (t.score === 0) return t;
  }
  return { score: 1, reason: `every ${table} reflectance comes from a logged solve` };
}

function frontInvisible(r: ReplayOutcome): CheckResult {
  const c = cols(r, 'threshold', ['periods', 'R_front', 'T', 't_phase_rad']);
  if (typeof c === 'string') return { score: 0, reason: c };
  const [P, RF, T, PH] = c as [number[], number[], number[], number[]];
  const bad = P.filter((_, i) => !((RF[i] as number) <= R_FRONT_MAX && Math.abs((T[i] as number) - 1) <= T_DEV_MAX && Math.abs(PH[i] as number) <= PHASE_MAX_RAD));
  if (P.length === 0) return { score: 0, reason: 'the threshold table has no rows' };
  return bad.length === 0
    ? { score: 1, reason: `at threshold R_front ≤ ${Math.max(...RF).toExponential(2)} and T within ${Math.max(...T.map((t) => Math.abs(t - 1))).toExponential(2)} of 1, phase within ${Math.max(...PH.map(Math.abs)).toExponential(2)} rad, at every length` }
    : { score: 0, reason: `at ${bad.join(', ')} periods the front is not invisible (R_front ≤ ${R_FRONT_MAX}, |T − 1| ≤ ${T_DEV_MAX}, |phase| ≤ ${PHASE_MAX_RAD} rad required)` };
}

function backGrows(r: ReplayOutcome): CheckResult {
  const c = cols(r, 'threshold', ['periods', 'R_back']);
  if (typeof c === 'string') return { score: 0, reason: c };
  const [P, RB] = c as [number[], number[]];
  const missing = PT.periods.filter((p) => !P.includes(p));
  if (missing.length > 0) return { score: 0, reason: `no threshold row at ${missing.join(', ')} periods` };
  const off = PT.periods.filter((p) => {
    const got = RB[P.indexOf(p)] as number;
    return !(Math.abs(got - ptBackReflectance(p)) <= 0.03 * ptBackReflectance(p));
  });
  return off.length === 0
    ? { score: 1, reason: `R_back = (k0 Δn L)² within 3 % at ${PT.periods.join(', ')} periods (${PT.periods.map((p) => ptBackReflectance(p).toFixed(3)).join(', ')})` }
    : { score: 0, reason: `R_back is off (k0 Δn L)² by more than 3 % at ${off.join(', ')} periods (e.g. ${RB[P.indexOf(off[0] as number)]} vs ${ptBackReflectance(off[0] as number).toFixed(4)})` };
}

function offThreshold(r: ReplayOutcome): CheckResult {
  const c = cols(r, 'ratio_sweep', ['ratio', 'R_front', 'R_back']);
  if (typeof c === 'string') return { score: 0, reason: c };
  const [Q, RF, RB] = c as [number[], number[], number[]];
  const problems: string[] = [];
  for (const q of PT.ratios) {
    const i = Q.indexOf(q);
    if (i < 0) problems.push(`no row at ratio ${q}`);
    else if (q === 1 ? !((RF[i] as number) <= R_FRONT_MAX) : !((RF[i] as number) > R_OFF_MIN && (RB[i] as number) > R_OFF_MIN)) problems.push(`ratio ${q}: R_front ${RF[i]}, R_back ${RB[i]}`);
  }
  return problems.length === 0 ? { score: 1, reason: `both sides reflect off threshold; only the threshold row has R_front ≤ ${R_FRONT_MAX}` } : { score: 0, reason: problems.join('; ') };
}

function broadband(r: ReplayOutcome): CheckResult {
  const c = cols(r, 'spectrum', ['wavelength_nm', 'R_front', 'R_back']);
  if (typeof c === 'string') return { score: 0, reason: c };
  const [, RF, RB] = c as [number[], number[], number[]];
  if (RF.length === 0) return { score: 0, reason: 'the spectrum has no rows' };
  const maxF = Math.max(...RF);
  const maxB = Math.max(...RB);
  return maxF <= R_FRONT_MAX && maxB > 0.1 ? { score: 1, reason: `over the band R_front ≤ ${maxF.toExponential(2)} while R_back peaks at ${maxB.toFixed(3)}` } : { score: 0, reason: `over the band max R_front ${maxF}, max R_back ${maxB}` };
}

function spectrumPresent(r: ReplayOutcome): CheckResult {
  const p = present(r, 'spectrum', ['wavelength_nm', 'R_front', 'R_back']);
  if (p.score === 0) return p;
  const w = column(r, 'spectrum', 'wavelength_nm') as number[];
  if (!(Math.min(...w) <= PT.band_nm[0] && Math.max(...w) >= PT.band_nm[1] && w.length >= 21)) return { score: 0, reason: `the spectrum spans ${Math.min(...w)}–${Math.max(...w)} nm in ${w.length} points; ${PT.band_nm.join('–')} nm in at least 21 needed` };
  return bothTraceable(r, 'spectrum');
}

/** Grades one leaf of PT_RUBRIC on a replay. */
export function gradePtLeaf(leafNode: RubricNode, r: ReplayOutcome): CheckResult {
  switch (leafNode.id) {
    case 'replay-completed':
      return r.status === 'completed' ? { score: 1, reason: 'the replay ran to completion' } : { score: 0, reason: `the replay is ${r.status}: ${r.reason ?? ''}` };
    case 'lengths-covered':
      return covers(r, 'threshold', 'periods', PT.periods, 1e-9);
    case 'ratios-covered':
      return covers(r, 'ratio_sweep', 'ratio', PT.ratios, 1e-9);
    case 'grating-solved': {
      const ok = (inc: 'front' | 'back') => r.calls.some((c) => c.tool === 'solve' && c.ok && isThresholdGrating(c.arguments, inc));
      const missing = (['front', 'back'] as const).filter((i) => !ok(i));
      return missing.length === 0 ? { score: 1, reason: 'the threshold PT grating (quadrature gain/loss, Δn = Δn\' = 0.01 in n0 1.5) was solved from both sides' } : { score: 0, reason: `no logged solve of the specified threshold grating from the ${missing.join(' and ')}` };
    }
    case 'threshold-present':
      return present(r, 'threshold', ['periods', 'R_front', 'R_back', 'T']);
    case 'threshold-traceable':
      return bothTraceable(r, 'threshold');
    case 'sweep-present':
      return present(r, 'ratio_sweep', ['ratio', 'R_front', 'R_back', 'T']);
    case 'sweep-traceable':
      return bothTraceable(r, 'ratio_sweep');
    case 'spectrum-present':
      return spectrumPresent(r);
    case 'front-invisible':
      return frontInvisible(r);
    case 'back-grows':
      return backGrows(r);
    case 'off-threshold':
      return offThreshold(r);
    case 'broadband':
      return broadband(r);
    case 'sublayers-converged':
      return converged(r, 'convergence', 0.005);
    default:
      return { score: 0, reason: `no check for leaf ${leafNode.id}` };
  }
}

export const ptBraggTask: ReproductionTaskDefinition = {
  task: {
    task_id: 'repro-pt-bragg-unidirectional',
    title: 'A PT-symmetric Bragg grating is invisible from one side at threshold',
    claim:
      "A Bragg grating whose real index modulation Δn cos(qz) is accompanied by a gain/loss modulation Δn' sin(qz) a quarter period out of phase becomes, " +
      "at Δn' = Δn, reflectionless from one end with unit transmission and the bare medium's transmission phase, while its reflection from the other end grows " +
      'with the grating length; away from that point both ends reflect.',
    citation: { doi: '10.1103/PhysRevLett.106.213901', text: 'Z. Lin, H. Ramezani, T. Eichelkraut, T. Kottos, H. Cao and D. N. Christodoulides, "Unidirectional invisibility induced by PT-symmetric periodic structures", Phys. Rev. Lett. 106, 213901 (2011)' },
    solver: 'layer_stack',
    reported: [
      { quantity: 'one-sided reflectance at the PT threshold', value: "≈ 0 (of order n1² in the exact solution, n1 = 1e-3 there)", unit: '', where: 'exact-solution figure (n0 = 1, n1 = 1e-3) and the coupled-mode analysis' },
      { quantity: 'transmittance at threshold', value: 1, unit: '', where: 'coupled-mode analysis: T = 1 with the phase of the unperturbed medium' },
      { quantity: 'reflectance from the other side at threshold', value: 'grows as L² (coupled-mode theory)', unit: '', where: 'coupled-mode analysis at the threshold' },
    ],
    spec: PT_SPEC,
    starter: [{ path: 'reproduce.js', text: PT_STARTER }],
    entry: 'reproduce.js',
  },
  reference: PT_REFERENCE,
  plausible: PT_PLAUSIBLE,
  rubric: PT_RUBRIC,
  grade: gradePtLeaf,
  traceable_leaves: ['threshold-traceable', 'sweep-traceable', 'spectrum-present', 'grating-solved'],
  fixtures: {
    corrupted: { change: "the gain/loss amplitude 10 % below threshold (Δn' = 0.009) in the grating builder", files: editFile(PT_REFERENCE, 'lib/pt.js', 'k: ratio * amp * Math.sin(phase)', 'k: 0.9 * ratio * amp * Math.sin(phase)'), failed: ['back-grows', 'broadband', 'front-invisible', 'grating-solved', 'off-threshold'] },
    copied: { change: 'the back reflectance copied from the front (assuming reciprocity) in the threshold table', files: editFile(PT_REFERENCE, 'reproduce.js', 'return [P, x.R_front, x.R_back, x.T, x.t_phase]', 'return [P, x.R_front, x.R_front, x.T, x.t_phase]'), failed: ['back-grows'] },
    nan: { change: 'NaN for every threshold R_front', files: editFile(PT_REFERENCE, 'reproduce.js', 'return [P, x.R_front, x.R_back, x.T, x.t_phase]', 'return [P, NaN, x.R_back, x.T, x.t_phase]'), failed: ['front-invisible', 'threshold-present', 'threshold-traceable'] },
    missing_convergence: { change: 'no convergence record', files: editFile(PT_REFERENCE, 'reproduce.js', "artifact.json('convergence'", "void ('convergence'"), failed: ['sublayers-converged'] },
  },
};
