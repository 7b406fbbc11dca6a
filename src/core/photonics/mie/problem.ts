/**
 * The `scattering` problem: plane-wave scattering by a homogeneous or coated sphere in a non-absorbing
 * medium, solved by Mie theory. Field names carry their units. A sphere is given by its RADIUS (there
 * is deliberately no diameter field), and wavelengths are VACUUM wavelengths: the solver itself
 * divides by the medium's index (x = 2π n_medium r / λ0), so an agent must not pre-scale them.
 */
import { z } from 'zod';
import { MaterialSpecSchema } from '../material-spec.ts';

/** Most wavelengths in one problem (a list or a range). */
export const MAX_WAVELENGTHS = 10_000;

const length = (what: string) => z.number().positive().finite().describe(what);

/** Names the radius-vs-diameter trap when an unknown key looks like a diameter. */
const noDiameter = {
  error: (issue: { code?: string; keys?: readonly string[] }) =>
    issue.code === 'unrecognized_keys' && issue.keys?.some((k) => k.includes('diameter'))
      ? `unrecognized key(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}: spheres are given by their RADIUS ` +
        '(radius_nm, core_radius_nm = half the diameter), never a diameter'
      : undefined,
};

export const SphereSchema = z
  .strictObject(
    {
      shape: z.literal('sphere'),
      radius_nm: length('sphere RADIUS in nm (half the diameter; there is no diameter field)'),
      material: MaterialSpecSchema.describe('the sphere material: library name or literal {n, k} (n + ik, e^{-iωt})'),
    },
    noDiameter,
  )
  .describe('homogeneous sphere');

export const CoatedSphereSchema = z
  .strictObject(
    {
      shape: z.literal('coated_sphere'),
      core_radius_nm: z
        .number()
        .min(0)
        .finite()
        .describe('RADIUS of the core in nm (0 leaves a homogeneous sphere of shell material)'),
      shell_thickness_nm: z
        .number()
        .min(0)
        .finite()
        .describe('thickness of the shell in nm; the outer radius is core_radius_nm + shell_thickness_nm (0 leaves a bare core)'),
      core_material: MaterialSpecSchema.describe('core material: library name or literal {n, k} (n + ik, e^{-iωt})'),
      shell_material: MaterialSpecSchema.describe('shell material: library name or literal {n, k} (n + ik, e^{-iωt})'),
    },
    noDiameter,
  )
  .refine((p) => p.core_radius_nm + p.shell_thickness_nm > 0, {
    message: 'the outer radius core_radius_nm + shell_thickness_nm must be positive',
  })
  .describe('concentric core–shell sphere');

export const ParticleSchema = z
  .discriminatedUnion('shape', [SphereSchema, CoatedSphereSchema])
  .describe('the scatterer: "sphere" (radius_nm, material) or "coated_sphere" (core_radius_nm, shell_thickness_nm, core_material, shell_material)');

const WavelengthRangeSchema = z
  .strictObject({
    start: length('first vacuum wavelength, nm'),
    stop: length('last vacuum wavelength, nm (included)'),
    count: z.number().int().min(1).max(MAX_WAVELENGTHS).describe('number of evenly spaced wavelengths, start and stop included'),
  })
  .superRefine((r, ctx) => {
    if (r.count > 1 && r.stop === r.start) {
      ctx.addIssue({ code: 'custom', message: `stop equals start but count is ${r.count}; use count 1 for a single wavelength` });
    }
    if (r.count === 1 && r.stop !== r.start) {
      ctx.addIssue({ code: 'custom', message: 'count 1 with stop ≠ start is ambiguous; give count ≥ 2 or stop = start' });
    }
  })
  .describe('evenly spaced vacuum wavelengths in nm: start, stop (both included), count');

const WAVELENGTH_FIELDS = ['wavelength_nm', 'wavelengths_nm', 'wavelength_range_nm'] as const;

export const ScatteringProblemSchema = z
  .strictObject({
    kind: z.literal('scattering'),
    particle: ParticleSchema,
    medium: MaterialSpecSchema.default({ n: 1, k: 0 }).describe(
      'surrounding medium (default vacuum/air {n: 1, k: 0}); must be non-absorbing (k = 0): Mie theory for an ' +
        'absorbing host has no unique extinction cross-section',
    ),
    wavelength_nm: length('one VACUUM wavelength in nm (not the wavelength inside the medium)').optional(),
    wavelengths_nm: z
      .array(length('vacuum wavelength, nm'))
      .min(1)
      .max(MAX_WAVELENGTHS)
      .optional()
      .describe(`a list of VACUUM wavelengths in nm (at most ${MAX_WAVELENGTHS})`),
    wavelength_range_nm: WavelengthRangeSchema.optional(),
    allow_gain: z
      .boolean()
      .optional()
      .describe('accept k < 0 (optical gain) in the particle materials; otherwise such an index is refused as a likely sign-convention mistake'),
  })
  .superRefine((p, ctx) => {
    const given = WAVELENGTH_FIELDS.filter((f) => p[f] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message:
          given.length === 0
            ? 'give the vacuum wavelength(s): exactly one of wavelength_nm, wavelengths_nm or wavelength_range_nm'
            : `give exactly one of wavelength_nm, wavelengths_nm or wavelength_range_nm, not ${given.join(' and ')}`,
      });
    }
  })
  .describe(
    'Mie scattering by a sphere or coated sphere: Qext, Qsca, Qabs, Qback, g and cross-sections per vacuum wavelength. ' +
      'Exactly one of wavelength_nm, wavelengths_nm, wavelength_range_nm.',
  );

export type ScatteringProblem = z.infer<typeof ScatteringProblemSchema>;
export type Particle = z.infer<typeof ParticleSchema>;

/** The problem's vacuum wavelengths in nm, in the order given (a range runs from start to stop). */
export function scatteringWavelengths(p: ScatteringProblem): number[] {
  if (p.wavelength_nm !== undefined) return [p.wavelength_nm];
  if (p.wavelengths_nm !== undefined) return p.wavelengths_nm.slice();
  const r = p.wavelength_range_nm;
  if (r === undefined) return [];
  if (r.count === 1) return [r.start];
  const step = (r.stop - r.start) / (r.count - 1);
  return Array.from({ length: r.count }, (_, i) => (i === r.count - 1 ? r.stop : r.start + step * i));
}

/** Outer radius of the particle in nm (the radius the efficiencies are normalised by). */
export function outerRadiusNm(particle: Particle): number {
  return particle.shape === 'sphere' ? particle.radius_nm : particle.core_radius_nm + particle.shell_thickness_nm;
}
