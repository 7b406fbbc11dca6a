/**
 * Reproduction task: guided resonances of a photonic-crystal slab (Fan & Joannopoulos, "Analysis of
 * guided resonances in photonic crystal slabs", Phys. Rev. B 65, 235112 (2002),
 * doi:10.1103/PhysRevB.65.235112). A slab of ε = 12, thickness 0.5a, with a square lattice of air
 * holes of radius 0.2a, lit at normal incidence: below its first guided resonance the transmission
 * is the Fabry–Pérot spectrum of a uniform slab; above, sharp resonances ride on the background
 * with Fano line shapes, the transmission swinging between 0 and 1 within a fraction of a percent
 * of the frequency (the slab is lossless and mirror-symmetric).
 *
 * The workflow must regenerate: a coarse normal-incidence spectrum of the slab with the uniform slab
 * of the hole-averaged ε beside it, a fine scan of the resonance near ωa/2πc = 0.4116, and the
 * transmission zero of that resonance at three harmonic counts.
 *
 * Reference values (SLAB.reference_dip): this engine's 2-D RCWA, the transmission zero located by a
 * parabola through the three lowest samples of a 1e-4 scan: 0.411518 at 5 × 5 harmonics, 0.411530
 * at 7 × 7, 0.411574 at 9 × 9, 0.411587 at 11 × 11 (the reference); 3 × 3 puts it at 0.4126.
 */
import type { RubricNode } from '../rubric.ts';
import { artifactPresent, column, converged, covers, finiteColumn, traceable, type CheckResult } from '../checks.ts';
import type { ReplayOutcome } from '../replay.ts';
import { editFile, type ReproductionTaskDefinition } from '../task.ts';

export const SLAB = {
  epsilon: 12,
  thickness_a: 0.5,
  radius_a: 0.2,
  /** Hole-area-averaged permittivity, 12 − 11·π·0.2², of the uniform comparison slab. */
  epsilon_avg: 12 - 11 * Math.PI * 0.04,
  /** Transmission zero of the resonance near 0.4116 at 11 × 11 harmonics (a/λ). */
  reference_dip: 0.411587,
  dip_abs_tol: 3e-4,
  /** The coarse spectrum's grid: a/λ = 0.25 … 0.45 in steps of 0.01. */
  grid: Array.from({ length: 21 }, (_, i) => Math.round((0.25 + 0.01 * i) * 100) / 100),
} as const;

const SPEC = {
  scope: `A free-standing slab (air above and below) of ε = ${SLAB.epsilon}, thickness ${SLAB.thickness_a}a, with a square lattice (period a) of air holes of radius ${SLAB.radius_a}a; light at normal incidence; frequencies as a/λ (ωa/2πc), 0.25–0.45.`,
  variants: ['the photonic-crystal slab', `the uniform slab of the hole-averaged ε = 12 − 11π(0.2)² ≈ ${SLAB.epsilon_avg.toFixed(3)} (the Fabry–Pérot background)`],
  observables: ['zeroth-order transmission and reflection', 'the Fano line shape of the guided resonance near a/λ = 0.41', 'the resonance’s transmission zero vs the number of harmonics'],
  evidence: [
    'artifact.table("spectrum", ["a_over_lambda", "T", "R", "T_uniform"], rows): the slab’s transmission and reflection and the uniform slab’s transmission, at a/λ = 0.25, 0.26, …, 0.45 at least.',
    'artifact.table("resonance", ["a_over_lambda", "T", "R"], rows): a scan of 0.410–0.414 with steps of at most 5e-4, at no fewer than 5 × 5 harmonics.',
    'artifact.json("convergence", [{ resolution, value }, …]): the frequency of the resonance’s transmission zero at three or more harmonic counts (orders per axis), finest last.',
  ],
  interface: 'oracle.solve(problem) runs the photonics engine (kind "grating_2d": period_x_nm, cover, substrate, layers [{ thickness_nm, background, shapes }], polarization, harmonics_x, wavelengths_nm; the uniform slab is a layer without shapes); artifact.table / artifact.json / artifact.svg write evidence; require("./x.js") loads package files; console.log logs.',
};

const STARTER = `// reproduce.js — a starting point: the slab at a few frequencies. Not yet evidence of the claim.
const a = 1000;
const res = oracle.solve({ kind: 'grating_2d', period_x_nm: a, cover: { n: 1, k: 0 }, substrate: { n: 1, k: 0 }, layers: [{ thickness_nm: 0.5 * a, background: { n: Math.sqrt(12), k: 0 }, shapes: [{ type: 'circle', radius_nm: 0.2 * a, material: { n: 1, k: 0 } }] }], polarization: 'p', harmonics_x: 1, wavelengths_nm: [a / 0.3, a / 0.4] });
console.log(JSON.stringify(res.points));
`;

/** The reference workflow (hidden). */
const REFERENCE: { path: string; text: string }[] = [
  {
    path: 'lib/slab.js',
    text: `
const a = 1000; // nm; frequencies are a/λ
// The slab (ε = 12, 0.5a thick, air holes r = 0.2a) or, with eps, a uniform layer of that ε; normal incidence, E along x.
function slab(M, freqs, eps) {
  const shapes = eps === undefined ? [{ type: 'circle', center_nm: [0, 0], radius_nm: 0.2 * a, material: { n: 1, k: 0 } }] : [];
  return { kind: 'grating_2d', period_x_nm: a, cover: { n: 1, k: 0 }, substrate: { n: 1, k: 0 }, layers: [{ thickness_nm: 0.5 * a, background: { n: Math.sqrt(eps === undefined ? 12 : eps), k: 0 }, shapes }], polarization: 'p', angle_deg: 0, harmonics_x: M, convergence_check: false, wavelengths_nm: freqs.map((f) => a / f) };
}
const grid = (f0, step, n) => Array.from({ length: n }, (_, i) => Math.round((f0 + step * i) * 1e6) / 1e6);
// Frequency of the transmission zero: the vertex of the parabola through the lowest sample and its neighbours (T ∝ (f − f0)² there).
function dip(freqs, T) {
  let i = T.indexOf(Math.min(...T));
  i = Math.min(Math.max(i, 1), T.length - 2);
  const y0 = T[i - 1], y1 = T[i], y2 = T[i + 1], h = freqs[i + 1] - freqs[i];
  return { i, f: freqs[i] + (h * (y0 - y2)) / (2 * (y0 - 2 * y1 + y2)) };
}
module.exports = { a, slab, grid, dip };
`,
  },
  {
    path: 'reproduce.js',
    text: `
const { slab, grid, dip } = require('./lib/slab.js');
const M = 2; // 5 × 5 harmonics
const epsAvg = 12 - 11 * Math.PI * 0.2 * 0.2;
const coarse = grid(0.25, 0.01, 21);
const pc = oracle.solve(slab(M, coarse)), uni = oracle.solve(slab(0, coarse, epsAvg));
artifact.table('spectrum', ['a_over_lambda', 'T', 'R', 'T_uniform'], coarse.map((f, i) => [f, pc.points[i].T, pc.points[i].R, uni.points[i].T]));
const fine = grid(0.41, 0.00025, 17);
const res = oracle.solve(slab(M, fine));
const T = res.points.map((p) => p.T);
artifact.table('resonance', ['a_over_lambda', 'T', 'R'], fine.map((f, i) => [f, T[i], res.points[i].R]));
// The transmission zero at 3 × 3, 5 × 5 and 7 × 7 harmonics; 7 × 7 only at the three samples around 5 × 5's zero.
const d2 = dip(fine, T);
const d1 = dip(fine, oracle.solve(slab(1, fine)).points.map((p) => p.T));
const near = fine.slice(d2.i - 1, d2.i + 2);
const d3 = dip(near, oracle.solve(slab(3, near)).points.map((p) => p.T));
artifact.json('convergence', [{ resolution: 1, value: d1.f }, { resolution: 2, value: d2.f }, { resolution: 3, value: d3.f }]);
console.log('transmission zero at a/λ = ' + d1.f.toFixed(5) + ', ' + d2.f.toFixed(5) + ', ' + d3.f.toFixed(5) + ' (3×3, 5×5, 7×7 harmonics); T from ' + Math.min(...T).toFixed(4) + ' to ' + Math.max(...T).toFixed(4));
`,
  },
];

/**
 * The plausible workflow: the right slab, a spectrum and a fine resonance scan that show a Fano
 * line — but at 3 × 3 harmonics (the resonance lands 0.25 % off), no uniform-slab background and no
 * convergence record: Partial, with a low Validation stage.
 */
const PLAUSIBLE: { path: string; text: string }[] = [
  {
    path: 'reproduce.js',
    text: `
const a = 1000;
const solve = (fs) => oracle.solve({ kind: 'grating_2d', period_x_nm: a, cover: { n: 1, k: 0 }, substrate: { n: 1, k: 0 }, layers: [{ thickness_nm: 500, background: { n: Math.sqrt(12), k: 0 }, shapes: [{ type: 'circle', radius_nm: 200, material: { n: 1, k: 0 } }] }], polarization: 'p', harmonics_x: 1, convergence_check: false, wavelengths_nm: fs.map((f) => a / f) });
const coarse = Array.from({ length: 21 }, (_, i) => Math.round((0.25 + 0.01 * i) * 100) / 100);
const s = solve(coarse);
artifact.table('spectrum', ['a_over_lambda', 'T', 'R'], coarse.map((f, i) => [f, s.points[i].T, s.points[i].R]));
const fine = Array.from({ length: 17 }, (_, i) => 0.41 + 0.00025 * i);
const r = solve(fine);
artifact.table('resonance', ['a_over_lambda', 'T', 'R'], fine.map((f, i) => [f, r.points[i].T, r.points[i].R]));
`,
  },
];

const RUBRIC: RubricNode = {
  id: 'slab-guided-resonances',
  weight: 1,
  stage: 'modeling',
  sub_tasks: [
    { id: 'replay-completed', weight: 1, stage: 'execution', gate: true, kind: 'deterministic', requirement: 'the clean replay ran to completion' },
    {
      id: 'modeling',
      weight: 2,
      stage: 'modeling',
      sub_tasks: [
        { id: 'slab-solved', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'a logged grating_2d solve of the free-standing ε = 12, 0.5a slab with r = 0.2a air holes, normal incidence' },
        { id: 'harmonics-adequate', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'every spectrum and resonance T comes from a solve of at least 5 × 5 harmonics' },
        { id: 'uniform-slab', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'the uniform 0.5a slab of the hole-averaged ε (within 2 %) was solved' },
      ],
    },
    {
      id: 'execution',
      weight: 3,
      stage: 'execution',
      sub_tasks: [
        { id: 'spectrum-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the spectrum table is finite and covers a/λ = 0.25 … 0.45 in steps of 0.01' },
        { id: 'spectrum-traceable', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'every spectrum T is one a logged solve returned' },
        { id: 'resonance-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the resonance table is finite and samples 0.410–0.414 with steps ≤ 5e-4' },
        { id: 'resonance-traceable', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'every resonance T is one a logged solve returned' },
      ],
    },
    {
      id: 'validation',
      weight: 5,
      stage: 'validation',
      sub_tasks: [
        { id: 'fano-swing', weight: 2, stage: 'validation', kind: 'deterministic', requirement: 'across the resonance T falls to ≤ 0.02 and rises to ≥ 0.98 within 0.005 of a/λ (a sharp Fano line)' },
        { id: 'resonance-located', weight: 1, stage: 'validation', kind: 'deterministic', requirement: `the transmission zero of the resonance table lies within ${SLAB.dip_abs_tol} of the converged ${SLAB.reference_dip}` },
        { id: 'background-fabry-perot', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'below a/λ = 0.35 the slab’s T follows the uniform slab’s within 0.03; above 0.37 the resonances depart from it by ≥ 0.1 somewhere' },
        { id: 'harmonics-converged', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'three or more harmonic counts, increasing, the last refinement moving the transmission zero by ≤ 0.05 %' },
      ],
    },
  ],
};

type Material = { n?: number; k?: number; model?: string } | string | undefined;
type G2dArgs = { kind?: string; period_x_nm?: number; period_y_nm?: number; angle_deg?: number; harmonics_x?: number; harmonics_y?: number; cover?: Material; substrate?: Material; layers?: { thickness_nm?: number; background?: Material; shapes?: { type?: string; radius_nm?: number; center_nm?: number[]; material?: Material }[] }[] };

/** ε of a literal or constant-model material, or null for anything else (a library name). */
function epsOf(m: Material): number | null {
  if (m === undefined || typeof m === 'string') return null;
  if ((m.model === undefined || m.model === 'constant') && typeof m.n === 'number' && m.k === 0) return m.n * m.n;
  return null;
}
const near = (x: number | null | undefined, y: number, rel: number) => typeof x === 'number' && Math.abs(x - y) <= rel * Math.abs(y);

/** The task's free-standing slab at normal incidence; `shapes` decides the holed slab or a uniform layer. */
function isSlab(c: { tool: string; ok: boolean; arguments: unknown }, holes: boolean): boolean {
  const a = c.arguments as G2dArgs;
  if (c.tool !== 'solve' || !c.ok || a.kind !== 'grating_2d' || typeof a.period_x_nm !== 'number') return false;
  const P = a.period_x_nm;
  const layer = a.layers?.length === 1 ? a.layers[0] : undefined;
  const frame = (a.period_y_nm === undefined || a.period_y_nm === P) && (a.angle_deg ?? 0) === 0 && near(epsOf(a.cover), 1, 1e-9) && near(epsOf(a.substrate), 1, 1e-9) && near(layer?.thickness_nm, SLAB.thickness_a * P, 1e-9);
  if (!frame || !layer) return false;
  if (!holes) return (layer.shapes ?? []).length === 0 && near(epsOf(layer.background), SLAB.epsilon_avg, 0.02);
  const s = layer.shapes?.length === 1 ? layer.shapes[0] : undefined;
  return near(epsOf(layer.background), SLAB.epsilon, 1e-6) && s?.type === 'circle' && near(s.radius_nm, SLAB.radius_a * P, 1e-9) && near(epsOf(s.material), 1, 1e-9) && (s.center_nm ?? [0, 0]).every((x) => x === 0);
}

function numbersOf(v: unknown, out: Set<number>): void {
  if (typeof v === 'number') out.add(v);
  else if (Array.isArray(v)) for (const x of v) numbersOf(x, out);
  else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) numbersOf(x, out);
}

/** Numbers returned by the logged calls that satisfy `keep`. */
function returnedBy(r: ReplayOutcome, keep: (c: ReplayOutcome['calls'][number]) => boolean): Set<number> {
  const seen = new Set<number>();
  r.calls.forEach((c, i) => {
    if (keep(c)) numbersOf(r.results[i], seen);
  });
  return seen;
}

function harmonicsAdequate(r: ReplayOutcome): CheckResult {
  const seen = returnedBy(r, (c) => {
    const a = c.arguments as G2dArgs;
    return isSlab(c, true) && (a.harmonics_x ?? 3) >= 2 && (a.harmonics_y ?? a.harmonics_x ?? 3) >= 2;
  });
  for (const name of ['spectrum', 'resonance']) {
    const T = column(r, name, 'T');
    if (typeof T === 'string') return { score: 0, reason: T };
    const orphan = T.filter((x) => !seen.has(x));
    if (orphan.length > 0) return { score: 0, reason: `${orphan.length} of ${T.length} ${name}.T values come from no solve of the slab at 5 × 5 harmonics or more` };
  }
  return { score: 1, reason: 'every spectrum and resonance T comes from a slab solve of at least 5 × 5 harmonics' };
}

function resonancePresent(r: ReplayOutcome): CheckResult {
  const p = artifactPresent(r, 'resonance', 'table');
  if (p.score === 0) return p;
  const f = column(r, 'resonance', 'a_over_lambda');
  const T = column(r, 'resonance', 'T');
  if (typeof f === 'string') return { score: 0, reason: f };
  if (typeof T === 'string') return { score: 0, reason: T };
  const inside = f.filter((x) => x >= 0.41 - 1e-9 && x <= 0.414 + 1e-9).sort((x, y) => x - y);
  const gaps = [0.41, ...inside, 0.414].slice(1).map((x, i, arr) => x - (i === 0 ? 0.41 : (arr[i - 1] as number)));
  const widest = Math.max(...gaps);
  return inside.length >= 2 && widest <= 5e-4 + 1e-9 ? { score: 1, reason: `resonance samples 0.410–0.414 with ${inside.length} points (widest step ${widest.toExponential(2)})` } : { score: 0, reason: `resonance leaves a step of ${widest.toExponential(2)} in 0.410–0.414 (at most 5e-4)` };
}

/** The resonance table's rows sorted by frequency, or why there are none. */
function resonanceRows(r: ReplayOutcome): { f: number; T: number }[] | string {
  const f = column(r, 'resonance', 'a_over_lambda');
  const T = column(r, 'resonance', 'T');
  if (typeof f === 'string') return f;
  if (typeof T === 'string') return T;
  if (f.length < 3) return 'the resonance table needs at least three rows';
  return f.map((x, i) => ({ f: x, T: T[i] as number })).sort((p, q) => p.f - q.f);
}

function fanoSwing(r: ReplayOutcome): CheckResult {
  const rows = resonanceRows(r);
  if (typeof rows === 'string') return { score: 0, reason: rows };
  const lo = rows.reduce((m, x) => (x.T < m.T ? x : m));
  const hi = rows.reduce((m, x) => (x.T > m.T ? x : m));
  const ok = lo.T <= 0.02 && hi.T >= 0.98 && Math.abs(hi.f - lo.f) <= 0.005;
  const said = `T ${lo.T.toFixed(4)} at ${lo.f} and ${hi.T.toFixed(4)} at ${hi.f}`;
  return ok ? { score: 1, reason: `a Fano line: ${said}` } : { score: 0, reason: `no full Fano swing (T ≤ 0.02 and ≥ 0.98 within 0.005): ${said}` };
}

function resonanceLocated(r: ReplayOutcome): CheckResult {
  const rows = resonanceRows(r);
  if (typeof rows === 'string') return { score: 0, reason: rows };
  let i = rows.reduce((m, x, j) => (x.T < (rows[m] as { T: number }).T ? j : m), 0);
  i = Math.min(Math.max(i, 1), rows.length - 2);
  const [p, q, s] = [rows[i - 1], rows[i], rows[i + 1]] as { f: number; T: number }[];
  // Vertex of the parabola through three (possibly unevenly spaced) samples.
  const den = (p!.f - q!.f) * (p!.f - s!.f) * (q!.f - s!.f);
  const A = (s!.f * (q!.T - p!.T) + q!.f * (p!.T - s!.T) + p!.f * (s!.T - q!.T)) / den;
  const B = (s!.f ** 2 * (p!.T - q!.T) + q!.f ** 2 * (s!.T - p!.T) + p!.f ** 2 * (q!.T - s!.T)) / den;
  const dip = A > 0 ? -B / (2 * A) : q!.f;
  return Math.abs(dip - SLAB.reference_dip) <= SLAB.dip_abs_tol ? { score: 1, reason: `transmission zero at a/λ = ${dip.toFixed(5)} (reference ${SLAB.reference_dip})` } : { score: 0, reason: `transmission zero at a/λ = ${dip.toFixed(5)}, more than ${SLAB.dip_abs_tol} from the converged ${SLAB.reference_dip}` };
}

function backgroundFabryPerot(r: ReplayOutcome): CheckResult {
  const f = column(r, 'spectrum', 'a_over_lambda');
  const T = column(r, 'spectrum', 'T');
  const U = column(r, 'spectrum', 'T_uniform');
  for (const v of [f, T, U]) if (typeof v === 'string') return { score: 0, reason: v };
  const [F, TT, UU] = [f, T, U] as number[][];
  const uniform = returnedBy(r, (c) => isSlab(c, false));
  const orphan = UU!.filter((x) => !uniform.has(x));
  if (orphan.length > 0) return { score: 0, reason: `${orphan.length} spectrum.T_uniform values come from no logged solve of the uniform slab` };
  const below = F!.map((x, i) => ({ x, d: Math.abs((TT![i] as number) - (UU![i] as number)) })).filter((e) => e.x <= 0.35 + 1e-9);
  const worst = below.reduce((m, e) => Math.max(m, e.d), 0);
  const above = F!.map((x, i) => ({ x, d: Math.abs((TT![i] as number) - (UU![i] as number)) })).filter((e) => e.x >= 0.37 - 1e-9);
  const departs = above.reduce((m, e) => Math.max(m, e.d), 0);
  if (below.length < 3 || worst > 0.03) return { score: 0, reason: `below 0.35 the slab's T is ${worst.toFixed(3)} from the uniform slab's (at most 0.03 over ≥ 3 rows)` };
  if (departs < 0.1) return { score: 0, reason: `above 0.37 the slab's T never departs from the uniform slab's by 0.1 (at most ${departs.toFixed(3)}): no resonances seen` };
  return { score: 1, reason: `uniform-slab Fabry–Pérot below 0.35 (within ${worst.toFixed(3)}); resonances depart by up to ${departs.toFixed(3)} above 0.37` };
}

function harmonicsConverged(r: ReplayOutcome): CheckResult {
  const steps = r.artifacts.find((a) => a.name === 'convergence')?.data as { resolution?: unknown }[] | undefined;
  if (Array.isArray(steps)) {
    const res = steps.map((s) => s.resolution);
    if (res.length < 3 || !res.every((x, i) => typeof x === 'number' && (i === 0 || x > (res[i - 1] as number)))) return { score: 0, reason: 'convergence must list three or more harmonic counts, increasing' };
  }
  return converged(r, 'convergence', 5e-4);
}

function gradeLeaf(leaf: RubricNode, r: ReplayOutcome): CheckResult {
  switch (leaf.id) {
    case 'replay-completed':
      return r.status === 'completed' ? { score: 1, reason: 'the replay ran to completion' } : { score: 0, reason: `the replay is ${r.status}: ${r.reason ?? ''}` };
    case 'slab-solved':
      return r.calls.some((c) => isSlab(c, true)) ? { score: 1, reason: 'a grating_2d solve of the holed slab was logged' } : { score: 0, reason: 'no logged grating_2d solve of the free-standing ε = 12, 0.5a slab with r = 0.2a air holes at normal incidence' };
    case 'harmonics-adequate':
      return harmonicsAdequate(r);
    case 'uniform-slab':
      return r.calls.some((c) => isSlab(c, false)) ? { score: 1, reason: `a uniform 0.5a slab of ε ≈ ${SLAB.epsilon_avg.toFixed(3)} was solved` } : { score: 0, reason: `no logged solve of a uniform 0.5a slab of the hole-averaged ε ≈ ${SLAB.epsilon_avg.toFixed(3)}` };
    case 'spectrum-present': {
      const p = artifactPresent(r, 'spectrum', 'table');
      if (p.score === 0) return p;
      const t = finiteColumn(r, 'spectrum', 'T');
      return t.score === 0 ? t : covers(r, 'spectrum', 'a_over_lambda', SLAB.grid, 1e-6);
    }
    case 'spectrum-traceable':
      return traceable(r, 'spectrum', 'T', 'solve');
    case 'resonance-present':
      return resonancePresent(r);
    case 'resonance-traceable':
      return traceable(r, 'resonance', 'T', 'solve');
    case 'fano-swing':
      return fanoSwing(r);
    case 'resonance-located':
      return resonanceLocated(r);
    case 'background-fabry-perot':
      return backgroundFabryPerot(r);
    case 'harmonics-converged':
      return harmonicsConverged(r);
    default:
      return { score: 0, reason: `no check for leaf ${leaf.id}` };
  }
}

export const slabGuidedResonancesTask: ReproductionTaskDefinition = {
  task: {
    task_id: 'repro-slab-guided-resonances',
    title: 'Guided resonances of a photonic-crystal slab',
    claim: 'At normal incidence, a photonic-crystal slab (ε = 12, thickness 0.5a, square lattice of air holes r = 0.2a) transmits like a uniform slab below its first guided resonance; above it, sharp guided resonances appear on the Fabry–Pérot background as Fano line shapes across which the transmission swings between nearly 0 and nearly 1.',
    citation: { doi: '10.1103/PhysRevB.65.235112', text: 'S. Fan & J. D. Joannopoulos, "Analysis of guided resonances in photonic crystal slabs", Phys. Rev. B 65, 235112 (2002)' },
    solver: 'grating_2d',
    reported: [
      { quantity: 'structure', value: 'ε = 12 slab, thickness 0.5a, air holes r = 0.2a, square lattice', unit: '', where: 'section on the transmission spectra (normal incidence)' },
      { quantity: 'line shape of the guided resonances', value: 'Fano, transmission between 0 and 100 %', unit: '', where: 'the normal-incidence transmission spectrum and the coupled-mode analysis' },
      { quantity: 'off-resonance background', value: 'Fabry–Pérot oscillation of a uniform slab of an effective ε', unit: '', where: 'the normal-incidence transmission spectrum' },
    ],
    spec: SPEC,
    starter: [{ path: 'reproduce.js', text: STARTER }],
    entry: 'reproduce.js',
  },
  reference: REFERENCE,
  plausible: PLAUSIBLE,
  rubric: RUBRIC,
  grade: gradeLeaf,
  traceable_leaves: ['slab-solved', 'harmonics-adequate', 'uniform-slab', 'spectrum-traceable', 'resonance-traceable'],
  fixtures: {
    corrupted: { change: 'the uniform slab given the solid ε = 12 instead of the hole-averaged one', files: editFile(REFERENCE, 'reproduce.js', 'oracle.solve(slab(0, coarse, epsAvg))', 'oracle.solve(slab(0, coarse, 12))'), failed: ['background-fabry-perot', 'uniform-slab'] },
    copied: {
      change: 'the slab’s own T copied into the uniform-slab column',
      files: editFile(REFERENCE, 'reproduce.js', 'pc.points[i].R, uni.points[i].T]', 'pc.points[i].R, pc.points[i].T]'),
      failed: ['background-fabry-perot'],
    },
    nan: { change: 'NaN for every resonance T', files: editFile(REFERENCE, 'reproduce.js', "fine.map((f, i) => [f, T[i], res.points[i].R])", 'fine.map((f, i) => [f, NaN, res.points[i].R])'), failed: ['fano-swing', 'harmonics-adequate', 'resonance-located', 'resonance-present', 'resonance-traceable'] },
    missing_convergence: { change: 'no convergence record', files: editFile(REFERENCE, 'reproduce.js', "artifact.json('convergence'", "void ('convergence'"), failed: ['harmonics-converged'] },
  },
};
