/**
 * Object-level API of the VEH oracle: zod schemas for requests in task units, domain checks
 * with clear messages, packing into the flat layout every backend shares, and unpacking results.
 */
import { z } from 'zod';
import { IN, INPUT_STRIDE, OUT, OUTPUT_STRIDE } from './oracle-layout.ts';
import { resolvePiezo, resolveSubstrate, type PiezoId, type PiezoMaterial, type SubstrateId, type SubstrateMaterial } from './materials.ts';

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
export type EnvironmentInput = z.input<typeof EnvironmentSchema>;

/** Limits of the four feasibility constraints; omitted limits take the paper's defaults. */
export const LimitsSchema = z.strictObject({
  max_stress_mpa: positive('max_stress_mpa', 'MPa').default(50),
  max_disp_mm: positive('max_disp_mm', 'mm').default(5),
  max_freq_error_pct: positive('max_freq_error_pct', '%').default(5),
  min_power_uw: nonNegative('min_power_uw', 'µW').default(1),
});
export type Limits = z.infer<typeof LimitsSchema>;
export const CONSTRAINT_NAMES = ['max_stress_mpa', 'max_disp_mm', 'max_freq_error_pct', 'min_power_uw'] as const;
export type ConstraintName = (typeof CONSTRAINT_NAMES)[number];

/** Constraints as the paper's task files write them: a list of {name, limit}. */
export const ConstraintListSchema = z.array(z.strictObject({ name: z.enum(CONSTRAINT_NAMES), limit: z.number() }));
export type ConstraintList = z.infer<typeof ConstraintListSchema>;

export const OracleRequestSchema = z.strictObject({
  design: VehDesignSchema,
  excitation: ExcitationSchema,
  environment: EnvironmentSchema.default({ piezo_material: 'PZT-5A', substrate_material: 'stainless_steel', damping_ratio: 0.01 }),
  constraints: z
    .union([LimitsSchema, ConstraintListSchema.transform((list) => Object.fromEntries(list.map((c) => [c.name, c.limit])))])
    .pipe(LimitsSchema)
    .default({ max_stress_mpa: 50, max_disp_mm: 5, max_freq_error_pct: 5, min_power_uw: 1 }),
});
export type OracleRequestInput = z.input<typeof OracleRequestSchema>;
export type OracleRequest = z.infer<typeof OracleRequestSchema>;

export interface OracleResult {
  resonant_freq_hz: number;
  load_power_uw: number;
  tip_stress_mpa: number;
  tip_disp_mm: number;
  freq_error_pct: number;
  slack_stress_mpa: number;
  slack_disp_mm: number;
  slack_freq_pct: number;
  slack_power_uw: number;
  feasible: boolean;
  effective_mass_kg: number;
  bending_stiffness_nm2: number;
  coupling_coefficient: number;
  internal_capacitance_f: number;
  neutral_axis_m: number;
  load_voltage_v: number;
}

export interface ResolvedEnvironment {
  piezo: PiezoId;
  substrate: SubstrateId;
  damping_ratio: number;
}

export class OracleInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OracleInputError';
  }
}

/** Parses and checks a request; throws OracleInputError naming every problem. */
export function parseOracleRequest(raw: unknown): OracleRequest {
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
