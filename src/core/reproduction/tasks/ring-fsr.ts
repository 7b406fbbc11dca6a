/**
 * Reproduction task: a ring resonator's free spectral range follows FSR = λ² / (n_g L) — the group
 * index, not the effective index, sets the spacing of the resonances (Bogaerts et al., "Silicon
 * microring resonators", Laser Photonics Rev. 6, 47 (2012), doi:10.1002/lpor.201100017, the FSR
 * relation of its section on ring characteristics). The workflow must regenerate the evidence: the
 * through-port spectrum of all-pass rings of three radii from the circuit solver, the resonances it
 * finds in those spectra, the FSR measured from them beside the relation's value, and a record that
 * the measured FSR is converged in the wavelength sampling. Reading the solver's own `fsr_nm`
 * figure is not evidence of the claim (the rubric reads the measured one).
 */
import type { RubricNode } from '../rubric.ts';
import { column, converged, covers, traceable, withinTolerance, finiteTable, type CheckResult } from '../checks.ts';
import type { ReplayOutcome } from '../replay.ts';
import { editFile, type ReproductionTaskDefinition } from '../task.ts';

export const RING = { n_eff: 2.4, n_g: 4.2, loss_db_per_cm: 3, power_coupling: 0.05, band_nm: [1540, 1560] as const, radii_um: [10, 20, 40] as const };

/** λ²/(n_g L) at the band centre, nm. */
export const fsrFormulaNm = (radius_um: number): number => (1550 * 1550) / (RING.n_g * 2 * Math.PI * radius_um * 1000);

const RING_SPEC = {
  scope: `All-pass rings (n_eff ${RING.n_eff}, n_g ${RING.n_g}, ${RING.loss_db_per_cm} dB/cm, power coupling ${RING.power_coupling}) of radius ${RING.radii_um.join(', ')} µm, ${RING.band_nm[0]}–${RING.band_nm[1]} nm.`,
  variants: RING.radii_um.map((r) => `R = ${r} µm`),
  observables: ['through-port power spectrum', 'resonance wavelengths', 'free spectral range near 1550 nm'],
  evidence: [
    'artifact.table("resonances", ["radius_um", "resonance_nm"], rows): every through-port minimum found in each solved spectrum (wavelengths as the solver sampled them).',
    'artifact.table("fsr", ["radius_um", "fsr_nm", "formula_nm"], rows): the FSR measured from adjacent resonances near 1550 nm, beside λ²/(n_g L) at 1550 nm.',
    'artifact.json("convergence", [{ resolution, value }, …]): the measured FSR of the 10 µm ring at two or more wavelength samplings, finest last.',
  ],
  interface: 'oracle.solve(problem) runs the photonics engine (kind "circuit", circuit.type "ring_all_pass"); artifact.table / artifact.json / artifact.svg write evidence; require("./x.js") loads package files; console.log logs.',
};

export const RING_STARTER = `// reproduce.js — a starting point: one ring, its solver figures. Not yet evidence of the claim.
const res = oracle.solve({ kind: 'circuit', circuit: { type: 'ring_all_pass', radius_um: 10, waveguide: { n_eff: 2.4, n_g: 4.2, loss_db_per_cm: 3 }, coupling: { power_coupling: 0.05 } }, wavelength_range_nm: { start: 1540, stop: 1560, count: 2001 } });
console.log(JSON.stringify(res.figures));
`;

/** The reference workflow (hidden): spectra, minima, measured FSR, a sampling-convergence record. */
export const RING_REFERENCE: { path: string; text: string }[] = [
  {
    path: 'lib/ring.js',
    text: `
const ring = (radius_um, count) => ({ kind: 'circuit', circuit: { type: 'ring_all_pass', radius_um, waveguide: { n_eff: 2.4, n_g: 4.2, loss_db_per_cm: 3 }, coupling: { power_coupling: 0.05 } }, wavelength_range_nm: { start: 1540, stop: 1560, count } });
// Local minima of the through port's power, at the wavelengths the solver sampled.
function minima(res) {
  const w = res.wavelengths_nm, t = res.transmission.find((x) => x.from === 'in' && x.to === 'through').power;
  const out = [];
  for (let i = 1; i < w.length - 1; i++) if (t[i] < t[i - 1] && t[i] <= t[i + 1]) out.push(i);
  return out.map((i) => ({ i, nm: w[i] }));
}
function measuredFsr(res) {
  const m = minima(res).map((x) => x.nm);
  let best = null;
  for (let k = 1; k < m.length; k++) { const mid = (m[k] + m[k - 1]) / 2; if (best === null || Math.abs(mid - 1550) < Math.abs(best.mid - 1550)) best = { mid, fsr: m[k] - m[k - 1] }; }
  return best ? best.fsr : NaN;
}
module.exports = { ring, minima, measuredFsr };
`,
  },
  {
    path: 'REPORT.md',
    text: `# Ring FSR and the group index

The fsr table (artifact fsr) puts the FSR measured from adjacent through-port minima (artifact resonances) of the 10, 20 and 40 µm rings beside λ²/(n_g L) at 1550 nm; the convergence record shows the measured value settled in the wavelength sampling.

Why n_g and not n_eff: a resonance of order m satisfies n_eff(λ) L = m λ. The next order is one more wavelength around the ring, so Δ(n_eff L / λ) = 1 between neighbours. Because n_eff itself changes with λ, expanding to first order gives Δλ = λ² / (n_g L) with n_g = n_eff − λ dn_eff/dλ. With n_g = 4.2 and n_eff = 2.4 the two formulas differ by a factor 1.75, and the measured spacing follows the group-index one.
`,
  },
  {
    path: 'reproduce.js',
    text: `
const { ring, minima, measuredFsr } = require('./lib/ring.js');
const radii = [10, 20, 40];
const res = {};
const resonances = [], fsr = [];
for (const r of radii) {
  res[r] = oracle.solve(ring(r, 10000));
  for (const m of minima(res[r])) resonances.push([r, m.nm]);
  fsr.push([r, measuredFsr(res[r]), (1550 * 1550) / (4.2 * 2 * Math.PI * r * 1000)]);
}
artifact.table('resonances', ['radius_um', 'resonance_nm'], resonances);
artifact.table('fsr', ['radius_um', 'fsr_nm', 'formula_nm'], fsr);
artifact.json('convergence', [2500, 5000, 10000].map((count) => ({ resolution: count, value: count === 10000 ? measuredFsr(res[10]) : measuredFsr(oracle.solve(ring(10, count))) })));
console.log('FSR measured at R = 10, 20, 40 µm: ' + fsr.map((x) => x[1].toFixed(4)).join(', ') + ' nm');
`,
  },
];

/**
 * The plausible workflow: it runs and looks right — the three rings solved with the right indices
 * and an fsr table — but reads the solver's own `fsr_nm` figure instead of measuring the spacing of
 * resonances, and records no convergence: Partial, with a low Validation stage.
 */
export const RING_PLAUSIBLE: { path: string; text: string }[] = [
  {
    path: 'reproduce.js',
    text: `
const rows = [10, 20, 40].map((r) => {
  const res = oracle.solve({ kind: 'circuit', circuit: { type: 'ring_all_pass', radius_um: r, waveguide: { n_eff: 2.4, n_g: 4.2, loss_db_per_cm: 3 }, coupling: { power_coupling: 0.05 } }, wavelength_range_nm: { start: 1540, stop: 1560, count: 2001 } });
  return [r, res.figures.fsr_nm, (1550 * 1550) / (4.2 * 2 * Math.PI * r * 1000)];
});
artifact.table('fsr', ['radius_um', 'fsr_nm', 'formula_nm'], rows);
`,
  },
];

export const RING_RUBRIC: RubricNode = {
  id: 'ring-fsr',
  weight: 1,
  stage: 'modeling',
  sub_tasks: [
    { id: 'replay-completed', weight: 1, stage: 'execution', gate: true, kind: 'deterministic', requirement: 'the clean replay ran to completion' },
    {
      id: 'modeling',
      weight: 2,
      stage: 'modeling',
      sub_tasks: [
        { id: 'radii-covered', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'the fsr table covers the three radii' },
        { id: 'spectra-solved', weight: 1, stage: 'modeling', kind: 'deterministic', requirement: 'a ring_all_pass spectrum was solved for each radius with the task’s indices' },
      ],
    },
    {
      id: 'execution',
      weight: 3,
      stage: 'execution',
      sub_tasks: [
        { id: 'resonances-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the resonances table is there and finite' },
        { id: 'resonances-traceable', weight: 2, stage: 'execution', kind: 'deterministic', requirement: 'every resonance wavelength is a wavelength the solver returned' },
        { id: 'fsr-present', weight: 1, stage: 'execution', kind: 'deterministic', requirement: 'the fsr table is there and finite' },
      ],
    },
    {
      id: 'validation',
      weight: 4,
      stage: 'validation',
      sub_tasks: [
        { id: 'fsr-matches-resonances', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'each measured FSR is the spacing of two of its own resonances' },
        { id: 'claim-holds', weight: 2, stage: 'validation', kind: 'deterministic', requirement: 'the measured FSR equals λ²/(n_g L) within 1 %' },
        { id: 'sampling-converged', weight: 1, stage: 'validation', kind: 'deterministic', requirement: 'the convergence record shows the measured FSR converged in the sampling (0.5 %)' },
        // Effective weight 0.4 × 1/5 = 0.08: judged by the user's LLM when there is one, else not judged (coverage 0.92).
        {
          id: 'explains-group-index',
          weight: 1,
          stage: 'validation',
          kind: 'interpretive',
          requirement: 'the report explains, pointing at the regenerated fsr table, why the measured FSR follows λ²/(n_g L) and not λ²/(n_eff L): adjacent resonance orders differ by one in n_eff(λ) L / λ, and the wavelength dependence of n_eff turns that into the group index',
        },
      ],
    },
  ],
};

/** Each resonance spacing of a radius, for the fsr ↔ resonances consistency leaf. */
function spacingCheck(r: ReplayOutcome): CheckResult {
  const radii = column(r, 'resonances', 'radius_um');
  const nm = column(r, 'resonances', 'resonance_nm');
  const fr = column(r, 'fsr', 'radius_um');
  const f = column(r, 'fsr', 'fsr_nm');
  for (const v of [radii, nm, fr, f]) if (typeof v === 'string') return { score: 0, reason: v };
  const [R, W, FR, F] = [radii, nm, fr, f] as number[][];
  const off = FR!.filter((rad, i) => {
    const ws = W!.filter((_, j) => R![j] === rad).sort((a, b) => a - b);
    return !ws.some((w, j) => j > 0 && Math.abs(w - (ws[j - 1] as number) - (F![i] as number)) <= 1e-9 * Math.abs(w));
  });
  return off.length === 0 ? { score: 1, reason: 'every measured FSR is the spacing of two adjacent resonances of its ring' } : { score: 0, reason: `the FSR of radius ${off.join(', ')} µm is not the spacing of two of its resonances` };
}

function solvedEachRadius(r: ReplayOutcome): CheckResult {
  const solved = new Set(
    r.calls
      .filter((c) => c.tool === 'solve' && c.ok)
      .map((c) => c.arguments as { circuit?: { type?: string; radius_um?: number; waveguide?: { n_eff?: number; n_g?: number } } })
      .filter((a) => a.circuit?.type === 'ring_all_pass' && a.circuit.waveguide?.n_g === RING.n_g && a.circuit.waveguide.n_eff === RING.n_eff)
      .map((a) => a.circuit?.radius_um),
  );
  const missing = RING.radii_um.filter((x) => !solved.has(x));
  return missing.length === 0 ? { score: 1, reason: `ring_all_pass spectra solved for R = ${RING.radii_um.join(', ')} µm with n_eff ${RING.n_eff}, n_g ${RING.n_g}` } : { score: 0, reason: `no logged solve of a ring_all_pass with the task's indices at R = ${missing.join(', ')} µm` };
}

/** Grades one leaf of RING_RUBRIC on a replay. */
export function gradeRingLeaf(leaf: RubricNode, r: ReplayOutcome): CheckResult {
  switch (leaf.id) {
    case 'replay-completed':
      return r.status === 'completed' ? { score: 1, reason: 'the replay ran to completion' } : { score: 0, reason: `the replay is ${r.status}: ${r.reason ?? ''}` };
    case 'radii-covered':
      return covers(r, 'fsr', 'radius_um', RING.radii_um, 0);
    case 'spectra-solved':
      return solvedEachRadius(r);
    case 'resonances-present':
      return finiteTable(r, 'resonances', 'resonance_nm');
    case 'resonances-traceable':
      return traceable(r, 'resonances', 'resonance_nm', 'solve');
    case 'fsr-present':
      return finiteTable(r, 'fsr', 'fsr_nm');
    case 'fsr-matches-resonances':
      return spacingCheck(r);
    case 'claim-holds':
      return withinTolerance(r, 'fsr', 'radius_um', 'fsr_nm', RING.radii_um.map((x) => ({ key: x, value: fsrFormulaNm(x) })), { abs: 0, rel: 0.01 });
    case 'sampling-converged':
      return converged(r, 'convergence', 0.005);
    default:
      return { score: 0, reason: `no check for leaf ${leaf.id}` };
  }
}

export const ringFsrTask: ReproductionTaskDefinition = {
  task: {
    task_id: 'repro-ring-fsr-group-index',
    title: 'Ring resonator FSR is set by the group index',
    claim: 'The free spectral range of a ring resonator is FSR = λ² / (n_g L), with n_g the group index and L the round-trip length — not λ² / (n_eff L).',
    citation: { doi: '10.1002/lpor.201100017', text: 'W. Bogaerts et al., "Silicon microring resonators", Laser Photonics Rev. 6, 47 (2012)' },
    solver: 'circuit',
    reported: [{ quantity: 'free spectral range', value: 'λ² / (n_g L)', unit: 'nm', where: 'section 2 (ring characteristics), the FSR relation' }],
    spec: RING_SPEC,
    starter: [{ path: 'reproduce.js', text: RING_STARTER }],
    entry: 'reproduce.js',
  },
  reference: RING_REFERENCE,
  plausible: RING_PLAUSIBLE,
  rubric: RING_RUBRIC,
  grade: gradeRingLeaf,
  traceable_leaves: ['resonances-traceable', 'spectra-solved'],
  fixtures: {
    corrupted: { change: 'the group index 10 % off (3.8 for 4.2)', files: editFile(RING_REFERENCE, 'lib/ring.js', 'n_g: 4.2', 'n_g: 3.8'), failed: ['claim-holds', 'spectra-solved'] },
    copied: {
      change: 'the relation written into the fsr table instead of the measured spacing',
      files: editFile(RING_REFERENCE, 'reproduce.js', 'fsr.push([r, measuredFsr(res[r]),', 'fsr.push([r, (1550 * 1550) / (4.2 * 2 * Math.PI * r * 1000),'),
      failed: ['fsr-matches-resonances'],
    },
    nan: { change: 'NaN for every measured FSR', files: editFile(RING_REFERENCE, 'reproduce.js', 'fsr.push([r, measuredFsr(res[r]),', 'fsr.push([r, NaN,'), failed: ['claim-holds', 'fsr-matches-resonances', 'fsr-present'] },
    missing_convergence: { change: 'no convergence record', files: editFile(RING_REFERENCE, 'reproduce.js', "artifact.json('convergence'", "void ('convergence'"), failed: ['sampling-converged'] },
  },
};
