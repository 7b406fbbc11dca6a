/**
 * Object-level API of the closed-form circuit oracle: families and their design variables, zod
 * schemas for requests in task units, packing into the flat layout every backend shares, unpacking
 * results, the pure `evaluateCircuit` reference, and the async `CircuitOracle` interface the
 * protocol and runner use (same shape as VehOracle, so a worker can sit behind it).
 */
import { z } from 'zod';
import { echo } from '../echo.ts';
import { unknownConstraintName } from '../constraint-names.ts';
import { CIN, CIRCUIT_INPUT_STRIDE, CIRCUIT_OUTPUT_STRIDE, COUT, FAMILY_CODE } from './oracle-layout.ts';
import { evaluateCircuitInto } from './oracle-reference.ts';

export const CIRCUIT_FAMILIES = ['rc_lowpass', 'rl_lowpass', 'rlc_bandpass', 'divider'] as const;
export const CircuitFamilySchema = z.enum(CIRCUIT_FAMILIES);
export type CircuitFamily = z.infer<typeof CircuitFamilySchema>;

/** Design variables of each family, in the order the flat layout packs them (x0, x1, x2). */
export const FAMILY_VARIABLES = {
  rc_lowpass: ['r_ohm', 'c_nf'],
  rl_lowpass: ['r_ohm', 'l_mh'],
  rlc_bandpass: ['r_ohm', 'l_mh', 'c_nf'],
  divider: ['r1_ohm', 'r2_ohm'],
} as const satisfies Record<CircuitFamily, readonly string[]>;

/** What `target_value` means for each family, with its unit (the quantity the spec's target pins). */
export const FAMILY_TARGET = {
  rc_lowpass: { quantity: 'cutoff_hz', unit: 'Hz' },
  rl_lowpass: { quantity: 'cutoff_hz', unit: 'Hz' },
  rlc_bandpass: { quantity: 'center_hz', unit: 'Hz' },
  divider: { quantity: 'vout_v', unit: 'V' },
} as const satisfies Record<CircuitFamily, { quantity: string; unit: string }>;

const required = (name: string, what: string) => (iss: { code?: string; input?: unknown }) =>
  iss.code !== 'invalid_type' ? undefined : iss.input === undefined ? `${name} is required` : `${name} must be ${what}`;
const finite = (name: string) => z.number({ error: required(name, 'a number') }).refine(Number.isFinite, `${name} must be finite`);
const positive = (name: string) => finite(name).refine((v) => v > 0, `${name} must be > 0`);
const nonNegative = (name: string) => finite(name).refine((v) => v >= 0, `${name} must be ≥ 0`);

/** A design: the family's variables (r_ohm, c_nf, l_mh, r1_ohm, r2_ohm), each > 0. Keys are checked per family. */
export const CircuitDesignSchema = z.record(z.string(), positive('design value'));
export type CircuitDesign = Record<string, number>;

/** Fixed operating context of a task: source amplitude, target, parasitics and load. */
export const CircuitContextSchema = z.strictObject({
  /** Source amplitude in V (treated as the rms value for power). */
  vin_v: positive('vin_v'),
  /** Target of the family's primary quantity (FAMILY_TARGET): Hz for filters, V for the divider. */
  target_value: positive('target_value'),
  /** Worst-case stray capacitance across C (rc, rlc), pF. */
  stray_pf: nonNegative('stray_pf').default(0),
  /** Inter-winding capacitance of the inductor (rl), pF. */
  winding_pf: nonNegative('winding_pf').default(0),
  /** Load across R2 (divider), Ω; null = unloaded. */
  load_ohm: positive('load_ohm').nullable().default(null),
});
export type CircuitContext = z.infer<typeof CircuitContextSchema>;

/** Constraint names; `min_q` is a lower limit, the rest are upper limits. An omitted constraint is not enforced. */
export const CIRCUIT_CONSTRAINT_NAMES = [
  'max_target_error_pct',
  'max_source_current_ma',
  'max_power_mw',
  'max_tolerance_shift_pct',
  'min_q',
] as const;
export const CircuitConstraintNameSchema = z.enum(CIRCUIT_CONSTRAINT_NAMES);
export type CircuitConstraintName = z.infer<typeof CircuitConstraintNameSchema>;

export const CircuitLimitsSchema = z.strictObject({
  max_target_error_pct: positive('max_target_error_pct').optional(),
  max_source_current_ma: positive('max_source_current_ma').optional(),
  max_power_mw: positive('max_power_mw').optional(),
  max_tolerance_shift_pct: positive('max_tolerance_shift_pct').optional(),
  min_q: nonNegative('min_q').optional(),
});
export type CircuitLimits = z.infer<typeof CircuitLimitsSchema>;

/** Constraints as task files write them: a list of {name, limit}. */
export const CircuitConstraintListSchema = z.array(z.strictObject({ name: CircuitConstraintNameSchema, limit: z.number() }));
export type CircuitConstraintList = z.infer<typeof CircuitConstraintListSchema>;

const limitsRecord = (list: CircuitConstraintList): Record<string, number> => Object.fromEntries(list.map((c) => [c.name, c.limit]));

/** Limits from a constraint list; throws on an invalid limit. */
export function circuitLimitsFromList(list: CircuitConstraintList): CircuitLimits {
  return CircuitLimitsSchema.parse(limitsRecord(list));
}

export const CircuitRequestSchema = z.strictObject({
  family: CircuitFamilySchema,
  design: CircuitDesignSchema,
  context: CircuitContextSchema,
  constraints: z
    .union([CircuitLimitsSchema, CircuitConstraintListSchema.transform(limitsRecord)])
    .pipe(CircuitLimitsSchema)
    .default({}),
});
export type CircuitRequestInput = z.input<typeof CircuitRequestSchema>;
export type CircuitRequest = z.infer<typeof CircuitRequestSchema>;

const num = z.number();
/** Slacks are limit − value (min_q: value − limit); null when the constraint is not enforced. */
export const CircuitResultSchema = z.strictObject({
  family: CircuitFamilySchema,
  target_value: num,
  target_error_pct: num,
  source_current_ma: num,
  power_mw: num,
  tolerance_shift_pct: num,
  /** Quality factor (rlc); 0 for the first-order filters and the divider, where Q is not defined. */
  q_factor: num,
  /** −3 dB bandwidth: fc for the low-pass filters, f0/Q for rlc, 0 for the divider. */
  bandwidth_hz: num,
  slacks: z.strictObject({
    max_target_error_pct: num.nullable(),
    max_source_current_ma: num.nullable(),
    max_power_mw: num.nullable(),
    max_tolerance_shift_pct: num.nullable(),
    min_q: num.nullable(),
  }),
  feasible: z.boolean(),
});
export type CircuitResult = z.infer<typeof CircuitResultSchema>;

export class CircuitInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CircuitInputError';
  }
}

/** Problems with a design's keys for its family (missing or unknown variables). */
export function designProblems(family: CircuitFamily, design: Record<string, unknown>): string[] {
  const vars: readonly string[] = FAMILY_VARIABLES[family];
  const problems = vars.filter((v) => !(v in design)).map((v) => `design.${v} is required for ${family}`);
  for (const k of Object.keys(design)) {
    if (!vars.includes(k)) problems.push(`design.${k} is not a ${family} variable (expected ${vars.join(', ')})`);
  }
  return problems;
}

/** Parses and checks a request; throws CircuitInputError naming every problem. */
export function parseCircuitRequest(raw: unknown): CircuitRequest {
  const parsed = CircuitRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const unknown = unknownConstraintName(raw, CIRCUIT_CONSTRAINT_NAMES);
    if (unknown !== null) throw new CircuitInputError(`invalid circuit request: constraints: unknown constraint "${echo(unknown)}"; known: ${CIRCUIT_CONSTRAINT_NAMES.join(', ')}`);
    const problems = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
    throw new CircuitInputError(`invalid circuit request: ${problems.join('; ')}`);
  }
  const problems = designProblems(parsed.data.family, parsed.data.design);
  if (problems.length > 0) throw new CircuitInputError(`invalid circuit request: ${problems.join('; ')}`);
  return parsed.data;
}

/** Writes one (parsed) request into `buf` at slot `index`. */
export function packCircuitRequest(req: CircuitRequest, buf: Float64Array, index: number): void {
  const o = index * CIRCUIT_INPUT_STRIDE;
  const vars = FAMILY_VARIABLES[req.family];
  buf[o + CIN.family] = FAMILY_CODE[req.family];
  buf[o + CIN.x0] = req.design[vars[0]] ?? Number.NaN;
  buf[o + CIN.x1] = req.design[vars[1]] ?? Number.NaN;
  buf[o + CIN.x2] = vars.length > 2 ? (req.design[vars[2] as string] ?? Number.NaN) : 0;
  buf[o + CIN.vinV] = req.context.vin_v;
  buf[o + CIN.target] = req.context.target_value;
  buf[o + CIN.strayPf] = req.context.stray_pf;
  buf[o + CIN.windingPf] = req.context.winding_pf;
  buf[o + CIN.loadOhm] = req.context.load_ohm ?? 0;
  const c = req.constraints;
  buf[o + CIN.maxTargetErrorPct] = c.max_target_error_pct ?? Infinity;
  buf[o + CIN.maxSourceCurrentMa] = c.max_source_current_ma ?? Infinity;
  buf[o + CIN.maxPowerMw] = c.max_power_mw ?? Infinity;
  buf[o + CIN.maxToleranceShiftPct] = c.max_tolerance_shift_pct ?? Infinity;
  buf[o + CIN.minQ] = c.min_q ?? -Infinity;
}

const slackOrNull = (v: number): number | null => (Number.isFinite(v) ? v : null);
const FAMILY_BY_CODE = CIRCUIT_FAMILIES;

/** Reads slot `index` of an output buffer into a result object (full precision). */
export function unpackCircuitResult(out: Float64Array, index: number, family: CircuitFamily): CircuitResult {
  const o = index * CIRCUIT_OUTPUT_STRIDE;
  const v = (k: number): number => out[o + k] as number;
  return {
    family,
    target_value: v(COUT.targetValue),
    target_error_pct: v(COUT.targetErrorPct),
    source_current_ma: v(COUT.sourceCurrentMa),
    power_mw: v(COUT.powerMw),
    tolerance_shift_pct: v(COUT.toleranceShiftPct),
    q_factor: v(COUT.qFactor),
    bandwidth_hz: v(COUT.bandwidthHz),
    slacks: {
      max_target_error_pct: slackOrNull(v(COUT.slackTargetErrorPct)),
      max_source_current_ma: slackOrNull(v(COUT.slackSourceCurrentMa)),
      max_power_mw: slackOrNull(v(COUT.slackPowerMw)),
      max_tolerance_shift_pct: slackOrNull(v(COUT.slackToleranceShiftPct)),
      min_q: slackOrNull(v(COUT.slackQ)),
    },
    feasible: v(COUT.feasible) === 1,
  };
}

/** The family whose code sits in a packed slot (for callers that only hold the buffer). */
export function familyOfCode(code: number): CircuitFamily {
  const f = FAMILY_BY_CODE[code];
  if (f === undefined) throw new CircuitInputError(`unknown circuit family code ${code}`);
  return f;
}

/** Pure reference evaluation of one parsed request (no backend, no WASM). */
export function evaluateCircuit(request: CircuitRequest): CircuitResult {
  const input = new Float64Array(CIRCUIT_INPUT_STRIDE);
  const out = new Float64Array(CIRCUIT_OUTPUT_STRIDE);
  packCircuitRequest(request, input, 0);
  evaluateCircuitInto(input, 0, out, 0);
  return unpackCircuitResult(out, 0, request.family);
}

/** Async so the page can run the oracle in a worker; Node calls WASM directly behind the same shape. */
export interface CircuitOracle {
  readonly backendId: string;
  evaluate(request: CircuitRequest): Promise<CircuitResult>;
  evaluateMany(requests: readonly CircuitRequest[]): Promise<CircuitResult[]>;
}
