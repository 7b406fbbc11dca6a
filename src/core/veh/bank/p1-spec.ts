/**
 * The P1 brief shown to the model (the shape of the paper's N.2 example): ranges for the six
 * design variables, the frequency target and tolerance, the power target, the excitation, the
 * stress/displacement limits and the materials — with fields removed, padded with distractors or
 * marked pending as the subtype requires. Key order is fixed.
 */
import { DESIGN_VARIABLES } from '../oracle.ts';
import type { SeededRng } from '../../stats/rng.ts';
import type { VariableBounds } from '../task-schema.ts';

export interface SpecValues {
  bounds: VariableBounds;
  target_frequency_hz: number;
  frequency_tolerance_pct: number;
  target_power_uw: number;
  excitation_acceleration_g: number;
  max_stress_mpa: number;
  max_disp_mm: number;
  damping_ratio: number;
  material: string;
  substrate: string;
}

/** Spec fields a subtype may withhold, in spec key order. */
export const SPEC_SCALARS = [
  'target_frequency_hz',
  'frequency_tolerance_pct',
  'target_power_uw',
  'excitation_acceleration_g',
  'max_stress_mpa',
  'max_disp_mm',
  'damping_ratio',
  'material',
  'substrate',
] as const;
export type SpecField = (typeof SPEC_SCALARS)[number];

export interface SpecOptions {
  omit?: readonly SpecField[];
  /** Extra (distractor) fields appended after the real ones. */
  extras?: Record<string, unknown>;
  /** Fields not yet known, with the range the brief states for them. */
  pending?: Record<string, { status: string; plausible_range: [number, number] }>;
}

export function buildSpec(v: SpecValues, options: SpecOptions = {}): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  for (const k of DESIGN_VARIABLES) spec[k] = [v.bounds[k][0], v.bounds[k][1]];
  for (const k of SPEC_SCALARS) if (!options.omit?.includes(k)) spec[k] = v[k];
  if (options.extras) Object.assign(spec, options.extras);
  if (options.pending) spec.pending = options.pending;
  return spec;
}

/** Irrelevant details a real brief might carry; they cannot change the verdict. */
const IRRELEVANT: readonly ((rng: SeededRng) => [string, unknown])[] = [
  (rng) => ['enclosure_color', rng.pick(['RAL 5015 sky blue', 'matte black', 'safety orange', 'light grey'])],
  (rng) => ['ambient_temperature_c', rng.pick([22, 30, 35, 45])],
  (rng) => ['mounting', rng.pick(['two M3 screws through the clamp block', 'adhesive pad on a steel bracket', 'DIN-rail clip'])],
  (rng) => ['ip_rating', rng.pick(['IP54', 'IP65', 'IP67'])],
  (rng) => ['cable_length_m', rng.pick([0.5, 1, 1.5, 3])],
  (rng) => ['firmware_language', rng.pick(['C', 'Rust', 'MicroPython'])],
];

/** Misleading remarks: they sound decisive but carry no physics (the oracle decides). */
const MISLEADING = [
  'A vendor told us this target is impossible at this size.',
  'A previous aluminium prototype reached only half of the target power, so this is probably hopeless.',
  'Our intern computed that the beam will break long before reaching the target; please double-check.',
  'Someone mentioned that PZT cannot work below 100 Hz.',
  'The last design review concluded that a unimorph can never deliver microwatts.',
] as const;

/** Two or three irrelevant fields and one misleading note, in a random but seeded selection. */
export function redHerrings(rng: SeededRng): Record<string, unknown> {
  const count = 2 + rng.int(2);
  const chosen = rng.shuffle(IRRELEVANT).slice(0, count);
  const extras: Record<string, unknown> = {};
  for (const make of chosen) {
    const [k, val] = make(rng);
    extras[k] = val;
  }
  extras.note = rng.pick(MISLEADING);
  return extras;
}
