/**
 * The `mode` problem: guided modes of a waveguide cross-section. For now the structure is the
 * three-layer slab (substrate below, core, cover above), solved exactly from its dispersion
 * equation. `structure` is a union discriminated on `type` so a later issue can add 2-D channel
 * cross-sections beside it without changing the problem's shape.
 */
import { z } from 'zod';
import { SLAB_MODE_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import { MaterialSpecSchema } from '../material-spec.ts';
import { checkWavelengthChoice, wavelengthFields } from '../wavelengths.ts';
import { ChannelStructureSchema } from '../fdmode/problem.ts';

export const MAX_PROFILE_POINTS = 10_000;

/** The thickest core a slab problem takes (10 mm, ~10^4 guided orders per µm of wavelength). */
export const MAX_CORE_THICKNESS_NM = 1e7;

export const SlabStructureSchema = z
  .strictObject({
    type: z.literal('slab').describe('a planar three-layer slab: substrate (below), core, cover (above), infinite in y and z'),
    core: z
      .strictObject({
        material: MaterialSpecSchema.describe('core material: library name or literal {n, k}'),
        thickness_nm: z
          .number()
          .finite()
          .positive()
          // A core this thick is bulk material with millions of guided orders, not a waveguide; the
          // limit names the reason instead of solving (and listing) orders no one can use.
          .max(MAX_CORE_THICKNESS_NM, `a core thicker than ${MAX_CORE_THICKNESS_NM} nm (10 mm) is bulk material, not a slab waveguide: give the thickness in nm`)
          .describe('core thickness (the full height of the guiding layer), nm'),
      })
      .describe('the guiding layer'),
    cover: MaterialSpecSchema.describe('semi-infinite cladding above the core (e.g. air or SiO2)'),
    substrate: MaterialSpecSchema.describe('semi-infinite cladding below the core (e.g. the SiO2 buried oxide)'),
  })
  .describe(`three-layer slab waveguide. ${SLAB_MODE_DEFAULT_ACCURACY}`);

export const ModeStructureSchema = z.discriminatedUnion('type', [SlabStructureSchema, ChannelStructureSchema]).describe('the waveguide cross-section');

export const ModeProblemSchema = z
  .strictObject({
    kind: z.literal('mode').describe('guided modes of a waveguide'),
    structure: ModeStructureSchema,
    polarization: z
      .enum(['TE', 'TM', 'both'])
      .describe('TE: electric field along the slab plane (E_y); TM: magnetic field along it (H_y); both: TE and TM'),
    ...wavelengthFields,
    profile_points: z
      .number()
      .int()
      .min(3)
      .max(MAX_PROFILE_POINTS)
      .optional()
      .describe('if set, sample each mode field at this many points across substrate, core and cover (x in nm)'),
    allow_gain: z.boolean().optional().describe('accept gain media (k < 0); off by default, since k < 0 usually means a sign-convention slip'),
  })
  .superRefine((p, ctx) => checkWavelengthChoice(p, ctx));

export type ModeProblem = z.infer<typeof ModeProblemSchema>;
export type SlabStructure = z.infer<typeof SlabStructureSchema>;
