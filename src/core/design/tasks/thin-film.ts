/**
 * Multilayer tasks on the transfer-matrix solver (photonics/tmm): a Bragg mirror, a broadband
 * antireflection coating, a narrowband absorber, and the reimplementation of a published
 * gradient-index antireflection profile. The design is a stack([...]) of process materials; the
 * evaluator samples the band at a fixed number of wavelengths (twice as many for the numerical
 * gate) and checks energy conservation R + T + A = 1 at every sample.
 */
import { solvePhotonics } from '../../photonics/solve.ts';
import type { LayerStackResult } from '../../photonics/tmm/solve.ts';
import type { DesignDocument } from '../source-api.ts';
import type { DesignTaskDef, Evaluation, EvaluationContext, Gate } from '../task.ts';
import { finish, formatNumber, readStack, unusedParts, type StackRules } from './read.ts';

/** Short process names → the library datasets the evaluator uses (named in each task's materials list). */
export const THIN_FILM_DATASETS: Readonly<Record<string, string>> = {
  SiO2: 'SiO2 (Malitson 1965)',
  TiO2: 'TiO2 (Sarkar et al. 2019)',
  Ta2O5: 'Ta2O5 (Bright et al. 2013, amorphous)',
  MgF2: 'MgF2 (Dodge 1984, ordinary ray)',
  HfO2: 'HfO2 (Al-Kuhaili 2004)',
  Al2O3: 'Al2O3 (Malitson and Dodge 1972, ordinary ray)',
  Si3N4: 'Si3N4 (Luke et al. 2015)',
  Au: 'Au (Johnson and Christy 1972)',
  Ag: 'Ag (Johnson and Christy 1972)',
  Cr: 'Cr (Johnson and Christy 1974)',
  Ti: 'Ti (Johnson and Christy 1974)',
};

type Stack = { material: string; thickness_nm: number }[];

interface Band {
  start_nm: number;
  stop_nm: number;
  /** Samples at refinement 1 (the numerical gate doubles them). */
  count: number;
}

export function solveStack(stack: Stack, o: { incident: string | { n: number; k: number }; substrate: string | { n: number; k: number }; band: Band; refinement: 1 | 2; angle_deg?: number }, ctx: EvaluationContext): LayerStackResult {
  const medium = (m: string | { n: number; k: number }) => (typeof m === 'string' ? (THIN_FILM_DATASETS[m] ?? m) : m);
  const count = o.band.count === 1 ? 1 : (o.band.count - 1) * o.refinement + 1;
  return solvePhotonics(
    {
      kind: 'layer_stack',
      incident_medium: medium(o.incident),
      exit_medium: medium(o.substrate),
      layers: stack.map((l) => ({ material: medium(l.material), thickness_nm: l.thickness_nm })),
      polarization: 'unpolarized',
      ...(o.angle_deg ? { angle_deg: o.angle_deg } : {}),
      ...(count === 1 ? { wavelength_nm: o.band.start_nm } : { wavelength_range_nm: { start: o.band.start_nm, stop: o.band.stop_nm, count } }),
    },
    ctx.solve,
  ) as LayerStackResult;
}

/** Gate: R + T + A = 1 at every sample (a solver or material-data failure would break it). */
export function energyGate(r: LayerStackResult): Gate {
  let worst = 0;
  r.R.forEach((row, w) => row.forEach((R, a) => (worst = Math.max(worst, Math.abs(R + (r.T[w]![a] as number) + (r.A[w]![a] as number) - 1)))));
  const pass = worst <= 1e-9;
  return { id: 'energy-balance', category: 'numerical', pass, value: worst, limit: 1e-9, reason: `|R + T + A − 1| is at most ${worst.toExponential(2)} over the band (limit 1e-9)` };
}

export const column = (m: number[][]): number[] => m.map((row) => row[0] as number);

/** The band average of evenly spaced samples (endpoints included) by the trapezoid rule: second-order in the spacing, so the numerical gate's doubled sampling measures convergence, not the endpoint bias of a plain mean. */
export function bandMean(v: readonly number[]): number {
  if (v.length === 1) return v[0] as number;
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += (i === 0 || i === v.length - 1 ? 0.5 : 1) * (v[i] as number);
  return sum / (v.length - 1);
}

export function stackTask(def: Omit<DesignTaskDef<Stack>, 'read' | 'evaluate' | 'interface' | 'materials'> & { rules: StackRules; measure(stack: Stack, ctx: EvaluationContext): Evaluation }): DesignTaskDef<Stack> {
  const { rules, measure, ...rest } = def;
  return {
    ...rest,
    interface: [`stack([{ material, thickness_nm }, …]), listed from the incidence side; materials ${rules.materials.join(', ')}`],
    materials: rules.materials.map((m) => `${m}: ${THIN_FILM_DATASETS[m] ?? m}`),
    read(doc: DesignDocument) {
      const used = unusedParts(doc, { stack: true });
      const s = readStack(doc, rules);
      return finish(s.stack, [used, ...s.gates]);
    },
    evaluate: measure,
  };
}


export const braggMirror = stackTask({
  task_id: 'design-bragg-mirror-1550',
  family: 'design',
  title: 'Dielectric mirror for the C-band',
  physics: 'thin-film',
  spec: {
    summary: 'A dielectric multilayer mirror on fused silica that reflects the whole telecom C-band at normal incidence, as thin as possible.',
    requirements: ['Reflectance at normal incidence (unpolarised, from air) at least 99.9 % at every wavelength from 1530 to 1565 nm.'],
    constraints: ['Materials TiO2 and SiO2 only; each layer 20–600 nm; at most 40 layers; total thickness at most 8 µm.', 'Substrate: fused silica (SiO2); incidence from air.'],
    objective: { description: 'J = 1 − min R over 1530–1565 nm, in parts per million', unit: 'ppm' },
  },
  c: 100,
  c_basis: 'engineering scale: 100 ppm of transmitted light is a good high-reflector (S = 0.5 there)',
  rules: { materials: ['TiO2', 'SiO2'], min_layer_nm: 20, max_layer_nm: 600, max_layers: 40, max_total_nm: 8000 },
  tools: ['layer_stack'],
  probe_budget: 40,
  wall_clock_s: 7200,
  tolerance: 0.02,
  j_floor: 1,
  starter_source: `// Four quarter-wave pairs at 1550 nm: far too few for the 99.9 % requirement.
const lambda = 1550;
const layers = [];
for (let i = 0; i < 4; i++) {
  layers.push({ material: 'TiO2', thickness_nm: lambda / (4 * 2.06) });
  layers.push({ material: 'SiO2', thickness_nm: lambda / (4 * 1.444) });
}
stack(layers);
`,
  reference_source: `// Quarter-wave stack (HL)^15 H centred at 1548 nm, starting and ending on the high index.
const lambda = 1548, nH = 2.057, nL = 1.444;
const layers = [];
for (let i = 0; i < 15; i++) {
  layers.push({ material: 'TiO2', thickness_nm: lambda / (4 * nH) });
  layers.push({ material: 'SiO2', thickness_nm: lambda / (4 * nL) });
}
layers.push({ material: 'TiO2', thickness_nm: lambda / (4 * nH) });
stack(layers);
`,
  measure(stack, ctx) {
    const r = solveStack(stack, { incident: { n: 1, k: 0 }, substrate: 'SiO2', band: { start_nm: 1530, stop_nm: 1565, count: 36 }, refinement: ctx.refinement }, ctx);
    const R = column(r.R);
    const minR = Math.min(...R);
    const J = Math.max(0, 1 - minR) * 1e6;
    const pass = minR >= 0.999;
    return {
      gates: [energyGate(r), { id: 'min-reflectance', category: 'requirement', pass, value: minR, limit: 0.999, reason: `the lowest reflectance over 1530–1565 nm is ${(minR * 100).toFixed(4)} % (at least 99.9 % required)` }],
      J,
      metrics: { min_R: minR, total_thickness_nm: stack.reduce((a, l) => a + l.thickness_nm, 0), layers: stack.length },
    };
  },
});

export const arCoating = stackTask({
  task_id: 'design-ar-coating-visible',
  family: 'design',
  title: 'Broadband antireflection coating on glass',
  physics: 'thin-film',
  spec: {
    summary: 'An antireflection coating on a fused-silica window for the visible band at normal incidence.',
    requirements: ['Mean reflectance of the coated face (unpolarised, from air, no back-face reflection) below 1 % over 450–700 nm.'],
    constraints: ['Materials MgF2, SiO2, Al2O3, HfO2, TiO2; each layer 10–400 nm; at most 12 layers; total thickness at most 1.5 µm.'],
    objective: { description: 'J = mean R over 450–700 nm, in percent', unit: '%' },
  },
  c: 0.5,
  c_basis: 'engineering scale: 0.5 % mean reflectance is a good broadband coating (a bare face reflects 3.5 %)',
  rules: { materials: ['MgF2', 'SiO2', 'Al2O3', 'HfO2', 'TiO2'], min_layer_nm: 10, max_layer_nm: 400, max_layers: 12, max_total_nm: 1500 },
  tools: ['layer_stack'],
  probe_budget: 40,
  wall_clock_s: 7200,
  tolerance: 0.02,
  j_floor: 0.01,
  starter_source: `// A single quarter-wave MgF2 layer at 550 nm (the classic single-layer coating).
stack([{ material: 'MgF2', thickness_nm: 550 / (4 * 1.38) }]);
`,
  reference_source: `// Five layers from air to glass, thicknesses refined by coordinate descent on the mean reflectance
// from a quarter-wave MgF2 outer layer over a TiO2/SiO2 pair.
stack([
  { material: 'MgF2', thickness_nm: 82.0 },
  { material: 'SiO2', thickness_nm: 18.5 },
  { material: 'TiO2', thickness_nm: 129.5 },
  { material: 'SiO2', thickness_nm: 42.0 },
  { material: 'TiO2', thickness_nm: 12.5 },
]);
`,
  measure(stack, ctx) {
    const r = solveStack(stack, { incident: { n: 1, k: 0 }, substrate: 'SiO2', band: { start_nm: 450, stop_nm: 700, count: 51 }, refinement: ctx.refinement }, ctx);
    const R = column(r.R);
    const mean = bandMean(R) * 100;
    const pass = mean < 1;
    return {
      gates: [energyGate(r), { id: 'mean-reflectance', category: 'requirement', pass, value: mean, limit: 1, unit: '%', reason: `the mean reflectance over 450–700 nm is ${formatNumber(mean)} % (below 1 % required)` }],
      J: mean,
      metrics: { mean_R_pct: mean, max_R_pct: Math.max(...R) * 100 },
    };
  },
});
