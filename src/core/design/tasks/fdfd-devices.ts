/**
 * Compact silicon-photonic devices drawn as core polygons in a fixed window and scored by 2-D FDFD
 * (fdfd-layout.ts: effective-index 2-D, TE / Ez, n_core 2.85, n_clad 1.44, λ 1550 nm, 40 nm cells,
 * 20 nm for the numerical gate). The fixed port guides run from the window's edges into the PML;
 * TE0 is launched from the input port and the power in every guided mode of every port is measured.
 * Windows are kept to ≈ 2.2 µm so a refinement-2 solve (≈ 180² cells, banded LDLᵀ) stays near 1–2 s.
 *
 * Gates shared by all four: only core shapes, inside the window, min width and gap 0.1 µm (10 nm
 * raster), each port's guide end covered by the design's core, passivity (Σ port powers ≤ 1.02),
 * then the task's own requirements and the numerical gate.
 */
import type { DesignDocument } from '../source-api.ts';
import type { DesignTaskDef, Evaluation, EvaluationContext, Gate } from '../task.ts';
import { dB, fieldMap, layoutRules, passivityGate, residualGate, portPower, shapePolygon, simulateLayout, type LayoutResult, type LayoutSpec, type Polygon } from './fdfd-layout.ts';
import { finish, unusedParts } from './read.ts';

export interface LayoutDesign {
  polygons: Polygon[];
}

const MATERIALS = ['core: Si slab, 2-D effective index 2.85 (220 nm SOI, TE, 1550 nm)', 'cladding: SiO₂, index 1.44'];
const COMMON_CONSTRAINTS = [
  'Shapes: rect({ layer: "core", … }) and polygon({ layer: "core", … }) only, µm; overlapping shapes merge (their union is the core).',
  'Every vertex inside the design window; the port guides outside it are fixed and drawn by the evaluator.',
  'Minimum core width and minimum gap 0.1 µm, checked on a 10 nm raster of the layout including the port guides: an axis-aligned 0.1 µm square (one pixel of slack for rounding) must fit around every part of the core and of the cladding, so a diagonal feature needs up to √2 × 0.1 µm; the pixel staircase at a corner tip (up to 0.002 µm²) is not counted.',
  "Each port's guide end at the window edge must be at least half covered by the design's core.",
  'Simulation: 2-D FDFD, Ez polarisation, 40 nm cells (area-weighted permittivity), 0.32 µm of cladding and 0.32 µm of PML around the window; the numerical gate re-solves at 20 nm.',
];

function readLayout(doc: DesignDocument, spec: LayoutSpec) {
  const gates: Gate[] = [unusedParts(doc, { layers: ['core'] })];
  const polygons = doc.shapes.filter((s) => s.layer === 'core').map(shapePolygon);
  gates.push({ id: 'has-core', category: 'design-rule', pass: polygons.length > 0, value: polygons.length, reason: `${polygons.length} core shapes (at least one)` });
  if (!gates.every((g) => g.pass)) return finish<LayoutDesign>(null, gates);
  gates.push(...layoutRules(spec, polygons));
  return finish<LayoutDesign>({ polygons }, gates);
}

function solve(spec: LayoutSpec, d: LayoutDesign, ctx: EvaluationContext): LayoutResult {
  const linalg = ctx.solve.kernels?.linalg;
  return simulateLayout(spec, d.polygons, ctx.refinement, linalg ? (m, p) => linalg.eliminateSymmetricBanded(m, p) : undefined);
}

const fmtDb = (v: number): string => v.toFixed(3);

/** Gate: a port mode's power, in dB below the launched power, must not exceed `limitDb` (a loss) or must stay below it (a leak). */
function dbGate(id: string, what: string, t: number, limitDb: number, kind: 'loss' | 'leak'): Gate {
  const v = kind === 'loss' ? dB(t) : -dB(t);
  const pass = v <= limitDb;
  return { id, category: 'requirement', pass, value: v, limit: limitDb, unit: 'dB', reason: `${what} is ${fmtDb(v)} dB (${kind === 'loss' ? 'at most' : 'at or below'} ${limitDb} dB)` };
}

function reflection(r: LayoutResult, port: string): number {
  return (r.ports[port]?.modes ?? []).reduce((s, m) => s + m.T, 0);
}

// ---------------------------------------------------------------- 1. bend

const BEND: LayoutSpec = {
  window: { x: [-1.1, 1.1], y: [-1.1, 1.1] },
  ports: [
    { name: 'in', side: 'west', guides: [{ centre: 0, width: 0.4 }] },
    { name: 'out', side: 'south', guides: [{ centre: 0, width: 0.4 }] },
  ],
  source: 'in',
};

function measureBend(d: LayoutDesign, ctx: EvaluationContext): Evaluation {
  const r = solve(BEND, d, ctx);
  const t = portPower(r, 'out', 0);
  const refl = reflection(r, 'in');
  const J = dB(t);
  return {
    gates: [residualGate(r), passivityGate(r), dbGate('insertion-loss', 'the TE0 insertion loss in → out', t, 3, 'loss'), dbGate('reflection', 'the power reflected into the input guide', refl, -15, 'leak')],
    J,
    metrics: { T_out_te0: t, insertion_loss_db: J, reflection: refl, power_total: r.total },
    map: fieldMap(r),
  };
}

export const waveguideBend: DesignTaskDef<LayoutDesign> = {
  task_id: 'design-waveguide-bend',
  family: 'design',
  title: 'Compact 90° waveguide bend',
  physics: 'fdfd',
  spec: {
    summary:
      'Turn the fundamental TE mode of a 0.4 µm silicon strip guide entering from the west through 90° into an identical guide leaving to the south, inside a 2.2 × 2.2 µm window, with as little loss as possible.',
    requirements: ['TE0 insertion loss in → out at most 3 dB.', 'Power reflected back into the input guide (all its guided modes) at most −15 dB.'],
    constraints: [
      'Design window x ∈ [−1.1, 1.1], y ∈ [−1.1, 1.1] µm. Input port: a 0.4 µm guide centred on y = 0 arriving at the west edge (x = −1.1). Output port: a 0.4 µm guide centred on x = 0 leaving the south edge (y = −1.1).',
      ...COMMON_CONSTRAINTS,
    ],
    objective: { description: 'J = TE0 insertion loss from the input to the output guide, −10·log10(P_out,TE0 / P_in)', unit: 'dB' },
  },
  c: 1,
  c_basis: 'engineering scale: 1 dB is the loss budget of a single compact bend in a routing-limited circuit (a plain right-angle corner of these guides loses ≈ 26 dB of TE0; a 0.4 µm quarter circle of radius 1.1 µm, 0.41 dB)',
  interface: [
    'rect({ layer: "core", x: [min, max], y: [min, max] }) and polygon({ layer: "core", points: [[x, y], …] }), µm, inside x, y ∈ [−1.1, 1.1]',
    'ports (fixed): in = 0.4 µm guide at the west edge centred on y = 0; out = 0.4 µm guide at the south edge centred on x = 0',
  ],
  materials: MATERIALS,
  tools: ['inverse_design', 'eme', 'mode'],
  probe_budget: 40,
  wall_clock_s: 7200,
  tolerance: 0.1,
  j_floor: 0.1,
  starter_source: `// A right-angle corner: the input guide runs to the centre, the output guide drops from there.
rect({ layer: 'core', x: [-1.1, 0.2], y: [-0.2, 0.2] });
rect({ layer: 'core', x: [-0.2, 0.2], y: [-1.1, 0.2] });
`,
  reference_source: `// A quarter-circle guide about the window's south-west corner (radius 1.1 µm, so it meets both ports
// head-on), reshaped by a small offline search (a (1+1) evolution strategy over the radius and width
// at 22.5° and 45°, mirror-symmetric about the diagonal, scored by this evaluator at refinement 1):
// the path pulls in to 1.03 µm and widens to 0.45 µm off the ends, then narrows to 0.35 µm at 45°.
// That halves the TE0 → TE1 mixing a plain 0.4 µm arc suffers (0.41 dB → 0.19 dB).
const rho = [1.1, 1.028, 1.1, 1.028, 1.1];
const width = [0.4, 0.445, 0.354, 0.445, 0.4];
const outer = [];
const inner = [];
const n = 32;
for (let k = 0; k <= n; k++) {
  const a = (Math.PI / 2) * (k / n);
  const u = (k / n) * 4;
  const q = Math.min(3, Math.floor(u));
  const t = u - q;
  const r = rho[q] * (1 - t) + rho[q + 1] * t;
  const w = width[q] * (1 - t) + width[q + 1] * t;
  const at = (R) => [Number((-1.1 + R * Math.sin(a)).toFixed(4)), Number((-1.1 + R * Math.cos(a)).toFixed(4))];
  outer.push(at(r + w / 2));
  inner.push(at(r - w / 2));
}
polygon({ layer: 'core', points: [...outer, ...inner.reverse()] });
`,
  read: (doc) => readLayout(doc, BEND),
  evaluate: measureBend,
};

// ---------------------------------------------------------------- 2. crossing

const CROSSING: LayoutSpec = {
  window: { x: [-1.1, 1.1], y: [-1.1, 1.1] },
  ports: [
    { name: 'west', side: 'west', guides: [{ centre: 0, width: 0.4 }] },
    { name: 'east', side: 'east', guides: [{ centre: 0, width: 0.4 }] },
    { name: 'north', side: 'north', guides: [{ centre: 0, width: 0.4 }] },
    { name: 'south', side: 'south', guides: [{ centre: 0, width: 0.4 }] },
  ],
  source: 'west',
};

/** Crosstalk below this costs nothing; each dB above it adds 0.1 dB to J. */
const CROSSTALK_FREE_DB = -30;
const CROSSTALK_WEIGHT = 0.1;

function measureCrossing(d: LayoutDesign, ctx: EvaluationContext): Evaluation {
  const r = solve(CROSSING, d, ctx);
  const t = portPower(r, 'east', 0);
  const xt = Math.max(reflection(r, 'north'), reflection(r, 'south'));
  const xtDb = -dB(xt);
  const il = dB(t);
  const penalty = CROSSTALK_WEIGHT * Math.max(0, xtDb - CROSSTALK_FREE_DB);
  const refl = reflection(r, 'west');
  return {
    gates: [residualGate(r), passivityGate(r), dbGate('insertion-loss', 'the TE0 insertion loss west → east', t, 3, 'loss'), dbGate('crosstalk', 'the larger crosstalk into the north or south guide', xt, -15, 'leak'), dbGate('reflection', 'the power reflected into the input guide', refl, -15, 'leak')],
    J: il + penalty,
    metrics: { T_east_te0: t, insertion_loss_db: il, crosstalk_db: xtDb, crosstalk_penalty_db: penalty, reflection: refl, power_total: r.total },
    map: fieldMap(r),
  };
}

export const waveguideCrossing: DesignTaskDef<LayoutDesign> = {
  task_id: 'design-waveguide-crossing',
  family: 'design',
  title: 'Compact waveguide crossing',
  physics: 'fdfd',
  spec: {
    summary:
      'Let two 0.4 µm silicon strip guides cross at right angles inside a 2.2 × 2.2 µm window: TE0 entering from the west should leave to the east with little loss and little light turning into the north and south guides.',
    requirements: ['TE0 insertion loss west → east at most 3 dB.', 'Crosstalk (all guided modes) into the north and into the south guide each at most −15 dB.', 'Power reflected into the west guide at most −15 dB.'],
    constraints: [
      'Design window x, y ∈ [−1.1, 1.1] µm. Four ports, each a 0.4 µm guide centred on its edge: west (input, y = 0), east (through), north and south (crossing guide, x = 0). The device is used in both directions, but only west → east is scored.',
      ...COMMON_CONSTRAINTS,
    ],
    objective: {
      description: `J = insertion loss west → east (dB) + ${CROSSTALK_WEIGHT} × max(0, crosstalk_dB − (${CROSSTALK_FREE_DB})), crosstalk_dB = 10·log10 of the larger of the north and south powers`,
      unit: 'dB',
    },
  },
  c: 1,
  c_basis: 'engineering scale: 1 dB is about the insertion loss of the plain, untapered intersection of two such guides (1.1 dB here, with −10.5 dB crosstalk) — the figure a crossing exists to beat',
  interface: [
    'rect({ layer: "core", … }) and polygon({ layer: "core", points: … }), µm, inside x, y ∈ [−1.1, 1.1]',
    'ports (fixed): 0.4 µm guides centred on each edge (west input, east through, north and south crossing)',
  ],
  materials: MATERIALS,
  tools: ['inverse_design', 'eme', 'mode'],
  probe_budget: 40,
  wall_clock_s: 7200,
  tolerance: 0.1,
  j_floor: 0.1,
  starter_source: `// The plain intersection: the two 0.4 µm guides continued straight through the window.
rect({ layer: 'core', x: [-1.1, 1.1], y: [-0.2, 0.2] });
rect({ layer: 'core', x: [-0.2, 0.2], y: [-1.1, 1.1] });
`,
  reference_source: `// Tapered crossing, from a small offline search (a (1+1) evolution strategy over the six half-widths
// below, scored by this evaluator at refinement 1): each arm flares from the 0.4 µm port to 0.8 µm
// just inside the window, which lets the beam cross the intersection nearly collimated, and narrows
// to 0.35–0.45 µm at the centre so the crossing guide's opening scatters little into it.
const station = [1.1, 0.9, 0.7, 0.5, 0.3, 0.1, 0];
const half = [0.2, 0.401, 0.353, 0.298, 0.375, 0.173, 0.219];
const xs = [...station.map((s) => -s), ...station.slice(0, -1).reverse()];
const hw = [...half, ...half.slice(0, -1).reverse()];
const arm = [...xs.map((x, k) => [x, hw[k]]), ...xs.map((x, k) => [x, -hw[k]]).reverse()];
polygon({ layer: 'core', points: arm });
polygon({ layer: 'core', points: arm.map(([x, y]) => [y, x]) });
`,
  read: (doc) => readLayout(doc, CROSSING),
  evaluate: measureCrossing,
};

// ---------------------------------------------------------------- 3. mode converter

const CONVERTER: LayoutSpec = {
  window: { x: [-1.2, 1.2], y: [-0.9, 0.9] },
  ports: [
    { name: 'in', side: 'west', guides: [{ centre: 0, width: 0.4 }] },
    { name: 'out', side: 'east', guides: [{ centre: 0, width: 1.0 }] },
  ],
  source: 'in',
};

function measureConverter(d: LayoutDesign, ctx: EvaluationContext): Evaluation {
  const r = solve(CONVERTER, d, ctx);
  const t1 = portPower(r, 'out', 1);
  const t0 = portPower(r, 'out', 0);
  const refl = reflection(r, 'in');
  const J = dB(t1);
  return {
    gates: [residualGate(r), passivityGate(r), dbGate('conversion-loss', 'the TE0 → TE1 conversion loss', t1, 3, 'loss'), dbGate('residual-te0', 'the power left in the output guide’s TE0', t0, -10, 'leak'), dbGate('reflection', 'the power reflected into the input guide', refl, -15, 'leak')],
    J,
    metrics: { T_out_te1: t1, T_out_te0: t0, conversion_loss_db: J, reflection: refl, power_total: r.total },
    map: fieldMap(r),
  };
}

export const modeConverter: DesignTaskDef<LayoutDesign> = {
  task_id: 'design-mode-converter-te0-te1',
  family: 'design',
  title: 'TE0 → TE1 mode converter',
  physics: 'fdfd',
  spec: {
    summary:
      'Convert the fundamental TE mode of a 0.4 µm input guide into the first-order (odd) TE mode of a 1.0 µm output guide within a 2.4 × 1.8 µm window, for mode-division multiplexing.',
    requirements: ['TE0 → TE1 conversion loss at most 3 dB.', 'Power remaining in the output guide’s TE0 at most −10 dB.', 'Power reflected into the input guide at most −15 dB.'],
    constraints: [
      'Design window x ∈ [−1.2, 1.2], y ∈ [−0.9, 0.9] µm. Input: a 0.4 µm guide centred on y = 0 at the west edge. Output: a 1.0 µm guide centred on y = 0 at the east edge (it guides TE0, TE1 and TE2; J projects onto its TE1).',
      ...COMMON_CONSTRAINTS,
    ],
    objective: { description: 'J = −10·log10(P_out,TE1 / P_in), the conversion loss into the output’s first-order mode', unit: 'dB' },
  },
  c: 1,
  c_basis: 'engineering scale: 1 dB conversion loss is the usual acceptance for a compact mode converter in a mode-multiplexed link',
  interface: [
    'rect({ layer: "core", … }) and polygon({ layer: "core", points: … }), µm, inside x ∈ [−1.2, 1.2], y ∈ [−0.9, 0.9]',
    'ports (fixed): in = 0.4 µm guide at the west edge on y = 0; out = 1.0 µm guide at the east edge on y = 0',
  ],
  materials: MATERIALS,
  tools: ['inverse_design', 'eme', 'mode'],
  probe_budget: 40,
  wall_clock_s: 7200,
  tolerance: 0.1,
  j_floor: 0.1,
  starter_source: `// A symmetric linear taper from the 0.4 µm input to the 1.0 µm output: by symmetry it feeds TE0, not TE1.
polygon({ layer: 'core', points: [[-1.2, -0.2], [1.2, -0.5], [1.2, 0.5], [-1.2, 0.2]] });
`,
  reference_source: `// Asymmetric bent taper, from a small offline search (a (1+1) evolution strategy over the centre line
// and width at five stations, started from an offset taper; scored by this evaluator at refinement 1).
// The guide swings up and widens unevenly, so the beam enters the 1.0 µm output off-centre and tilted,
// which excites mostly its odd mode (86 % here; the rest goes to TE0, TE2 and radiation).
polygon({ layer: 'core', points: [
  [-1.2, 0.2], [-0.8, 0.503], [-0.4, 0.594], [0, 0.547], [0.4, 0.444], [0.8, 0.581], [1.2, 0.5],
  [1.2, -0.5], [0.8, -0.273], [0.4, -0.157], [0, -0.016], [-0.4, -0.112], [-0.8, -0.045], [-1.2, -0.2],
] });
`,
  read: (doc) => readLayout(doc, CONVERTER),
  evaluate: measureConverter,
};

// ---------------------------------------------------------------- 4. reimplementation: Zhang et al. 2013 Y-junction

/** The published junction: 13 widths at equal steps over 2 µm (Zhang et al. 2013), 0.5 µm guides, output arms 0.2 µm apart. */
export const ZHANG_WIDTHS_UM = [0.5, 0.5, 0.6, 0.7, 0.9, 1.26, 1.4, 1.4, 1.4, 1.4, 1.31, 1.2, 1.2] as const;

const YJUNCTION: LayoutSpec = {
  window: { x: [0, 2], y: [-0.9, 0.9] },
  ports: [
    { name: 'in', side: 'west', guides: [{ centre: 0, width: 0.5 }] },
    {
      name: 'out',
      side: 'east',
      guides: [
        { centre: 0.35, width: 0.5 },
        { centre: -0.35, width: 0.5 },
      ],
    },
  ],
  source: 'in',
};

function measureY(d: LayoutDesign, ctx: EvaluationContext): Evaluation {
  const r = solve(YJUNCTION, d, ctx);
  const even = portPower(r, 'out', 0);
  const odd = portPower(r, 'out', 1);
  const refl = reflection(r, 'in');
  const J = dB(even);
  return {
    gates: [residualGate(r), passivityGate(r), dbGate('excess-loss', 'the excess loss into the arms’ even supermode', even, 3, 'loss'), dbGate('imbalance', 'the power in the arms’ odd supermode (splitting imbalance)', odd, -20, 'leak'), dbGate('reflection', 'the power reflected into the input guide', refl, -15, 'leak')],
    J,
    metrics: { T_even: even, T_odd: odd, excess_loss_db: J, reflection: refl, power_total: r.total },
    map: fieldMap(r),
  };
}

const zhangPoints = (): string => {
  const xs = ZHANG_WIDTHS_UM.map((_, k) => (2 * k) / (ZHANG_WIDTHS_UM.length - 1));
  const top = xs.map((x, k) => `[${Number(x.toFixed(6))}, ${(ZHANG_WIDTHS_UM[k] as number) / 2}]`);
  const bottom = xs.map((x, k) => `[${Number(x.toFixed(6))}, ${-(ZHANG_WIDTHS_UM[k] as number) / 2}]`).reverse();
  return [...top, ...bottom].join(', ');
};

export const zhangYJunction: DesignTaskDef<LayoutDesign> = {
  task_id: 'reimpl-y-junction-zhang2013',
  family: 'reimplementation',
  title: 'Compact Y-junction (Zhang et al., Opt. Express 2013)',
  physics: 'fdfd',
  spec: {
    summary:
      'Split the TE0 mode of a 0.5 µm silicon guide equally into two 0.5 µm output arms 0.2 µm apart, through a junction at most 2 µm long and 1.8 µm wide, with as little excess loss as possible.',
    requirements: ['Excess loss into the even supermode of the two arms at most 3 dB.', 'Power in the odd supermode (imbalance between the arms) at most −20 dB.', 'Power reflected into the input guide at most −15 dB.'],
    constraints: [
      'Design window x ∈ [0, 2], y ∈ [−0.9, 0.9] µm. Input: a 0.5 µm guide centred on y = 0 at the west edge (x = 0). Output: two 0.5 µm arms centred on y = ±0.35 µm at the east edge (x = 2), measured together as one port whose even supermode is the equal split.',
      ...COMMON_CONSTRAINTS,
    ],
    objective: { description: 'J = −10·log10(P_even / P_in): excess loss of the split, P_even the power in the even supermode of the two output arms', unit: 'dB' },
  },
  c: 0,
  c_basis: 'J of the published junction (13 widths over 2 µm, linear between them) as this evaluator scores it',
  citation: {
    doi: '10.1364/OE.21.001310',
    text: 'Y. Zhang, S. Yang, A. E.-J. Lim, G.-Q. Lo, C. Galland, T. Baehr-Jones and M. Hochberg, "A compact and low loss Y-junction for submicron silicon waveguide," Opt. Express 21(1), 1310–1316 (2013): a 2 µm junction whose widths at 13 equally spaced points are 0.5, 0.5, 0.6, 0.7, 0.9, 1.26, 1.4, 1.4, 1.4, 1.4, 1.31, 1.2, 1.2 µm, between 0.5 µm guides, output arms separated by 0.2 µm.',
  },
  interface: [
    'rect({ layer: "core", … }) and polygon({ layer: "core", points: … }), µm, inside x ∈ [0, 2], y ∈ [−0.9, 0.9]',
    'ports (fixed): in = 0.5 µm guide at x = 0 on y = 0; out = two 0.5 µm arms at x = 2 on y = ±0.35',
  ],
  materials: MATERIALS,
  tools: ['inverse_design', 'eme', 'mode'],
  probe_budget: 30,
  wall_clock_s: 7200,
  tolerance: 0.1,
  j_floor: 0.1,
  starter_source: `// A generic junction: a straight taper from the 0.5 µm input to the 1.2 µm span of the two arms.
polygon({ layer: 'core', points: [[0, -0.25], [2, -0.6], [2, 0.6], [0, 0.25]] });
`,
  reference_source: `// Zhang et al., Opt. Express 21, 1310 (2013), doi:10.1364/OE.21.001310: the published widths at 13
// equally spaced points over the 2 µm junction, joined by straight segments (a symmetric polygon).
polygon({ layer: 'core', points: [${zhangPoints()}] });
`,
  read: (doc) => readLayout(doc, YJUNCTION),
  evaluate: measureY,
};

export const FDFD_DESIGN_TASKS = [waveguideBend, waveguideCrossing, modeConverter] as const;
export const FDFD_REIMPLEMENTATION_TASKS = [zhangYJunction] as const;
export { BEND, CROSSING, CONVERTER, YJUNCTION };
