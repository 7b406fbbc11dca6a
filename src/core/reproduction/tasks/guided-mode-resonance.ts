/**
 * Reproduction task: the guided-mode resonance of a waveguide grating (Magnusson & Wang, "New
 * principle for optical filters", Appl. Phys. Lett. 61, 1022 (1992), doi:10.1063/1.107703). A thin
 * grating layer that is also a waveguide reflects almost 100 % in a narrow band at the wavelength
 * where a diffracted (evanescent) order phase-matches its guided mode, β(λ) = 2π/Λ at normal
 * incidence; the band narrows as the grating modulation weakens.
 *
 * The structure is this task's own, in the paper's spirit (the paper's own example is not restated
 * here): a 120 nm binary grating layer, period 300 nm, 50 % fill, ε = 4 ± Δε, on n = 1.52 under air,
 * TE at normal incidence, Δε = 0.2, 0.4, 0.8. The workflow must regenerate the phase-matching
 * estimate from the slab mode solver (the unmodulated ε = 4 layer: λ = n_eff(λ)·Λ), reflectance
 * spectra from 1-D RCWA that resolve each line, the peaks and half-maximum widths measured from
 * them, and a harmonic-convergence record.
 *
 * Reference values (GMR): this engine's slab solver gives λ_pm = 510.68 nm (n_eff 1.70226); RCWA at
 * 11 harmonics puts the peaks at 510.33, 509.25, 505.0 nm with widths 0.388, 1.550, 6.237 nm (R
 * at 0.5), within 3e-4 of those at 7 and 41 harmonics: width ∝ Δε².
 */
import type { RubricNode } from '../rubric.ts';
import { artifactPresent, column, converged, covers, finiteColumn, traceable, type CheckResult } from '../checks.ts';
import type { ReplayOutcome } from '../replay.ts';
import { editFile, type ReproductionTaskDefinition } from '../task.ts';

export const GMR = {
  period_nm: 300,
  thickness_nm: 120,
  eps_avg: 4,
  substrate_n: 1.52,
  delta_eps: [0.2, 0.4, 0.8] as const,
  /** λ = n_eff(λ)·Λ of the TE0 mode of the unmodulated layer (slab solver). */
  lambda_pm_nm: 510.68,
  /** A peak must lie within this fraction of λ_pm (Δε = 0.8 sits 1.1 % short of it). */
  peak_rel_tol: 0.015,
  /** Samples at or above half maximum that resolve a line. */
  min_samples_in_line: 8,
} as const;

const SPEC = {
  scope: `A binary grating layer, ${GMR.thickness_nm} nm thick, period ${GMR.period_nm} nm, 50 % fill, ridges of ε = 4 + Δε and grooves of ε = 4 − Δε, on a substrate of n = ${GMR.substrate_n} under air; TE (E along the grooves) at normal incidence; 495–525 nm.`,
  variants: GMR.delta_eps.map((d) => `Δε = ${d}`),
  observables: ['the phase-matching wavelength λ = n_eff(λ)·Λ of the unmodulated layer’s TE0 mode', 'zeroth-order reflectance spectra', 'each resonance’s peak wavelength, peak reflectance and full width at R = 0.5'],
  evidence: [
    'artifact.table("phase_matching", ["n_eff", "lambda_pm_nm"], [[n_eff, λ]]): the TE0 effective index of the ε = 4 layer at λ, with λ = n_eff·Λ (self-consistent).',
    'artifact.table("spectra", ["delta_eps", "wavelength_nm", "R"], rows): every solved reflectance sample of every variant, fine enough that at least 8 samples of each line lie above R = 0.5.',
    'artifact.table("resonances", ["delta_eps", "peak_nm", "peak_R", "fwhm_nm"], rows): per variant, the highest sample and the full width at R = 0.5 (crossings interpolated linearly).',
    'artifact.json("convergence", [{ resolution, value }, …]): the Δε = 0.4 peak wavelength at three or more harmonic counts, finest last.',
  ],
  interface: 'oracle.solve(problem) runs the photonics engine (kind "grating": period_nm, cover, substrate, layers [{ thickness_nm, background, ridges }], polarization, harmonics, wavelengths_nm or wavelength_range_nm; kind "mode" with a slab structure for n_eff); artifact.table / artifact.json / artifact.svg write evidence; require("./x.js") loads package files; console.log logs.',
};

const STARTER = `// reproduce.js — a starting point: one grating, a coarse spectrum. Not yet evidence of the claim.
const de = 0.4;
const res = oracle.solve({ kind: 'grating', period_nm: 300, cover: { n: 1, k: 0 }, substrate: { n: 1.52, k: 0 }, layers: [{ thickness_nm: 120, background: { n: Math.sqrt(4 - de), k: 0 }, ridges: [{ from: 0, to: 0.5, material: { n: Math.sqrt(4 + de), k: 0 } }] }], polarization: 'TE', harmonics: 5, wavelength_range_nm: { start: 495, stop: 525, count: 31 } });
console.log(JSON.stringify(res.points.map((p) => [p.wavelength_nm, p.R])));
`;

/** The reference workflow (hidden). */
const REFERENCE: { path: string; text: string }[] = [
  {
    path: 'lib/gmr.js',
    text: `
const period = 300, d = 120;
const grating = (de, wavelengths_nm, harmonics) => ({ kind: 'grating', period_nm: period, cover: { n: 1, k: 0 }, substrate: { n: 1.52, k: 0 }, layers: [{ thickness_nm: d, background: { n: Math.sqrt(4 - de), k: 0 }, ridges: [{ from: 0, to: 0.5, material: { n: Math.sqrt(4 + de), k: 0 } }] }], polarization: 'TE', angle_deg: 0, harmonics, convergence_check: false, wavelengths_nm });
const slab = (lambda) => ({ kind: 'mode', structure: { type: 'slab', core: { material: { n: 2, k: 0 }, thickness_nm: d }, cover: { n: 1, k: 0 }, substrate: { n: 1.52, k: 0 } }, polarization: 'TE', wavelength_nm: lambda });
// λ = n_eff(λ)·Λ by fixed-point iteration from n_avg·Λ (n_eff varies slowly with λ).
function phaseMatch() {
  let lambda = 2 * period, n = 2;
  for (let it = 0; it < 30; it++) {
    n = oracle.solve(slab(lambda)).modes.find((m) => m.order === 0).n_eff;
    const next = n * period;
    if (Math.abs(next - lambda) < 1e-6) break;
    lambda = next;
  }
  return { n, lambda: n * period };
}
const lin = (a, b, count) => Array.from({ length: count }, (_, i) => a + ((b - a) * i) / (count - 1));
// The contiguous run of R ≥ 0.5 around the highest sample, its crossings interpolated.
function line(wl, R) {
  const i = R.indexOf(Math.max(...R));
  let lo = i, hi = i;
  while (lo > 0 && R[lo - 1] >= 0.5) lo--;
  while (hi < R.length - 1 && R[hi + 1] >= 0.5) hi++;
  const x = (j, k) => wl[j] + ((0.5 - R[j]) / (R[k] - R[j])) * (wl[k] - wl[j]);
  const inside = R[i] >= 0.5 ? hi - lo + 1 : 0;
  const fwhm = inside > 0 && lo > 0 && hi < R.length - 1 ? x(hi, hi + 1) - x(lo - 1, lo) : NaN;
  return { i, peak: wl[i], R: R[i], fwhm, inside };
}
// A coarse scan, then zooms to ±3 widths around the peak until the line holds 10 samples.
function resolve(de, harmonics) {
  let wl = lin(495, 525, 121), R = oracle.solve(grating(de, wl, harmonics)).points.map((p) => p.R);
  const samples = wl.map((w, j) => [w, R[j]]);
  let l = line(wl, R);
  for (let z = 0; z < 6 && !(l.inside >= 10); z++) {
    const step = wl[1] - wl[0], w = l.inside > 0 ? 3 * Math.max(l.fwhm || step, step) : 2 * step;
    wl = lin(l.peak - w, l.peak + w, 81);
    R = oracle.solve(grating(de, wl, harmonics)).points.map((p) => p.R);
    wl.forEach((x, j) => samples.push([x, R[j]]));
    l = line(wl, R);
  }
  return { ...l, samples, zoom: wl };
}
module.exports = { grating, phaseMatch, resolve, line };
`,
  },
  {
    path: 'reproduce.js',
    text: `
const { grating, phaseMatch, resolve, line } = require('./lib/gmr.js');
const H = 5; // orders −5…5
const pm = phaseMatch();
artifact.table('phase_matching', ['n_eff', 'lambda_pm_nm'], [[pm.n, pm.lambda]]);
const spectra = [], resonances = [], lines = {};
for (const de of [0.2, 0.4, 0.8]) {
  const l = resolve(de, H);
  lines[de] = l;
  l.samples.sort((a, b) => a[0] - b[0]).forEach(([w, R]) => spectra.push([de, w, R]));
  resonances.push([de, l.peak, l.R, l.fwhm]);
}
artifact.table('spectra', ['delta_eps', 'wavelength_nm', 'R'], spectra);
artifact.table('resonances', ['delta_eps', 'peak_nm', 'peak_R', 'fwhm_nm'], resonances);
// The Δε = 0.4 peak on its final zoom grid at 3, 5 and 10 orders.
const zoom = lines[0.4].zoom;
const peakAt = (h) => (h === H ? lines[0.4].peak : line(zoom, oracle.solve(grating(0.4, zoom, h)).points.map((p) => p.R)).peak);
artifact.json('convergence', [3, 5, 10].map((h) => ({ resolution: h, value: peakAt(h) })));
console.log('λ_pm ' + pm.lambda.toFixed(2) + ' nm; peaks ' + resonances.map((r) => r[1].toFixed(2) + ' nm (R ' + r[2].toFixed(4) + ', FWHM ' + r[3].toFixed(3) + ' nm)').join(', '));
`,
  },
];

/**
 * The plausible workflow: the right gratings, one 0.25 nm scan each and the peak and width read off
 * it — but the narrowest line is not resolved, there is no phase-matching estimate from the guided
 * mode, and no convergence record: Partial, with a low Validation stage.
 */
const PLAUSIBLE: { path: string; text: string }[] = [
  {
    path: 'reproduce.js',
    text: `
const spectra = [], resonances = [];
for (const de of [0.2, 0.4, 0.8]) {
  const res = oracle.solve({ kind: 'grating', period_nm: 300, cover: { n: 1, k: 0 }, substrate: { n: 1.52, k: 0 }, layers: [{ thickness_nm: 120, background: { n: Math.sqrt(4 - de), k: 0 }, ridges: [{ from: 0, to: 0.5, material: { n: Math.sqrt(4 + de), k: 0 } }] }], polarization: 'TE', harmonics: 5, convergence_check: false, wavelength_range_nm: { start: 495, stop: 525, count: 121 } });
  const wl = res.points.map((p) => p.wavelength_nm), R = res.points.map((p) => p.R);
  wl.forEach((w, j) => spectra.push([de, w, R[j]]));
  const i = R.indexOf(Math.max(...R));
  const above = R.filter((x) => x >= 0.5).length;
  resonances.push([de, wl[i], R[i], above * (wl[1] - wl[0])]);
}
artifact.table('spectra', ['delta_eps', 'wavelength_nm', 'R'], spectra);
artifact.table('resonances', ['delta_eps', 'peak_nm', 'peak_R', 'fwhm_nm'], resonances);
`,
  },
];

const RUBRIC: RubricNode = {
  id: 'guided-mode-resonance',
  weight: 1,
  stage: 'modeling',
  sub_tasks: [
    { id: 'replay-completed', weight: 1, stage: 'execution', gate: true, kind: 'deterministic', requirement: 'the clean replay ran to completion' },
    {
      id: 'modeling',
      weight: 2,
      stage: 'modeling',
      sub_tasks: [
        { id: 'gratings-solved', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'a logged grating solve of the task’s waveguide grating (TE, normal incidence) for every Δε' },
        { id: 'guided-mode-solved', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'a logged TE slab-mode solve of the unmodulated ε = 4, 120 nm layer on 1.52 under air' },
      ],
    },
    {
      id: 'execution',
      weight: 3,
      stage: 'execution',
      sub_tasks: [
        { id: 'spectra-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the spectra table is finite and covers the three Δε' },
        { id: 'spectra-traceable', weight: 2, stage: 'execution', kind: 'deterministic', requirement: 'every spectrum R is one a logged solve returned' },
        { id: 'resonances-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the resonances table is finite and covers the three Δε' },
      ],
    },
    {
      id: 'validation',
      weight: 5,
      stage: 'validation',
      sub_tasks: [
        { id: 'lines-resolved', weight: 1, stage: 'validation', kind: 'deterministic', requirement: `each peak is its spectrum's highest sample, at least ${GMR.min_samples_in_line} samples lie above R = 0.5, and fwhm_nm is that spectrum's half-maximum width within 5 %` },
        { id: 'peak-near-unity', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'every peak reflectance is at least 0.98 (a sampled peak of a line resolved by 8 samples can sit 1.5 % under its top)' },
        { id: 'phase-matched', weight: 1, stage: 'validation', kind: 'deterministic', requirement: `λ_pm = n_eff·Λ with n_eff from the mode solver, within 0.5 nm of ${GMR.lambda_pm_nm} nm, and every peak within ${GMR.peak_rel_tol * 100} % of it` },
        { id: 'linewidth-shrinks', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'the width grows with Δε at least as fast as Δε (the weakest modulation gives the narrowest line, under 1 nm)' },
        { id: 'harmonics-converged', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'three or more harmonic counts, the last refinement moving the peak by ≤ 1e-4' },
      ],
    },
  ],
};

type Material = { n?: number; k?: number } | string | undefined;
const epsOf = (m: Material): number | null => (m !== undefined && typeof m !== 'string' && typeof m.n === 'number' && m.k === 0 ? m.n * m.n : null);
const near = (x: number | null | undefined, y: number, tol: number) => typeof x === 'number' && Math.abs(x - y) <= tol;

type GratingArgs = { kind?: string; period_nm?: number; angle_deg?: number; polarization?: string; cover?: Material; substrate?: Material; layers?: { thickness_nm?: number; background?: Material; ridges?: { from?: number; to?: number; material?: Material }[] }[] };

function isGrating(args: unknown, de: number): boolean {
  const a = args as GratingArgs;
  const layer = a.layers?.length === 1 ? a.layers[0] : undefined;
  const ridge = layer?.ridges?.length === 1 ? layer.ridges[0] : undefined;
  return (
    a.kind === 'grating' && a.period_nm === GMR.period_nm && (a.angle_deg ?? 0) === 0 && (a.polarization === 'TE' || a.polarization === 'both') &&
    near(epsOf(a.cover), 1, 1e-9) && near(epsOf(a.substrate), GMR.substrate_n ** 2, 1e-9) && layer?.thickness_nm === GMR.thickness_nm &&
    near(epsOf(layer.background), GMR.eps_avg - de, 1e-9) && near(epsOf(ridge?.material), GMR.eps_avg + de, 1e-9) && near((ridge?.to ?? 0) - (ridge?.from ?? 0), 0.5, 1e-12)
  );
}

function isSlabMode(args: unknown): boolean {
  const a = args as { kind?: string; polarization?: string; structure?: { type?: string; core?: { material?: Material; thickness_nm?: number }; cover?: Material; substrate?: Material } };
  const s = a.structure;
  return a.kind === 'mode' && (a.polarization === 'TE' || a.polarization === 'both') && s?.type === 'slab' && s.core?.thickness_nm === GMR.thickness_nm && near(epsOf(s.core.material), GMR.eps_avg, 1e-9) && near(epsOf(s.cover), 1, 1e-9) && near(epsOf(s.substrate), GMR.substrate_n ** 2, 1e-9);
}

type Line = { de: number; peak: number; R: number; fwhm: number };
const RESONANCE_COLUMNS = { peak: 'peak_nm', R: 'peak_R', fwhm: 'fwhm_nm' } as const;

/** Each variant's row of the resonances table, reading only the columns `need` (a NaN elsewhere costs this leaf nothing). */
function resonanceRows(r: ReplayOutcome, need: readonly (keyof typeof RESONANCE_COLUMNS)[]): Line[] | string {
  const D = column(r, 'resonances', 'delta_eps');
  if (typeof D === 'string') return D;
  const got: Partial<Record<keyof typeof RESONANCE_COLUMNS, number[]>> = {};
  for (const k of need) {
    const c = column(r, 'resonances', RESONANCE_COLUMNS[k]);
    if (typeof c === 'string') return c;
    got[k] = c;
  }
  return GMR.delta_eps.map((de) => {
    const i = D.indexOf(de);
    const at = (k: keyof typeof RESONANCE_COLUMNS) => (i < 0 ? NaN : (got[k]?.[i] ?? NaN));
    return { de, peak: at('peak'), R: at('R'), fwhm: at('fwhm') };
  });
}

/** One variant's spectrum samples, by wavelength. */
function spectrumOf(r: ReplayOutcome, de: number): { w: number; R: number }[] | string {
  const D = column(r, 'spectra', 'delta_eps');
  const W = column(r, 'spectra', 'wavelength_nm');
  const R = column(r, 'spectra', 'R');
  for (const c of [D, W, R]) if (typeof c === 'string') return c;
  return (D as number[]).flatMap((d, i) => (d === de ? [{ w: (W as number[])[i]!, R: (R as number[])[i]! }] : [])).sort((p, q) => p.w - q.w);
}

function linesResolved(r: ReplayOutcome): CheckResult {
  const rows = resonanceRows(r, ['peak', 'R', 'fwhm']);
  if (typeof rows === 'string') return { score: 0, reason: rows };
  for (const l of rows) {
    const s = spectrumOf(r, l.de);
    if (typeof s === 'string') return { score: 0, reason: s };
    if (s.length < 3) return { score: 0, reason: `Δε = ${l.de}: fewer than three spectrum samples` };
    const i = s.reduce((m, x, j) => (x.R > (s[m] as { R: number }).R ? j : m), 0);
    const top = s[i]!;
    if (top.w !== l.peak || top.R !== l.R) return { score: 0, reason: `Δε = ${l.de}: the peak ${l.peak} nm (R ${l.R}) is not the spectrum's highest sample (${top.w} nm, R ${top.R})` };
    let lo = i;
    let hi = i;
    while (lo > 0 && (s[lo - 1] as { R: number }).R >= 0.5) lo--;
    while (hi < s.length - 1 && (s[hi + 1] as { R: number }).R >= 0.5) hi++;
    const inside = top.R >= 0.5 ? hi - lo + 1 : 0;
    if (inside < GMR.min_samples_in_line || lo === 0 || hi === s.length - 1) return { score: 0, reason: `Δε = ${l.de}: ${inside} samples above R = 0.5 (at least ${GMR.min_samples_in_line}, with the line's edges inside the scan): the line is not resolved` };
    const x = (j: number, k: number) => s[j]!.w + ((0.5 - s[j]!.R) / (s[k]!.R - s[j]!.R)) * (s[k]!.w - s[j]!.w);
    const width = x(hi, hi + 1) - x(lo - 1, lo);
    if (!(Math.abs(l.fwhm - width) <= 0.05 * width)) return { score: 0, reason: `Δε = ${l.de}: fwhm_nm ${l.fwhm} vs ${width.toFixed(4)} nm measured from its spectrum (beyond 5 %)` };
  }
  return { score: 1, reason: `every line is resolved (≥ ${GMR.min_samples_in_line} samples above half maximum) and its width is its spectrum's` };
}

function phaseMatched(r: ReplayOutcome): CheckResult {
  const n = column(r, 'phase_matching', 'n_eff');
  const lam = column(r, 'phase_matching', 'lambda_pm_nm');
  if (typeof n === 'string') return { score: 0, reason: n };
  if (typeof lam === 'string') return { score: 0, reason: lam };
  const fromSolver = traceable(r, 'phase_matching', 'n_eff', 'solve');
  if (fromSolver.score === 0) return fromSolver;
  const [ne, lp] = [n[0], lam[0]] as [number, number];
  if (n.length !== 1 || !near(lp, ne * GMR.period_nm, 0.1)) return { score: 0, reason: `phase_matching must be one row with λ = n_eff·Λ (${lp} vs ${ne * GMR.period_nm})` };
  if (!near(lp, GMR.lambda_pm_nm, 0.5)) return { score: 0, reason: `λ_pm ${lp.toFixed(2)} nm is more than 0.5 nm from the self-consistent ${GMR.lambda_pm_nm} nm (is n_eff taken at λ_pm?)` };
  const rows = resonanceRows(r, ['peak']);
  if (typeof rows === 'string') return { score: 0, reason: rows };
  const off = rows.filter((l) => !(Math.abs(l.peak - lp) <= GMR.peak_rel_tol * lp));
  return off.length === 0 ? { score: 1, reason: `every peak within ${GMR.peak_rel_tol * 100} % of λ_pm = ${lp.toFixed(2)} nm` } : { score: 0, reason: `peaks ${off.map((l) => `${l.peak} nm (Δε = ${l.de})`).join(', ')} lie beyond ${GMR.peak_rel_tol * 100} % of λ_pm = ${lp.toFixed(2)} nm` };
}

function linewidthShrinks(r: ReplayOutcome): CheckResult {
  const rows = resonanceRows(r, ['fwhm']);
  if (typeof rows === 'string') return { score: 0, reason: rows };
  const ok = rows.every((l, i) => i === 0 || l.fwhm / (rows[i - 1] as Line).fwhm >= l.de / (rows[i - 1] as Line).de) && (rows[0] as Line).fwhm < 1;
  const said = rows.map((l) => `${l.fwhm.toFixed(3)} nm at Δε = ${l.de}`).join(', ');
  return ok ? { score: 1, reason: `widths ${said}: narrower with weaker modulation` } : { score: 0, reason: `widths ${said} do not grow with Δε at least as fast as Δε, or the narrowest is not under 1 nm` };
}

function harmonicsConverged(r: ReplayOutcome): CheckResult {
  const steps = r.artifacts.find((a) => a.name === 'convergence')?.data as { resolution?: unknown }[] | undefined;
  if (Array.isArray(steps)) {
    const res = steps.map((s) => s.resolution);
    if (res.length < 3 || !res.every((x, i) => typeof x === 'number' && (i === 0 || x > (res[i - 1] as number)))) return { score: 0, reason: 'convergence must list three or more harmonic counts, increasing' };
  }
  return converged(r, 'convergence', 1e-4);
}

function gradeLeaf(leaf: RubricNode, r: ReplayOutcome): CheckResult {
  switch (leaf.id) {
    case 'replay-completed':
      return r.status === 'completed' ? { score: 1, reason: 'the replay ran to completion' } : { score: 0, reason: `the replay is ${r.status}: ${r.reason ?? ''}` };
    case 'gratings-solved': {
      const missing = GMR.delta_eps.filter((de) => !r.calls.some((c) => c.tool === 'solve' && c.ok && isGrating(c.arguments, de)));
      return missing.length === 0 ? { score: 1, reason: 'the waveguide grating was solved for Δε = 0.2, 0.4, 0.8' } : { score: 0, reason: `no logged solve of the task's waveguide grating at Δε = ${missing.join(', ')}` };
    }
    case 'guided-mode-solved':
      return r.calls.some((c) => c.tool === 'solve' && c.ok && isSlabMode(c.arguments)) ? { score: 1, reason: 'a TE slab-mode solve of the unmodulated layer was logged' } : { score: 0, reason: 'no logged TE slab-mode solve of the ε = 4, 120 nm layer on 1.52 under air' };
    case 'spectra-present': {
      const p = artifactPresent(r, 'spectra', 'table');
      if (p.score === 0) return p;
      const f = finiteColumn(r, 'spectra', 'R');
      return f.score === 0 ? f : covers(r, 'spectra', 'delta_eps', GMR.delta_eps, 0);
    }
    case 'spectra-traceable':
      return traceable(r, 'spectra', 'R', 'solve');
    case 'resonances-present': {
      const p = artifactPresent(r, 'resonances', 'table');
      if (p.score === 0) return p;
      for (const c of ['peak_nm', 'peak_R', 'fwhm_nm']) {
        const f = finiteColumn(r, 'resonances', c);
        if (f.score === 0) return f;
      }
      return covers(r, 'resonances', 'delta_eps', GMR.delta_eps, 0);
    }
    case 'lines-resolved':
      return linesResolved(r);
    case 'peak-near-unity': {
      const rows = resonanceRows(r, ['R']);
      if (typeof rows === 'string') return { score: 0, reason: rows };
      const low = rows.filter((l) => !(l.R >= 0.98));
      return low.length === 0 ? { score: 1, reason: `peak reflectance ${rows.map((l) => l.R.toFixed(4)).join(', ')}` } : { score: 0, reason: `peak reflectance below 0.98 at Δε = ${low.map((l) => `${l.de} (${l.R})`).join(', ')}` };
    }
    case 'phase-matched':
      return phaseMatched(r);
    case 'linewidth-shrinks':
      return linewidthShrinks(r);
    case 'harmonics-converged':
      return harmonicsConverged(r);
    default:
      return { score: 0, reason: `no check for leaf ${leaf.id}` };
  }
}

export const guidedModeResonanceTask: ReproductionTaskDefinition = {
  task: {
    task_id: 'repro-guided-mode-resonance',
    title: 'Guided-mode resonance of a waveguide grating',
    claim: 'A waveguide grating reflects nearly 100 % in a narrow band centred near the wavelength at which a diffracted order phase-matches the layer’s guided mode (β = 2π/Λ at normal incidence), and the band narrows as the grating modulation weakens.',
    citation: { doi: '10.1063/1.107703', text: 'R. Magnusson & S. S. Wang, "New principle for optical filters", Appl. Phys. Lett. 61, 1022 (1992)' },
    solver: 'grating',
    reported: [
      { quantity: 'peak reflectance of the resonance', value: '≈ 1 (near 100 %)', unit: '', where: 'the reflection-filter spectra' },
      { quantity: 'resonance wavelength', value: 'where a diffracted order is phase-matched to a guided mode of the grating layer', unit: 'nm', where: 'the resonance condition' },
      { quantity: 'linewidth', value: 'narrow; set by the modulation amplitude (smaller modulation, narrower line)', unit: 'nm', where: 'the discussion of the filter linewidth' },
    ],
    spec: SPEC,
    starter: [{ path: 'reproduce.js', text: STARTER }],
    entry: 'reproduce.js',
  },
  reference: REFERENCE,
  plausible: PLAUSIBLE,
  rubric: RUBRIC,
  grade: gradeLeaf,
  traceable_leaves: ['gratings-solved', 'guided-mode-solved', 'spectra-traceable', 'phase-matched'],
  fixtures: {
    corrupted: { change: 'the mode solved for a 100 nm layer instead of 120 nm', files: editFile(REFERENCE, 'lib/gmr.js', 'core: { material: { n: 2, k: 0 }, thickness_nm: d }', 'core: { material: { n: 2, k: 0 }, thickness_nm: 100 }'), failed: ['guided-mode-solved', 'phase-matched'] },
    copied: {
      change: 'the Δε = 0.2 resonance row copied into Δε = 0.4',
      files: editFile(REFERENCE, 'reproduce.js', 'resonances.push([de, l.peak, l.R, l.fwhm]);', 'resonances.push(de === 0.4 ? [de, lines[0.2].peak, lines[0.2].R, lines[0.2].fwhm] : [de, l.peak, l.R, l.fwhm]);'),
      failed: ['lines-resolved', 'linewidth-shrinks'],
    },
    nan: { change: 'NaN for every width', files: editFile(REFERENCE, 'reproduce.js', 'resonances.push([de, l.peak, l.R, l.fwhm]);', 'resonances.push([de, l.peak, l.R, NaN]);'), failed: ['lines-resolved', 'linewidth-shrinks', 'resonances-present'] },
    missing_convergence: { change: 'no convergence record', files: editFile(REFERENCE, 'reproduce.js', "artifact.json('convergence'", "void ('convergence'"), failed: ['harmonics-converged'] },
  },
};
