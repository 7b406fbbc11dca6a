/**
 * The thermo-optic phase shifter with its heater (electro-thermal-optical): the agent draws the
 * heater and any air trenches on a fixed SOI cross-section; the evaluator solves 2-D steady heat
 * conduction with Joule heating (photonics/heat), takes ΔT averaged over the core → Δn through
 * dn/dT → phase, and scales to the π shift (ΔT ∝ P ∝ V²). Gates: process rules (heater size, metal
 * clearance from the core, trench rules), no floating metal (the heater must rest on oxide), the
 * supply voltage and current density at V_π, the peak temperature at V_π, energy balance, and the
 * numerical gate (the grid refined ×2 per axis).
 */
import { solveHeat, type HeatResult } from '../../photonics/heat/index.ts';
import type { HeatProblemInput } from '../../photonics/heat/problem.ts';
import type { DesignDocument } from '../source-api.ts';
import type { DesignTaskDef, Evaluation, EvaluationContext, Gate } from '../task.ts';
import { finish, formatNumber, readParams, rectsOn, unusedParts } from './read.ts';

type Box = { x: [number, number]; y: [number, number] };

export interface PhaseShifterDesign {
  heater: Box;
  trenches: Box[];
  heater_length_um: number;
}

/** The fixed cross-section (µm): Si handle below the 2 µm BOX, a 500 × 220 nm Si core, oxide to y = 3, air above. */
const DOMAIN: Box = { x: [-30, 30], y: [-20, 3] };
const CORE: Box = { x: [-0.25, 0.25], y: [0, 0.22] };
const BOX_BOTTOM = -2;
const TOP = 3;

export const PROCESS = {
  heater_min_width_um: 0.5,
  heater_thickness_um: [0.05, 0.3] as [number, number],
  metal_clearance_um: 1,
  trench_min_width_um: 1,
  trench_core_clearance_um: 2,
  max_trenches: 4,
  supply_v: 5,
  max_current_density_a_m2: 3e10,
  max_temperature_k: 400,
};

const gap = (a: Box, b: Box): number => {
  const dx = Math.max(0, a.x[0] - b.x[1], b.x[0] - a.x[1]);
  const dy = Math.max(0, a.y[0] - b.y[1], b.y[0] - a.y[1]);
  return Math.hypot(dx, dy);
};
const overlaps = (a: Box, b: Box): boolean => a.x[0] < b.x[1] && b.x[0] < a.x[1] && a.y[0] < b.y[1] && b.y[0] < a.y[1];

function designRules(d: PhaseShifterDesign): Gate[] {
  const h = d.heater;
  const w = h.x[1] - h.x[0];
  const t = h.y[1] - h.y[0];
  const gates: Gate[] = [
    { id: 'heater-width', category: 'design-rule', pass: w >= PROCESS.heater_min_width_um, value: w, limit: PROCESS.heater_min_width_um, unit: 'µm', at: h, reason: `the heater is ${formatNumber(w)} µm wide (at least ${PROCESS.heater_min_width_um} µm)` },
    {
      id: 'heater-thickness',
      category: 'design-rule',
      pass: t >= PROCESS.heater_thickness_um[0] && t <= PROCESS.heater_thickness_um[1],
      value: t,
      unit: 'µm',
      at: h,
      reason: `the heater film is ${formatNumber(t)} µm thick (the TiN process deposits ${PROCESS.heater_thickness_um[0]}–${PROCESS.heater_thickness_um[1]} µm)`,
    },
    { id: 'heater-in-cladding', category: 'design-rule', pass: h.y[0] >= CORE.y[1] && h.y[1] <= TOP && h.x[0] >= DOMAIN.x[0] && h.x[1] <= DOMAIN.x[1], at: h, reason: `the heater must lie in the oxide cladding above the core (y ${CORE.y[1]}–${TOP} µm, |x| ≤ 30 µm)` },
  ];
  const clearance = gap(h, CORE);
  gates.push({ id: 'metal-clearance', category: 'design-rule', pass: clearance >= PROCESS.metal_clearance_um, value: clearance, limit: PROCESS.metal_clearance_um, unit: 'µm', at: h, reason: `the heater is ${formatNumber(clearance)} µm from the core; metal closer than ${PROCESS.metal_clearance_um} µm absorbs the guided mode` });
  gates.push({ id: 'trench-count', category: 'design-rule', pass: d.trenches.length <= PROCESS.max_trenches, value: d.trenches.length, limit: PROCESS.max_trenches, reason: `${d.trenches.length} trenches (at most ${PROCESS.max_trenches})` });
  d.trenches.forEach((tr, i) => {
    const tw = tr.x[1] - tr.x[0];
    const fromTop = tr.y[1] === TOP && tr.y[0] >= BOX_BOTTOM && tr.x[0] >= DOMAIN.x[0] && tr.x[1] <= DOMAIN.x[1];
    gates.push({ id: `trench-${i}-etch`, category: 'design-rule', pass: fromTop, at: tr, reason: `trench ${i} must be etched from the top surface (y max = ${TOP} µm) and stop at or above the substrate (y min ≥ ${BOX_BOTTOM} µm)` });
    gates.push({ id: `trench-${i}-width`, category: 'design-rule', pass: tw >= PROCESS.trench_min_width_um, value: tw, limit: PROCESS.trench_min_width_um, unit: 'µm', at: tr, reason: `trench ${i} is ${formatNumber(tw)} µm wide (at least ${PROCESS.trench_min_width_um} µm)` });
    const tc = gap(tr, CORE);
    gates.push({ id: `trench-${i}-clearance`, category: 'design-rule', pass: tc >= PROCESS.trench_core_clearance_um, value: tc, limit: PROCESS.trench_core_clearance_um, unit: 'µm', at: tr, reason: `trench ${i} is ${formatNumber(tc)} µm from the core (at least ${PROCESS.trench_core_clearance_um} µm, or it cuts into the mode)` });
  });
  // Connectivity: metal must rest on oxide along its whole width — a heater over or in a trench is floating.
  const under: Box = { x: h.x, y: [h.y[0] - 0.05, h.y[0]] };
  const floating = d.trenches.findIndex((tr) => overlaps(tr, h) || overlaps(tr, under));
  gates.push({ id: 'heater-supported', category: 'connectivity', pass: floating < 0, at: h, reason: floating < 0 ? 'the heater rests on oxide along its whole width' : `the heater overlaps or hangs over trench ${floating}: floating metal` });
  return gates;
}

export function phaseShifterProblem(d: PhaseShifterDesign, refinement: 1 | 2): HeatProblemInput {
  return {
    kind: 'heat',
    domain_um: { x: DOMAIN.x, y: DOMAIN.y },
    background: 'SiO2',
    rects: [
      { name: 'substrate', x_um: DOMAIN.x, y_um: [DOMAIN.y[0], BOX_BOTTOM], material: 'Si' },
      { name: 'core', x_um: CORE.x, y_um: CORE.y, material: 'Si' },
      ...d.trenches.map((t, i) => ({ name: `trench ${i}`, x_um: t.x, y_um: t.y, material: 'air' as const })),
    ],
    heater: { x_um: d.heater.x, y_um: d.heater.y, material: 'TiN', length_um: d.heater_length_um, voltage_v: 1 },
    core: { x_um: CORE.x, y_um: CORE.y },
    boundaries: {
      bottom: { type: 'fixed', t_k: 300 },
      top: { type: 'convective', h_w_m2k: 10, t_ambient_k: 300 },
      left: { type: 'adiabatic' },
      right: { type: 'adiabatic' },
    },
    grid: { cell_nm: 55, max_cell_nm: 2000, growth: 1.3, subdivide: refinement },
  };
}

/** Every figure at the π shift, from a solve at 1 V (ΔT ∝ V², I ∝ V). */
function atVpi(r: HeatResult) {
  const vpi = r.core.v_pi_v;
  const scale = vpi / r.heater.voltage_v;
  return { v_pi: vpi, p_pi_mw: r.core.p_pi_w * 1e3, j_a_m2: r.heater.current_density_a_m2 * scale, t_max_k: r.reference_t_k + r.max.delta_t_k * scale * scale };
}

function measure(d: PhaseShifterDesign, ctx: EvaluationContext): Evaluation {
  const r = solveHeat(phaseShifterProblem(d, ctx.refinement));
  if (!(r.core.phase_rad > 0)) return { gates: [{ id: 'phase', category: 'requirement', pass: false, reason: 'the heater produces no phase shift in the core' }], J: null, metrics: {} };
  const op = atVpi(r);
  const gates: Gate[] = [
    { id: 'supply-voltage', category: 'electrical', pass: op.v_pi <= PROCESS.supply_v, value: op.v_pi, limit: PROCESS.supply_v, unit: 'V', reason: `V_π = ${formatNumber(op.v_pi)} V (the driver supplies at most ${PROCESS.supply_v} V)` },
    { id: 'current-density', category: 'electrical', pass: op.j_a_m2 <= PROCESS.max_current_density_a_m2, value: op.j_a_m2, limit: PROCESS.max_current_density_a_m2, unit: 'A/m²', at: d.heater, reason: `the heater carries ${op.j_a_m2.toExponential(2)} A/m² at V_π (the TiN film is rated ${PROCESS.max_current_density_a_m2.toExponential(0)} A/m²)` },
    { id: 'max-temperature', category: 'thermal', pass: op.t_max_k <= PROCESS.max_temperature_k, value: op.t_max_k, limit: PROCESS.max_temperature_k, unit: 'K', at: { x: [r.max.x_um - 0.5, r.max.x_um + 0.5], y: [r.max.y_um - 0.5, r.max.y_um + 0.5] }, reason: `the hottest point reaches ${formatNumber(op.t_max_k)} K at V_π (at most ${PROCESS.max_temperature_k} K)` },
    { id: 'energy-balance', category: 'numerical', pass: r.energy.relative_error <= 1e-6, value: r.energy.relative_error, limit: 1e-6, reason: `the heat leaving the boundaries matches the Joule power to ${r.energy.relative_error.toExponential(2)} (limit 1e-6)` },
  ];
  const step = Math.max(1, Math.floor(r.map.x_um.length / 120));
  const rowStep = Math.max(1, Math.floor(r.map.y_um.length / 80));
  const xs = r.map.x_um.filter((_, i) => i % step === 0);
  const ys = r.map.y_um.filter((_, j) => j % rowStep === 0);
  const values: number[] = [];
  r.map.y_um.forEach((_, j) => {
    if (j % rowStep !== 0) return;
    r.map.x_um.forEach((__, i) => {
      if (i % step === 0) values.push(r.reference_t_k + ((r.map.t_k[j * r.map.x_um.length + i] as number) - r.reference_t_k) * (op.v_pi / r.heater.voltage_v) ** 2);
    });
  });
  return {
    gates,
    J: op.p_pi_mw,
    metrics: { p_pi_mw: op.p_pi_mw, v_pi_v: op.v_pi, current_density_a_m2: op.j_a_m2, t_max_k: op.t_max_k, resistance_ohm: r.heater.resistance_ohm },
    map: { kind: 'temperature', x_um: xs, y_um: ys, values, unit: 'K at V_π' },
  };
}

const box = (r: { x: [number, number]; y: [number, number] }): Box => ({ x: r.x, y: r.y });

export const thermoOpticPhaseShifter: DesignTaskDef<PhaseShifterDesign> = {
  task_id: 'design-thermo-optic-phase-shifter',
  family: 'design',
  title: 'Thermo-optic phase shifter with its heater',
  physics: 'heat',
  spec: {
    summary:
      'A TiN heater (and, if useful, air trenches) over a 500 × 220 nm silicon strip waveguide on 2 µm buried oxide, cladding oxide to 3 µm, that gives a π phase shift at 1550 nm with as little electrical power as possible.',
    requirements: [
      `V_π at most ${PROCESS.supply_v} V.`,
      `Current density in the heater at V_π at most ${PROCESS.max_current_density_a_m2.toExponential(0)} A/m².`,
      `Peak temperature anywhere at V_π at most ${PROCESS.max_temperature_k} K (ambient and substrate at 300 K).`,
    ],
    constraints: [
      `Heater: one TiN rectangle, at least ${PROCESS.heater_min_width_um} µm wide, ${PROCESS.heater_thickness_um[0]}–${PROCESS.heater_thickness_um[1]} µm thick, inside the cladding, at least ${PROCESS.metal_clearance_um} µm from the core, resting on oxide; length 50–1000 µm.`,
      `Trenches: up to ${PROCESS.max_trenches} air trenches etched from the top surface (y = 3 µm) down to at most the BOX bottom (y = −2 µm), each at least ${PROCESS.trench_min_width_um} µm wide and ${PROCESS.trench_core_clearance_um} µm from the core.`,
      'Fixed: core x ∈ [−0.25, 0.25], y ∈ [0, 0.22] µm; BOX y ∈ [−2, 0]; Si handle below; the top surface convects to 300 K air (10 W/m²K); the cross-section spans x ∈ [−30, 30] µm.',
    ],
    objective: { description: 'J = P_π, the electrical power for a π phase shift, in mW', unit: 'mW' },
  },
  c: 20,
  c_basis: 'engineering scale: 20 mW is the P_π of a standard unoptimised TiN heater on SOI',
  interface: [
    'rect({ layer: "heater", x: [min, max], y: [min, max] }): exactly one, µm',
    'rect({ layer: "trench", x: [min, max], y: [min, 3] }): zero to four air trenches, µm',
    'param("heater_length_um", …): heater length along the waveguide, 50–1000 µm',
  ],
  materials: ['Si (handle, core)', 'SiO2 (BOX, cladding)', 'TiN heater (ρ 1.2 µΩ·m)', 'air (trenches)'],
  tools: ['heat'],
  probe_budget: 40,
  wall_clock_s: 7200,
  tolerance: 0.01,
  j_floor: 0.01,
  starter_source: `// A 2 µm TiN heater, 120 nm thick, 2 µm above the core; no trenches.
param('heater_length_um', 100);
rect({ layer: 'heater', x: [-1, 1], y: [2.22, 2.34] });
`,
  reference_source: `// Heater 2 µm above the core with deep trenches on both sides (etched to the BOX bottom) that cut the
// lateral heat paths through the oxide; a 200 µm heater halves the current density of a 100 µm one.
param('heater_length_um', 200);
rect({ layer: 'heater', x: [-1, 1], y: [2.22, 2.34] });
rect({ layer: 'trench', x: [-6, -2.5], y: [-2, 3] });
rect({ layer: 'trench', x: [2.5, 6], y: [-2, 3] });
`,
  read(doc: DesignDocument) {
    const gates: Gate[] = [unusedParts(doc, { params: ['heater_length_um'], layers: ['heater', 'trench'] })];
    const len = readParams(doc, { heater_length_um: { min: 50, max: 1000, unit: 'µm', what: 'heater length' } });
    gates.push(...len.gates);
    const heaters = rectsOn(doc, 'heater');
    const polys = doc.shapes.filter((s) => s.type === 'polygon');
    gates.push({ id: 'rectangles-only', category: 'design-rule', pass: polys.length === 0, reason: polys.length === 0 ? 'every shape is a rectangle' : 'this cross-section takes rectangles only (polygon found)' });
    gates.push({ id: 'one-heater', category: 'design-rule', pass: heaters.length === 1, value: heaters.length, reason: `${heaters.length} heater rectangles (exactly one)` });
    if (heaters.length !== 1 || len.values === null || polys.length > 0) return finish<PhaseShifterDesign>(null, gates);
    const design: PhaseShifterDesign = { heater: box(heaters[0]!), trenches: rectsOn(doc, 'trench').map(box), heater_length_um: len.values.heater_length_um };
    gates.push(...designRules(design));
    return finish(design, gates);
  },
  evaluate: measure,
};
