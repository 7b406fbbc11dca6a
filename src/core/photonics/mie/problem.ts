/**
 * The `scattering` problem: plane-wave scattering by a homogeneous or coated sphere in a non-absorbing
 * medium, solved by Mie theory. Field names carry their units. A sphere is given by its RADIUS (there
 * is deliberately no diameter field), and wavelengths are VACUUM wavelengths: the solver itself
 * divides by the medium's index (x = 2π n_medium r / λ0), so an agent must not pre-scale them.
 */
import { z } from 'zod';
import { MaterialSpecSchema } from '../material-spec.ts';
import { checkWavelengthChoice, wavelengthFields, wavelengthGrid } from '../wavelengths.ts';

export { MAX_WAVELENGTHS } from '../wavelengths.ts';

/** The most multipole orders a problem may ask for (visible-range nanoparticles need a handful). */
export const MAX_MULTIPOLE_ORDERS = 40;

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

export const ScatteringProblemSchema = z
  .strictObject({
    kind: z.literal('scattering'),
    particle: ParticleSchema,
    medium: MaterialSpecSchema.default({ n: 1, k: 0 }).describe(
      'surrounding medium (default vacuum/air {n: 1, k: 0}); must be non-absorbing (k = 0): Mie theory for an ' +
        'absorbing host has no unique extinction cross-section',
    ),
    ...wavelengthFields,
    multipole_orders: z
      .number()
      .int()
      .min(1)
      .max(MAX_MULTIPOLE_ORDERS)
      .optional()
      .describe(
        'homogeneous spheres only: also return the first N Mie coefficients aₙ (electric 2ⁿ-pole: n = 1 dipole, 2 quadrupole) and bₙ ' +
          '(magnetic 2ⁿ-pole) and their scattering efficiencies (2/x²)(2n+1)|aₙ|², (2/x²)(2n+1)|bₙ|², per wavelength',
      ),
    allow_gain: z
      .boolean()
      .optional()
      .describe('accept k < 0 (optical gain) in the particle materials; otherwise such an index is refused as a likely sign-convention mistake'),
  })
  .superRefine((p, ctx) => checkWavelengthChoice(p, ctx))
  .describe(
    'Mie scattering by a sphere or coated sphere: Qext, Qsca, Qabs, Qback, g and cross-sections per vacuum wavelength. ' +
      'Exactly one of wavelength_nm, wavelengths_nm, wavelength_range_nm.',
  );

export type ScatteringProblem = z.infer<typeof ScatteringProblemSchema>;
export type Particle = z.infer<typeof ParticleSchema>;

/** The problem's vacuum wavelengths in nm, in the order given (a range runs from start to stop). */
export function scatteringWavelengths(p: ScatteringProblem): number[] {
  return wavelengthGrid(p);
}

/** Outer radius of the particle in nm (the radius the efficiencies are normalised by). */
export function outerRadiusNm(particle: Particle): number {
  return particle.shape === 'sphere' ? particle.radius_nm : particle.core_radius_nm + particle.shell_thickness_nm;
}
