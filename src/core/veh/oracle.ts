/**
 * Object-level API of the VEH oracle: zod schemas for requests in task units, domain checks
 * with clear messages, packing into the flat layout every backend shares, and unpacking results.
 */
import { z } from 'zod';
import { IN, INPUT_STRIDE, OUT, OUTPUT_STRIDE } from './oracle-layout.ts';
import { resolvePiezo, resolveSubstrate, type PiezoMaterial, type SubstrateMaterial } from './materials.ts';
import { echo } from '../echo.ts';
import { unknownConstraintName } from '../constraint-names.ts';

export const DESIGN_VARIABLES = [
  'beam_length_mm',
  'beam_width_mm',
  'substrate_thickness_um',
  'piezo_thickness_um',
  'tip_mass_g',
  'load_resistance_ohm',
] as const;
export type DesignVariable = (typeof DESIGN_VARIABLES)[number];

/** Type errors name the field and what it must be; other issues (unknown keys…) keep zod's message. */
const required = (name: string, what: string) => (iss: { code?: string; input?: unknown }) =>
  iss.code !== 'invalid_type' ? undefined : iss.input === undefined ? `${name} is required` : `${name} must be ${what}`;
const finite = (name: string) => z.number({ error: required(name, 'a number') }).refine(Number.isFinite, `${name} must be finite`);
const positive = (name: string, unit: string) => finite(name).refine((v) => v > 0, `${name} must be > 0 ${unit}`);
const nonNegative = (name: string, unit: string) => finite(name).refine((v) => v >= 0, `${name} must be ≥ 0 ${unit}`);

export const VehDesignSchema = z.strictObject(
  {
  beam_length_mm: positive('beam_length_mm', 'mm'),
  beam_width_mm: positive('beam_width_mm', 'mm'),
  substrate_thickness_um: positive('substrate_thickness_um', 'µm'),
  piezo_thickness_um: positive('piezo_thickness_um', 'µm'),
  tip_mass_g: nonNegative('tip_mass_g', 'g'),
  load_resistance_ohm: positive('load_resistance_ohm', 'Ω'),
  },
  { error: required('design', 'an object with beam_length_mm, beam_width_mm, substrate_thickness_um, piezo_thickness_um, tip_mass_g, load_resistance_ohm') },
);
export type VehDesign = z.infer<typeof VehDesignSchema>;

export const ExcitationSchema = z.strictObject(
  {
    frequency_hz: positive('frequency_hz', 'Hz'),
    acceleration_g: nonNegative('acceleration_g', 'g'),
  },
  { error: required('excitation', 'an object {frequency_hz, acceleration_g}') },
);
export type Excitation = z.infer<typeof ExcitationSchema>;

export const EnvironmentSchema = z.strictObject({
  piezo_material: z.string().default('PZT-5A'),
  substrate_material: z.string().default('stainless_steel'),
  damping_ratio: nonNegative('damping_ratio', '').default(0.01),
});
export const DEFAULT_ENVIRONMENT = EnvironmentSchema.parse({});

/** Limits of the four feasibility constraints; omitted limits take the paper's defaults. */
export const LimitsSchema = z.strictObject({
  max_stress_mpa: positive('max_stress_mpa', 'MPa').default(50),
  max_disp_mm: positive('max_disp_mm', 'mm').default(5),
  max_freq_error_pct: positive('max_freq_error_pct', '%').default(5),
  min_power_uw: nonNegative('min_power_uw', 'µW').default(1),
});
export type Limits = z.infer<typeof LimitsSchema>;
/** The paper's default limits (50 MPa, 5 mm, ±5 %, 1 µW). */
export const DEFAULT_LIMITS: Limits = LimitsSchema.parse({});
export const CONSTRAINT_NAMES = ['max_stress_mpa', 'max_disp_mm', 'max_freq_error_pct', 'min_power_uw'] as const;

/** Constraints as the paper's task files write them: a list of {name, limit}. */
export const ConstraintListSchema = z.array(z.strictObject({ name: z.enum(CONSTRAINT_NAMES), limit: z.number() }));
export type ConstraintList = z.infer<typeof ConstraintListSchema>;

/** A constraint list as an object keyed by constraint name (not yet checked against LimitsSchema). */
const limitsRecord = (list: ConstraintList): Record<string, number> => Object.fromEntries(list.map((c) => [c.name, c.limit]));

/** Limits from a constraint list; constraints the list omits take the defaults. Throws on an invalid limit. */
export function limitsFromList(list: ConstraintList): Limits {
  return LimitsSchema.parse(limitsRecord(list));
}

export const OracleRequestSchema = z.strictObject({
  design: VehDesignSchema,
  excitation: ExcitationSchema,
  environment: EnvironmentSchema.default(DEFAULT_ENVIRONMENT),
  // The transform only reshapes the list; the pipe checks it, so a bad limit is a parse issue, not a throw.
  constraints: z.union([LimitsSchema, ConstraintListSchema.transform(limitsRecord)]).pipe(LimitsSchema).default(DEFAULT_LIMITS),
});
export type OracleRequestInput = z.input<typeof OracleRequestSchema>;
export type OracleRequest = z.infer<typeof OracleRequestSchema>;

const num = z.number();
export const OracleResultSchema = z.strictObject({
  resonant_freq_hz: num,
  load_power_uw: num,
  tip_stress_mpa: num,
  tip_disp_mm: num,
  freq_error_pct: num,
  slack_stress_mpa: num,
  slack_disp_mm: num,
  slack_freq_pct: num,
  slack_power_uw: num,
  feasible: z.boolean(),
  effective_mass_kg: num,
  bending_stiffness_nm2: num,
  coupling_coefficient: num,
  internal_capacitance_f: num,
  neutral_axis_m: num,
  load_voltage_v: num,
});
export type OracleResult = z.infer<typeof OracleResultSchema>;

export class OracleInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OracleInputError';
  }
}

/** Parses and checks a request; throws OracleInputError naming every problem. */
export function parseOracleRequest(raw: unknown): OracleRequest {
  const unknown = unknownConstraintName(raw, CONSTRAINT_NAMES);
  if (unknown !== null) throw new OracleInputError(`invalid oracle request: constraints: unknown constraint "${echo(unknown)}"; known: ${CONSTRAINT_NAMES.join(', ')}`);
  const parsed = OracleRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
    throw new OracleInputError(`invalid oracle request: ${problems.join('; ')}`);
  }
  // Resolve materials now so an unknown name fails with the list of known ones.
  try {
    resolvePiezo(parsed.data.environment.piezo_material);
    resolveSubstrate(parsed.data.environment.substrate_material);
  } catch (e) {
    throw new OracleInputError((e as Error).message);
  }
  return parsed.data;
}

/** Writes the material constants of one slot (starting at element offset `o`) in the flat layout. */
export function packMaterials(buf: Float64Array, o: number, piezo: PiezoMaterial, sub: SubstrateMaterial): void {
  buf[o + IN.d31] = piezo.d31;
  buf[o + IN.eps33Rel] = piezo.eps33Rel;
  buf[o + IN.piezoModulusPa] = piezo.modulusPa;
  buf[o + IN.piezoDensity] = piezo.density;
  buf[o + IN.substrateModulusPa] = sub.modulusPa;
  buf[o + IN.substrateDensity] = sub.density;
}

/** Writes one request into `buf` at slot `index` (INPUT_STRIDE doubles per slot). */
export function packRequest(req: OracleRequest, buf: Float64Array, index: number): void {
  const piezo = resolvePiezo(req.environment.piezo_material);
  const sub = resolveSubstrate(req.environment.substrate_material);
  const o = index * INPUT_STRIDE;
  const d = req.design;
  buf[o + IN.beamLengthMm] = d.beam_length_mm;
  buf[o + IN.beamWidthMm] = d.beam_width_mm;
  buf[o + IN.substrateThicknessUm] = d.substrate_thickness_um;
  buf[o + IN.piezoThicknessUm] = d.piezo_thickness_um;
  buf[o + IN.tipMassG] = d.tip_mass_g;
  buf[o + IN.loadResistanceOhm] = d.load_resistance_ohm;
  buf[o + IN.frequencyHz] = req.excitation.frequency_hz;
  buf[o + IN.accelerationG] = req.excitation.acceleration_g;
  packMaterials(buf, o, piezo, sub);
  buf[o + IN.dampingRatio] = req.environment.damping_ratio;
  buf[o + IN.maxStressMpa] = req.constraints.max_stress_mpa;
  buf[o + IN.maxDispMm] = req.constraints.max_disp_mm;
  buf[o + IN.maxFreqErrorPct] = req.constraints.max_freq_error_pct;
  buf[o + IN.minPowerUw] = req.constraints.min_power_uw;
}

/** Reads slot `index` of a backend's output buffer into a result object (full precision). */
export function unpackResult(out: Float64Array, index: number): OracleResult {
  const o = index * OUTPUT_STRIDE;
  const v = (k: number): number => out[o + k] as number;
  return {
    resonant_freq_hz: v(OUT.resonantFreqHz),
    load_power_uw: v(OUT.loadPowerUw),
    tip_stress_mpa: v(OUT.tipStressMpa),
    tip_disp_mm: v(OUT.tipDispMm),
    freq_error_pct: v(OUT.freqErrorPct),
    slack_stress_mpa: v(OUT.slackStressMpa),
    slack_disp_mm: v(OUT.slackDispMm),
    slack_freq_pct: v(OUT.slackFreqPct),
    slack_power_uw: v(OUT.slackPowerUw),
    feasible: v(OUT.feasible) === 1,
    effective_mass_kg: v(OUT.effectiveMassKg),
    bending_stiffness_nm2: v(OUT.bendingStiffnessNm2),
    coupling_coefficient: v(OUT.couplingCoefficient),
    internal_capacitance_f: v(OUT.internalCapacitanceF),
    neutral_axis_m: v(OUT.neutralAxisM),
    load_voltage_v: v(OUT.loadVoltageV),
  };
}
