/**
 * Reproduction task: near the Brewster angle the p-polarised reflection coefficient of a bare
 * dielectric interface passes linearly through zero, r_p(θ_B + δ) ≈ r_p′·δ, so the plane waves of a
 * p-polarised beam incident at θ_B are reflected with an amplitude proportional to their transverse
 * wavenumber: the reflected field is the first spatial derivative of the incident profile (Youssefi,
 * Zangeneh-Nejad, Abdollahramezani & Khavasi, "Analog computing by Brewster effect", Opt. Lett. 41,
 * 3467 (2016), doi:10.1364/OL.41.003467). The workflow regenerates r_p(θ) from the transfer-matrix
 * solver, finds its zero crossing and slope, sends Gaussian beams through it by their angular
 * spectrum (one solve at the angles θ + asin(k_x/k0) of each beam), and compares the reflected field
 * with the derivative of the Gaussian — beside an off-Brewster control that does not differentiate.
 *
 * The grader recomputes the same quantities from the Fresnel formula (the engine's r_p sign,
 * tmm/conventions.ts) to hold the submitted ones to a tolerance; the beam method is fixed by the
 * spec (Gaussian e^{−x²/w²}, spectrum out to |k_x| = 8/w, field on |x| ≤ 3w), so the numbers compare.
 */
import type { RubricNode } from '../rubric.ts';
import { artifactPresent, column, converged, finiteColumn, traceable, type CheckResult } from '../checks.ts';
import type { ReplayOutcome } from '../replay.ts';
import { editFile, type ReproductionTaskDefinition } from '../task.ts';

export const BREWSTER = { n1: 1, n2: 1.5, wavelength_nm: 633, waists_um: [5, 10, 20] as const, control_deg: 45, sweep_deg: [40, 70] as const };
export const BREWSTER_DEG = (Math.atan(BREWSTER.n2 / BREWSTER.n1) * 180) / Math.PI;
const K0 = (2 * Math.PI) / (BREWSTER.wavelength_nm / 1000);

/** r_p of the bare interface (lossless, below any critical angle), the engine's sign: (n2 cosθ1 − n1 cosθ2)/(n2 cosθ1 + n1 cosθ2). */
export function fresnelRp(thetaRad: number): number {
  const { n1, n2 } = BREWSTER;
  const c1 = Math.cos(thetaRad);
  const s2 = (n1 * Math.sin(thetaRad)) / n2;
  const c2 = Math.sqrt(1 - s2 * s2);
  return (n2 * c1 - n1 * c2) / (n2 * c1 + n1 * c2);
}

/** dr_p/dθ at θ_B, per degree (central difference of the closed form). */
export const BREWSTER_SLOPE_PER_DEG = (() => {
  const t = Math.atan(BREWSTER.n2 / BREWSTER.n1);
  const h = 1e-6;
  return ((fresnelRp(t + h) - fresnelRp(t - h)) / (2 * h)) * (Math.PI / 180);
})();
/** The differentiator's gain |r_p′|/(k0 n1), µm: E_r ≈ −i·(r_p′/(k0 n1))·dE/dx with r_p′ per radian. */
export const BREWSTER_GAIN_UM = (Math.abs(BREWSTER_SLOPE_PER_DEG) * (180 / Math.PI)) / (K0 * BREWSTER.n1);

/** The spec's beam method on the Fresnel r_p: the reflected field's correlation with dE/dx and the fitted gain. */
export function beamReference(waistUm: number, angleDeg: number, count = 128): { correlation: number; gain_um: number } {
  const K = 8 / waistUm;
  const dk = (2 * K) / (count - 1);
  const ks = Array.from({ length: count }, (_, i) => -K + i * dk);
  const r = ks.map((k) => fresnelRp((angleDeg * Math.PI) / 180 + Math.asin(k / (K0 * BREWSTER.n1))));
  let cre = 0, cim = 0, nd = 0, ne = 0;
  for (let i = 0; i < 121; i++) {
    const x = -3 * waistUm + (6 * waistUm * i) / 120;
    let re = 0, im = 0;
    ks.forEach((k, j) => {
      const g = Math.exp((-k * k * waistUm * waistUm) / 4) * (r[j] as number);
      re += g * Math.cos(k * x);
      im += g * Math.sin(k * x);
    });
    const s = (dk * waistUm) / (2 * Math.sqrt(Math.PI));
    const d = ((-2 * x) / (waistUm * waistUm)) * Math.exp((-x * x) / (waistUm * waistUm));
    cre += re * s * d;
    cim += im * s * d;
    nd += d * d;
    ne += (re * s) ** 2 + (im * s) ** 2;
  }
  return { correlation: Math.hypot(cre, cim) / Math.sqrt(nd * ne), gain_um: Math.hypot(cre, cim) / nd };
}

/** Hidden thresholds: the claim's "matches the derivative" and "linear" in numbers. */
const CORR_MIN = 0.998;
const CORR_TOL = 2e-3;
const GAIN_REL = 0.01;
const CONTROL_MAX = 0.5;
const ANGLE_TOL_DEG = 0.01;

const BREWSTER_SPEC = {
  scope: `A bare interface from air (n = ${BREWSTER.n1}) into glass (n = ${BREWSTER.n2}), p polarisation, λ = ${BREWSTER.wavelength_nm} nm; Gaussian beams E(x) = exp(−x²/w²) in the beam's transverse coordinate.`,
  variants: [...BREWSTER.waists_um.map((w) => `w = ${w} µm at the Brewster angle`), `w = 10 µm at ${BREWSTER.control_deg}° (control)`],
  observables: ['r_p(θ) over 40–70°', 'the Brewster angle and the slope of r_p there', 'the reflected field of each beam and its correlation with dE/dx'],
  evidence: [
    'artifact.table("rp_sweep", ["angle_deg", "rp_re", "rp_im"], rows): r_p as the solver returned it, 40–70° at 0.1° or finer.',
    'artifact.table("crossing", ["theta_b_deg", "slope_per_deg", "r2"], [row]): the zero crossing of Re r_p interpolated from the sweep, and a straight-line fit of r_p over θ_B ± 1° (its slope per degree and R²).',
    'artifact.table("beam", ["waist_um", "angle_deg", "correlation", "gain_um"], rows): each beam reflected through r_p by its angular spectrum — one solve at the angles θ + asin(k_x/k0), |k_x| ≤ 8/w — the field on |x| ≤ 3w (121 points), its normalised correlation |⟨E_r, dE/dx⟩|/(‖E_r‖‖dE/dx‖) and the fitted gain |⟨E_r, dE/dx⟩|/‖dE/dx‖² in µm.',
    'artifact.table("profile", ["x_um", "out_re", "out_im", "derivative"], rows): the reflected field and dE/dx of the 10 µm beam at θ_B.',
    'artifact.json("convergence", [{ resolution, value }, …]): the 5 µm beam\'s correlation at two or more k_x sample counts, finest last.',
  ],
  interface:
    'oracle.solve(problem) runs the photonics engine (kind "layer_stack", layers [] for a bare interface, polarization "p", angles_deg or angle_range_deg; amplitudes.r is the complex r_p, [wavelength][angle]); artifact.table / artifact.json write evidence; require("./x.js") loads package files; console.log logs.',
};

export const BREWSTER_STARTER = `// reproduce.js — a starting point: R_p of the air/glass interface at a few angles. Not yet evidence of the claim.
const res = oracle.solve({ kind: 'layer_stack', incident_medium: { n: 1, k: 0 }, layers: [], exit_medium: { n: 1.5, k: 0 }, polarization: 'p', wavelength_nm: 633, angles_deg: [40, 50, 60, 70] });
console.log('R_p at 40, 50, 60, 70 deg: ' + res.R[0].join(', '));
`;

const BREWSTER_LIB = `
// The bare air/glass interface, p polarisation, and a Gaussian beam reflected through it by its angular spectrum.
const N1 = 1, N2 = 1.5, LAMBDA = 633, K0 = (2 * Math.PI) / (LAMBDA / 1000);
const iface = (angles) => ({ kind: 'layer_stack', incident_medium: { n: N1, k: 0 }, layers: [], exit_medium: { n: N2, k: 0 }, polarization: 'p', wavelength_nm: LAMBDA, ...angles });
// E(x) = exp(-x²/w²) = (1/2π)∫ √π w exp(-k²w²/4) e^{ikx} dk; each k_x is a plane wave at θ + asin(k_x/(k0 n1)).
function reflectBeam(w, thetaDeg, count) {
  const K = 8 / w, dk = (2 * K) / (count - 1);
  const ks = Array.from({ length: count }, (_, i) => -K + i * dk);
  const res = oracle.solve(iface({ angles_deg: ks.map((k) => thetaDeg + (Math.asin(k / (K0 * N1)) * 180) / Math.PI) }));
  const r = res.amplitudes.r[0];
  const s = (dk * w) / (2 * Math.sqrt(Math.PI));
  const rows = [];
  for (let i = 0; i < 121; i++) {
    const x = -3 * w + (6 * w * i) / 120;
    let re = 0, im = 0;
    ks.forEach((k, j) => { const g = Math.exp((-k * k * w * w) / 4), c = Math.cos(k * x), sn = Math.sin(k * x); re += g * (r[j].re * c - r[j].im * sn); im += g * (r[j].re * sn + r[j].im * c); });
    rows.push([x, re * s, im * s, ((-2 * x) / (w * w)) * Math.exp((-x * x) / (w * w))]);
  }
  let cre = 0, cim = 0, nd = 0, ne = 0;
  for (const [, re, im, d] of rows) { cre += re * d; cim += im * d; nd += d * d; ne += re * re + im * im; }
  return { rows, correlation: Math.hypot(cre, cim) / Math.sqrt(nd * ne), gain_um: Math.hypot(cre, cim) / nd };
}
module.exports = { iface, reflectBeam };
`;

/** The reference workflow (hidden): the fine sweep, the interpolated crossing and its line fit, four beams, a profile, a k_x-sampling record. */
export const BREWSTER_REFERENCE: { path: string; text: string }[] = [
  { path: 'lib/brewster.js', text: BREWSTER_LIB },
  {
    path: 'reproduce.js',
    text: `
const { iface, reflectBeam } = require('./lib/brewster.js');
const sweep = oracle.solve(iface({ angle_range_deg: { start: 40, stop: 70, count: 301 } }));
const A = sweep.angles_deg, r = sweep.amplitudes.r[0];
artifact.table('rp_sweep', ['angle_deg', 'rp_re', 'rp_im'], A.map((a, i) => [a, r[i].re, r[i].im]));
// The zero of Re r_p between the two samples where it changes sign, by linear interpolation.
let thetaB = NaN;
for (let i = 1; i < A.length; i++) if (r[i - 1].re > 0 && r[i].re <= 0) thetaB = A[i - 1] + ((A[i] - A[i - 1]) * r[i - 1].re) / (r[i - 1].re - r[i].re);
// A straight line through r_p over θ_B ± 1°: its slope and R² say the crossing is linear.
const pts = A.map((a, i) => [a, r[i].re]).filter(([a]) => Math.abs(a - thetaB) <= 1);
const mx = pts.reduce((s, p) => s + p[0], 0) / pts.length, my = pts.reduce((s, p) => s + p[1], 0) / pts.length;
let sxx = 0, sxy = 0, syy = 0;
for (const [x, y] of pts) { sxx += (x - mx) ** 2; sxy += (x - mx) * (y - my); syy += (y - my) ** 2; }
artifact.table('crossing', ['theta_b_deg', 'slope_per_deg', 'r2'], [[thetaB, sxy / sxx, (sxy * sxy) / (sxx * syy)]]);
const beams = [5, 10, 20].map((w) => [w, thetaB]).concat([[10, 45]]).map(([w, th]) => { const b = reflectBeam(w, th, 128); return { w, th, b }; });
artifact.table('beam', ['waist_um', 'angle_deg', 'correlation', 'gain_um'], beams.map(({ w, th, b }) => [w, th, b.correlation, b.gain_um]));
artifact.table('profile', ['x_um', 'out_re', 'out_im', 'derivative'], beams[1].b.rows);
artifact.json('convergence', [32, 64, 128].map((count) => ({ resolution: count, value: reflectBeam(5, thetaB, count).correlation })));
console.log('theta_B ' + thetaB.toFixed(4) + ' deg; correlations ' + beams.map(({ b }) => b.correlation.toFixed(5)).join(', '));
`,
  },
];

/**
 * The plausible workflow: it runs and looks right — r_p solved for p light, a crossing table, four
 * beams by their angular spectrum, a profile — but on a 1° grid it takes the sample of least |r_p|
 * (56°) as the Brewster angle instead of interpolating the zero (56.31°), so every "Brewster" beam is
 * 0.31° off and its reflection keeps a Gaussian part; no convergence record. Partial, low Validation.
 */
export const BREWSTER_PLAUSIBLE: { path: string; text: string }[] = [
  { path: 'lib/brewster.js', text: BREWSTER_LIB },
  {
    path: 'reproduce.js',
    text: `
const { iface, reflectBeam } = require('./lib/brewster.js');
const sweep = oracle.solve(iface({ angle_range_deg: { start: 40, stop: 70, count: 31 } }));
const A = sweep.angles_deg, r = sweep.amplitudes.r[0];
artifact.table('rp_sweep', ['angle_deg', 'rp_re', 'rp_im'], A.map((a, i) => [a, r[i].re, r[i].im]));
let iB = 0;
for (let i = 1; i < A.length; i++) if (Math.abs(r[i].re) < Math.abs(r[iB].re)) iB = i;
artifact.table('crossing', ['theta_b_deg', 'slope_per_deg', 'r2'], [[A[iB], (r[iB + 1].re - r[iB - 1].re) / (A[iB + 1] - A[iB - 1]), 1]]);
const beams = [5, 10, 20].map((w) => [w, A[iB]]).concat([[10, 45]]).map(([w, th]) => ({ w, th, b: reflectBeam(w, th, 64) }));
artifact.table('beam', ['waist_um', 'angle_deg', 'correlation', 'gain_um'], beams.map(({ w, th, b }) => [w, th, b.correlation, b.gain_um]));
artifact.table('profile', ['x_um', 'out_re', 'out_im', 'derivative'], beams[1].b.rows);
`,
  },
];

const leaf = (id: string, weight: number, stage: RubricNode['stage'], requirement: string): RubricNode => ({ id, weight, stage, kind: 'deterministic', requirement });

export const BREWSTER_RUBRIC: RubricNode = {
  id: 'brewster-differentiator',
  weight: 1,
  stage: 'modeling',
  sub_tasks: [
    { id: 'replay-completed', weight: 1, stage: 'execution', gate: true, kind: 'deterministic', requirement: 'the clean replay ran to completion' },
    {
      id: 'modeling',
      weight: 2,
      stage: 'modeling',
      sub_tasks: [
        leaf('sweep-solved', 1, 'modeling', 'a logged p-polarised solve of the bare air/glass interface at 633 nm spans θ_B ± 5° at 0.2° or finer'),
        leaf('cases-covered', 1, 'modeling', `the beam table has w = 5, 10, 20 µm within ${ANGLE_TOL_DEG}° of θ_B and the 10 µm control at 45°`),
        leaf('beam-solved', 1, 'modeling', "every beam row has a logged p-polarised solve of the interface at ≥ 32 angles around the row's angle spanning its spectrum (± 4/(k0 w))"),
      ],
    },
    {
      id: 'execution',
      weight: 3,
      stage: 'execution',
      sub_tasks: [
        leaf('rp-present', 1, 'execution', 'the rp_sweep table is there and finite'),
        leaf('rp-traceable', 2, 'execution', 'every r_p value of the sweep is one a logged solve returned'),
        leaf('beam-present', 1, 'execution', 'the crossing and beam tables are there and finite'),
        leaf('profile-present', 1, 'execution', 'the profile table is there, finite, on |x| ≤ 3w'),
      ],
    },
    {
      id: 'validation',
      weight: 4,
      stage: 'validation',
      sub_tasks: [
        leaf('brewster-angle', 1, 'validation', `the crossing lies within ${ANGLE_TOL_DEG}° of atan(n2/n1) and between two sweep samples where Re r_p changes sign`),
        leaf('linear-crossing', 1, 'validation', 'the fitted slope is within 2 % of dr_p/dθ of the Fresnel formula, with R² ≥ 0.999'),
        leaf('differentiation', 2, 'validation', `at θ_B every beam's correlation with dE/dx is ≥ ${CORR_MIN} and within ${CORR_TOL} of the reference, and its gain within ${GAIN_REL * 100} % of |r_p′|/(k0 n1)`),
        leaf('control', 1, 'validation', `the 45° control does not differentiate (correlation ≤ ${CONTROL_MAX})`),
        leaf('profile-consistent', 1, 'validation', `the profile's derivative column is d/dx exp(−x²/w²) for w = 10 µm and its field correlates with it ≥ ${CORR_MIN}`),
        leaf('sampling-converged', 1, 'validation', 'the convergence record shows the correlation converged in the k_x sampling (1e-4)'),
      ],
    },
  ],
};

type Interface = { kind?: string; polarization?: string; layers?: unknown[]; incident_medium?: { n?: number; k?: number }; exit_medium?: { n?: number; k?: number }; wavelength_nm?: number; incidence?: string };

/** The angles of a logged p-polarised solve of this task's bare interface (empty when the call is something else). */
function interfaceAngles(args: unknown): number[] {
  const a = args as Interface & { angles_deg?: number[]; angle_range_deg?: { start: number; stop: number; count: number } };
  if (a.kind !== 'layer_stack' || a.polarization !== 'p' || !Array.isArray(a.layers) || a.layers.length !== 0 || (a.incidence ?? 'front') !== 'front') return [];
  if (a.incident_medium?.n !== BREWSTER.n1 || (a.incident_medium.k ?? 0) !== 0 || a.exit_medium?.n !== BREWSTER.n2 || (a.exit_medium.k ?? 0) !== 0 || a.wavelength_nm !== BREWSTER.wavelength_nm) return [];
  if (Array.isArray(a.angles_deg)) return a.angles_deg;
  const g = a.angle_range_deg;
  if (g && g.count > 1) return Array.from({ length: g.count }, (_, i) => g.start + ((g.stop - g.start) * i) / (g.count - 1));
  return [];
}

function loggedAngleSets(r: ReplayOutcome): number[][] {
  return r.calls.filter((c) => c.tool === 'solve' && c.ok).map((c) => interfaceAngles(c.arguments)).filter((a) => a.length > 0);
}

function table(r: ReplayOutcome, name: string, names: readonly string[]): number[][] | string {
  const out: number[][] = [];
  for (const n of names) {
    const v = column(r, name, n);
    if (typeof v === 'string') return v;
    out.push(v);
  }
  return out;
}

function present(r: ReplayOutcome, name: string, names: readonly string[]): CheckResult {
  const p = artifactPresent(r, name, 'table');
  if (p.score === 0) return p;
  for (const n of names) {
    const f = finiteColumn(r, name, n);
    if (f.score === 0) return f;
  }
  return { score: 1, reason: `${name}: ${names.join(', ')} present and finite` };
}

const near = (a: number, b: number, tol: number) => Math.abs(a - b) <= tol;

function sweepSolved(r: ReplayOutcome): CheckResult {
  const ok = loggedAngleSets(r).some((s) => {
    const inSpan = s.filter((a) => a >= BREWSTER_DEG - 5 && a <= BREWSTER_DEG + 5).sort((x, y) => x - y);
    const fine = inSpan.length >= 50 && inSpan.every((a, i) => i === 0 || a - (inSpan[i - 1] as number) <= 0.2 + 1e-9);
    return fine && Math.min(...s) <= BREWSTER_DEG - 5 && Math.max(...s) >= BREWSTER_DEG + 5;
  });
  return ok ? { score: 1, reason: 'r_p of the air/glass interface was solved over θ_B ± 5° at 0.2° or finer' } : { score: 0, reason: 'no logged p-polarised solve of the air/glass interface spans θ_B ± 5° at 0.2° or finer' };
}

function beamRows(r: ReplayOutcome): { w: number; th: number; corr: number; gain: number }[] | string {
  const t = table(r, 'beam', ['waist_um', 'angle_deg', 'correlation', 'gain_um']);
  if (typeof t === 'string') return t;
  const [W, TH, C, G] = t as [number[], number[], number[], number[]];
  return W.map((w, i) => ({ w, th: TH[i] as number, corr: C[i] as number, gain: G[i] as number }));
}

/** Only the beam table's waist and angle (the cases), so a broken result column costs the leaves that read it, not these. */
function beamCases(r: ReplayOutcome): { w: number; th: number }[] | string {
  const t = table(r, 'beam', ['waist_um', 'angle_deg']);
  if (typeof t === 'string') return t;
  const [W, TH] = t as [number[], number[]];
  return W.map((w, i) => ({ w, th: TH[i] as number }));
}

function casesCovered(r: ReplayOutcome): CheckResult {
  const rows = beamCases(r);
  if (typeof rows === 'string') return { score: 0, reason: rows };
  const missing = BREWSTER.waists_um.filter((w) => !rows.some((x) => x.w === w && near(x.th, BREWSTER_DEG, ANGLE_TOL_DEG))).map((w) => `w = ${w} µm at θ_B`);
  if (!rows.some((x) => x.w === 10 && near(x.th, BREWSTER.control_deg, 1e-9))) missing.push('the 45° control');
  return missing.length === 0 ? { score: 1, reason: `beams of ${BREWSTER.waists_um.join(', ')} µm at θ_B and the 45° control` } : { score: 0, reason: `the beam table lacks ${missing.join(', ')}` };
}

function beamSolved(r: ReplayOutcome): CheckResult {
  const rows = beamCases(r);
  if (typeof rows === 'string') return { score: 0, reason: rows };
  if (rows.length === 0) return { score: 0, reason: 'the beam table has no rows' };
  const sets = loggedAngleSets(r);
  const bad = rows.filter(({ w, th }) => {
    const half = ((4 / (K0 * BREWSTER.n1 * w)) * 180) / Math.PI;
    return !sets.some((s) => {
      if (s.length < 32) return false;
      const sorted = [...s].sort((x, y) => x - y);
      const median = ((sorted[(s.length - 1) >> 1] as number) + (sorted[s.length >> 1] as number)) / 2;
      return near(median, th, 1e-3) && (sorted[0] as number) <= th - half && (sorted[s.length - 1] as number) >= th + half;
    });
  });
  return bad.length === 0 ? { score: 1, reason: "every beam row has a logged solve of its angular spectrum around the row's angle" } : { score: 0, reason: `no logged angular-spectrum solve for the beam(s) ${bad.map((b) => `w ${b.w} µm at ${b.th}°`).join(', ')}` };
}

function brewsterAngle(r: ReplayOutcome): CheckResult {
  const c = column(r, 'crossing', 'theta_b_deg');
  if (typeof c === 'string') return { score: 0, reason: c };
  const s = table(r, 'rp_sweep', ['angle_deg', 'rp_re']);
  if (typeof s === 'string') return { score: 0, reason: s };
  const th = c[0];
  if (th === undefined) return { score: 0, reason: 'the crossing table has no row' };
  const [A, R] = s as [number[], number[]];
  const order = A.map((a, i) => [a, R[i] as number] as const).sort((x, y) => x[0] - y[0]);
  const bracketed = order.some(([a, re], i) => i > 0 && (order[i - 1]![0] as number) <= th && a >= th && Math.sign(order[i - 1]![1]) !== Math.sign(re));
  if (!near(th, BREWSTER_DEG, ANGLE_TOL_DEG)) return { score: 0, reason: `θ_B = ${th}° is off atan(n2/n1) = ${BREWSTER_DEG.toFixed(4)}° by more than ${ANGLE_TOL_DEG}°` };
  return bracketed ? { score: 1, reason: `θ_B = ${th.toFixed(4)}° (atan(n2/n1) = ${BREWSTER_DEG.toFixed(4)}°), between two sweep samples of opposite sign` } : { score: 0, reason: `θ_B = ${th}° is not between two sweep samples where Re r_p changes sign` };
}

function linearCrossing(r: ReplayOutcome): CheckResult {
  const t = table(r, 'crossing', ['slope_per_deg', 'r2']);
  if (typeof t === 'string') return { score: 0, reason: t };
  const [slope, r2] = [t[0]?.[0], t[1]?.[0]];
  if (slope === undefined || r2 === undefined) return { score: 0, reason: 'the crossing table has no row' };
  const ok = Math.abs(slope - BREWSTER_SLOPE_PER_DEG) <= 0.02 * Math.abs(BREWSTER_SLOPE_PER_DEG) && r2 >= 0.999 && r2 <= 1;
  return ok ? { score: 1, reason: `slope ${slope.toPrecision(5)}/° (Fresnel ${BREWSTER_SLOPE_PER_DEG.toPrecision(5)}/°), R² ${r2.toFixed(6)}` } : { score: 0, reason: `slope ${slope}/° vs Fresnel ${BREWSTER_SLOPE_PER_DEG.toPrecision(5)}/° (2 %), R² ${r2} (≥ 0.999)` };
}

function differentiation(r: ReplayOutcome): CheckResult {
  const rows = beamRows(r);
  if (typeof rows === 'string') return { score: 0, reason: rows };
  const at = rows.filter((x) => near(x.th, BREWSTER_DEG, ANGLE_TOL_DEG));
  const missing = BREWSTER.waists_um.filter((w) => !at.some((x) => x.w === w));
  if (missing.length > 0) return { score: 0, reason: `no beam at θ_B for w = ${missing.join(', ')} µm` };
  const problems = at.flatMap(({ w, th, corr, gain }) => {
    const ref = beamReference(w, th);
    const out: string[] = [];
    if (!(corr >= CORR_MIN)) out.push(`w ${w}: correlation ${corr} < ${CORR_MIN}`);
    if (!near(corr, ref.correlation, CORR_TOL)) out.push(`w ${w}: correlation ${corr} vs reference ${ref.correlation.toFixed(5)}`);
    if (!(Math.abs(gain - BREWSTER_GAIN_UM) <= GAIN_REL * BREWSTER_GAIN_UM)) out.push(`w ${w}: gain ${gain} µm vs |r_p′|/(k0 n1) = ${BREWSTER_GAIN_UM.toPrecision(4)} µm`);
    return out;
  });
  return problems.length === 0 ? { score: 1, reason: `at θ_B the reflected beams correlate with dE/dx at ${at.map((x) => x.corr.toFixed(5)).join(', ')}, gain ≈ ${BREWSTER_GAIN_UM.toPrecision(4)} µm` } : { score: 0, reason: problems.join('; ') };
}

function control(r: ReplayOutcome): CheckResult {
  const rows = beamRows(r);
  if (typeof rows === 'string') return { score: 0, reason: rows };
  const c = rows.find((x) => near(x.th, BREWSTER.control_deg, 1e-9));
  if (!c) return { score: 0, reason: 'no control beam at 45°' };
  return c.corr <= CONTROL_MAX ? { score: 1, reason: `at 45° the reflected beam correlates with dE/dx at only ${c.corr.toFixed(4)}` } : { score: 0, reason: `the 45° control correlates at ${c.corr} (> ${CONTROL_MAX}): it is not a control` };
}

function profileConsistent(r: ReplayOutcome): CheckResult {
  const t = table(r, 'profile', ['x_um', 'out_re', 'out_im', 'derivative']);
  if (typeof t === 'string') return { score: 0, reason: t };
  const [X, RE, IM, D] = t as [number[], number[], number[], number[]];
  const w = 10;
  const wrong = X.findIndex((x, i) => !near(D[i] as number, ((-2 * x) / (w * w)) * Math.exp((-x * x) / (w * w)), 1e-9));
  if (X.length < 61 || wrong >= 0) return { score: 0, reason: X.length < 61 ? `the profile has ${X.length} points (61 or more needed)` : `the derivative at x = ${X[wrong]} µm is not d/dx exp(−x²/100)` };
  let cre = 0, cim = 0, nd = 0, ne = 0;
  X.forEach((_, i) => {
    cre += (RE[i] as number) * (D[i] as number);
    cim += (IM[i] as number) * (D[i] as number);
    nd += (D[i] as number) ** 2;
    ne += (RE[i] as number) ** 2 + (IM[i] as number) ** 2;
  });
  const corr = Math.hypot(cre, cim) / Math.sqrt(nd * ne);
  return corr >= CORR_MIN ? { score: 1, reason: `the profile's field correlates with dE/dx at ${corr.toFixed(5)}` } : { score: 0, reason: `the profile's field correlates with dE/dx at ${corr.toFixed(5)} (< ${CORR_MIN})` };
}

function profilePresent(r: ReplayOutcome): CheckResult {
  const p = present(r, 'profile', ['x_um', 'out_re', 'out_im', 'derivative']);
  if (p.score === 0) return p;
  const x = column(r, 'profile', 'x_um') as number[];
  return x.length > 0 && Math.max(...x.map(Math.abs)) <= 30 + 1e-9 ? p : { score: 0, reason: 'the profile is empty or extends past |x| = 3w = 30 µm' };
}

/** Grades one leaf of BREWSTER_RUBRIC on a replay. */
export function gradeBrewsterLeaf(leafNode: RubricNode, r: ReplayOutcome): CheckResult {
  switch (leafNode.id) {
    case 'replay-completed':
      return r.status === 'completed' ? { score: 1, reason: 'the replay ran to completion' } : { score: 0, reason: `the replay is ${r.status}: ${r.reason ?? ''}` };
    case 'sweep-solved':
      return sweepSolved(r);
    case 'cases-covered':
      return casesCovered(r);
    case 'beam-solved':
      return beamSolved(r);
    case 'rp-present':
      return present(r, 'rp_sweep', ['angle_deg', 'rp_re', 'rp_im']);
    case 'rp-traceable':
      return traceable(r, 'rp_sweep', 'rp_re', 'solve');
    case 'beam-present': {
      const c = present(r, 'crossing', ['theta_b_deg', 'slope_per_deg', 'r2']);
      return c.score === 0 ? c : present(r, 'beam', ['waist_um', 'angle_deg', 'correlation', 'gain_um']);
    }
    case 'profile-present':
      return profilePresent(r);
    case 'brewster-angle':
      return brewsterAngle(r);
    case 'linear-crossing':
      return linearCrossing(r);
    case 'differentiation':
      return differentiation(r);
    case 'control':
      return control(r);
    case 'profile-consistent':
      return profileConsistent(r);
    case 'sampling-converged':
      return converged(r, 'convergence', 1e-4);
    default:
      return { score: 0, reason: `no check for leaf ${leafNode.id}` };
  }
}

export const brewsterDifferentiatorTask: ReproductionTaskDefinition = {
  task: {
    task_id: 'repro-brewster-differentiator',
    title: 'Reflection at the Brewster angle differentiates a p-polarised beam',
    claim:
      'At a bare dielectric interface the p-polarised reflection coefficient crosses zero linearly at θ_B = atan(n2/n1); a p-polarised beam reflected there ' +
      'comes back as the first spatial derivative of its incident profile, while away from θ_B the reflection keeps the profile itself.',
    citation: { doi: '10.1364/OL.41.003467', text: 'A. Youssefi, F. Zangeneh-Nejad, S. Abdollahramezani and A. Khavasi, "Analog computing by Brewster effect", Opt. Lett. 41, 3467 (2016)' },
    solver: 'layer_stack',
    reported: [
      { quantity: 'Brewster angle of the interface', value: 'atan(n2/n1)', unit: 'deg', where: 'the Brewster condition the differentiator is built on' },
      { quantity: 'transfer function near θ_B', value: 'r_p ∝ (θ − θ_B), i.e. ∝ k_x: a first-order differentiator', unit: '', where: 'the expansion of r_p about the Brewster angle' },
      { quantity: 'reflected field of a p-polarised beam at θ_B', value: '∝ dE/dx of the incident field', unit: '', where: 'the Gaussian-beam demonstration' },
    ],
    spec: BREWSTER_SPEC,
    starter: [{ path: 'reproduce.js', text: BREWSTER_STARTER }],
    entry: 'reproduce.js',
  },
  reference: BREWSTER_REFERENCE,
  plausible: BREWSTER_PLAUSIBLE,
  rubric: BREWSTER_RUBRIC,
  grade: gradeBrewsterLeaf,
  traceable_leaves: ['rp-traceable', 'sweep-solved', 'beam-solved'],
  fixtures: {
    corrupted: { change: 'the glass index 1.45 for 1.5 in the interface', files: editFile(BREWSTER_REFERENCE, 'lib/brewster.js', 'N2 = 1.5', 'N2 = 1.45'), failed: ['beam-solved', 'brewster-angle', 'cases-covered', 'differentiation', 'linear-crossing', 'sweep-solved'] },
    copied: {
      change: "the 45° control's outputs copied from the 10 µm Brewster-angle beam",
      files: editFile(BREWSTER_REFERENCE, 'reproduce.js', 'beams.map(({ w, th, b }) => [w, th, b.correlation, b.gain_um])', 'beams.map(({ w, th, b }, i) => [w, th, (i === 3 ? beams[1].b : b).correlation, (i === 3 ? beams[1].b : b).gain_um])'),
      failed: ['control'],
    },
    nan: { change: 'NaN for every beam correlation', files: editFile(BREWSTER_REFERENCE, 'reproduce.js', '[w, th, b.correlation, b.gain_um]', '[w, th, NaN, b.gain_um]'), failed: ['beam-present', 'control', 'differentiation'] },
    missing_convergence: { change: 'no convergence record', files: editFile(BREWSTER_REFERENCE, 'reproduce.js', "artifact.json('convergence'", "void ('convergence'"), failed: ['sampling-converged'] },
  },
};
