/**
 * The `dda` problem: scattering by an arbitrary particle (sphere, cube, rod, ellipsoid, dimer) by
 * the discrete dipole approximation, at one vacuum wavelength, incidence along a lattice axis. Field
 * names carry their units; the medium must be non-absorbing (cross sections are defined in it).
 */
import { z } from 'zod';
import { DDA_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import { MaterialSpecSchema } from '../material-spec.ts';

/** Above this the solve is refused: memory grows with the zero-padded FFT grid (about 8× the box). */
export const MAX_DIPOLES = 60_000;
/** Padded FFT grid points above which the solve is refused (≈ 100 MB of tensor and field buffers). */
export const MAX_FFT_POINTS = 128 * 64 * 64;

const length = (what: string) => z.number().positive().finite().describe(what);

export const DdaParticleSchema = z
  .discriminatedUnion('shape', [
    z.strictObject({ shape: z.literal('sphere'), radius_nm: length('sphere RADIUS, nm') }),
    z.strictObject({ shape: z.literal('cube'), edge_nm: length('cube edge, nm (faces normal to x, y, z)') }),
    z.strictObject({ shape: z.literal('rod'), radius_nm: length('cylinder RADIUS, nm'), length_nm: length('cylinder length along z, nm') }),
    z.strictObject({
      shape: z.literal('ellipsoid'),
      semi_axes_nm: z.tuple([length('semi-axis along x, nm'), length('semi-axis along y, nm'), length('semi-axis along z, nm')]),
    }),
    z.strictObject({
      shape: z.literal('dimer'),
      radius_nm: length('RADIUS of each of the two equal spheres, nm'),
      gap_nm: z.number().finite().nonnegative().describe('surface-to-surface gap between the spheres, nm; the spheres sit on the x axis'),
    }),
  ])
  .describe('the particle, centred at the origin: sphere, cube, rod (cylinder along z), ellipsoid (semi-axes along x, y, z) or dimer (two spheres on the x axis)');

const axis = z.enum(['x', 'y', 'z']);

export const DdaProblemSchema = z
  .strictObject({
    kind: z.literal('dda').describe('discrete dipole approximation: cross sections of an arbitrary particle'),
    particle: DdaParticleSchema,
    material: MaterialSpecSchema.describe('the particle material: library name, literal {n, k} (n + ik, e^{-iωt}) or a model'),
    medium: MaterialSpecSchema.default({ n: 1, k: 0 }).describe('surrounding medium (default vacuum {n: 1, k: 0}); must be non-absorbing'),
    wavelength_nm: length('vacuum wavelength, nm'),
    dipoles_across: z
      .number()
      .int()
      .min(2)
      .max(256)
      .default(16)
      .describe(`dipoles along the particle’s largest extent (ADDA’s -grid); keep |m|kd below 1, i.e. at least ~10 dipoles per wavelength inside the particle. ${DDA_DEFAULT_ACCURACY}`),
    propagation: axis.default('z').describe('incidence direction (+x, +y or +z)'),
    polarization: axis.default('x').describe('incident electric field direction; must differ from propagation'),
    polarizability: z.enum(['ldr', 'cm', 'rr']).default('ldr').describe('ldr: lattice dispersion relation (Draine & Goodman 1993, ADDA default); cm: Clausius–Mossotti; rr: CM with radiative reaction'),
    tolerance: z.number().min(1e-12).max(1e-2).default(1e-5).describe('stop when ‖b − Ax‖/‖b‖ is below this (ADDA: 1e-5)'),
    max_iterations: z.number().int().min(1).max(100_000).default(3000).describe('iteration cap of the COCG solver'),
  })
  .refine((p) => p.propagation !== p.polarization, { message: 'polarization must be perpendicular to propagation (pick a different axis)', path: ['polarization'] })
  .describe('DDA: Qext, Qabs, Qsca (Q = C/πr_eq², r_eq the volume-equivalent radius) at one vacuum wavelength; spheres are also compared with Mie theory');

export type DdaProblem = z.infer<typeof DdaProblemSchema>;
