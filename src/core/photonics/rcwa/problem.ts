/**
 * The `grating` problem: diffraction by a 1D periodic (lamellar) grating stack, solved by RCWA.
 * Lengths in nm, angles in degrees, ridge positions as fractions of the period so a period change
 * keeps the fill factor. Every layer lists its ridges over a background (the groove material).
 */
import { z } from 'zod';
import { GRATING_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import { MaterialSpecSchema } from '../material-spec.ts';
import { checkWavelengthChoice, wavelengthFields } from '../wavelengths.ts';

/** Orders −N…N; 2N+1 = 401 harmonics is about 2 s per solve in WASM-less TypeScript. */
export const MAX_HARMONICS = 200;
export const MAX_GRATING_LAYERS = 50;

export const RidgeSchema = z
  .strictObject({
    from: z.number().finite().min(0).max(1).describe('ridge start, as a fraction of the period (0 ≤ from < to ≤ 1)'),
    to: z.number().finite().min(0).max(1).describe('ridge end, as a fraction of the period'),
    material: MaterialSpecSchema.describe('ridge material'),
  })
  .refine((r) => r.from < r.to, { message: 'a ridge needs from < to (fractions of the period)' });

export const GratingLayerSchema = z
  .strictObject({
    thickness_nm: z.number().finite().nonnegative().describe('layer thickness (grating depth for a patterned layer), nm'),
    background: MaterialSpecSchema.describe('material between the ridges (the grooves); the whole layer when there are no ridges'),
    ridges: z.array(RidgeSchema).max(20).default([]).describe('ridges within one period; none = a uniform film'),
  })
  .superRefine((layer, ctx) => {
    const sorted = [...layer.ridges].sort((a, b) => a.from - b.from);
    for (let i = 1; i < sorted.length; i++) {
      if ((sorted[i]?.from ?? 0) < (sorted[i - 1]?.to ?? 0)) ctx.addIssue({ code: 'custom', message: 'ridges in a layer must not overlap', path: ['ridges'] });
    }
  });

export const GratingProblemSchema = z
  .strictObject({
    kind: z.literal('grating').describe('diffraction by a 1D periodic grating stack (RCWA)'),
    period_nm: z.number().finite().positive().describe('grating period, nm'),
    cover: MaterialSpecSchema.describe('the incidence medium above the grating (must be lossless), e.g. air'),
    substrate: MaterialSpecSchema.describe('the semi-infinite medium below the stack'),
    layers: z.array(GratingLayerSchema).min(1).max(MAX_GRATING_LAYERS).describe('from the cover down to the substrate'),
    polarization: z.enum(['TE', 'TM', 'both']).describe('TE: E along the grooves (s); TM: H along the grooves (p); both'),
    angle_deg: z.number().finite().gt(-90).lt(90).default(0).describe('polar angle of incidence in the cover, degrees, in the plane of the grating vector'),
    harmonics: z
      .number()
      .int()
      .min(1)
      .max(MAX_HARMONICS)
      .default(20)
      .describe(`Fourier orders kept: −N…N (2N+1 harmonics). Efficiencies converge as N grows; metals and TM need more (at most ${MAX_HARMONICS}). ${GRATING_DEFAULT_ACCURACY}`),
    convergence_check: z
      .boolean()
      .default(true)
      .describe('also solve the first wavelength with about 60 % of the harmonics and warn when the efficiencies moved by more than 1e-3'),
    ...wavelengthFields,
  })
  .superRefine((p, ctx) => checkWavelengthChoice(p, ctx));

export type GratingProblem = z.infer<typeof GratingProblemSchema>;
export type GratingLayerSpec = z.infer<typeof GratingLayerSchema>;
