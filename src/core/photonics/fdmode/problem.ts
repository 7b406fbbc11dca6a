/**
 * The `channel` structure of a `mode` problem: a 2-D waveguide cross-section (strip, rib or slot
 * on a substrate) for the finite-difference mode solver. x is across the guide, y is up; the
 * substrate fills y < 0 and the core sits on it.
 */
import { z } from 'zod';
import { MODE_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import { MaterialSpecSchema } from '../material-spec.ts';

/** Nodes in the window (250 × 250): it bounds the solve, and the sizing (symbolic LU) that checks its memory. */
export const MAX_CHANNEL_NODES = 62_500;

export const ChannelStructureSchema = z
  .strictObject({
    type: z.literal('channel').describe('a 2-D waveguide cross-section (finite-difference mode solver, full-vectorial by default)'),
    shape: z.enum(['strip', 'rib', 'slot']).describe('strip: one rectangle; rib: a rectangle on a thinner slab of the same material; slot: two rails with a gap'),
    core: z
      .strictObject({
        material: MaterialSpecSchema.describe('core material'),
        width_nm: z.number().finite().positive().describe('core width (each rail for a slot), nm'),
        height_nm: z.number().finite().positive().describe('core height, nm'),
      })
      .describe('the guiding rectangle'),
    slab_height_nm: z.number().finite().positive().optional().describe('rib only: thickness of the slab the rib stands on, nm (less than the core height)'),
    gap_nm: z.number().finite().positive().optional().describe('slot only: gap between the two rails, nm'),
    cladding: MaterialSpecSchema.describe('material above the substrate around the core (e.g. SiO2 or air)'),
    substrate: MaterialSpecSchema.describe('material below the core, y < 0 (e.g. the SiO2 buried oxide)'),
    window_nm: z
      .strictObject({ width: z.number().finite().positive(), height: z.number().finite().positive() })
      .optional()
      .describe('computational window (field is zero on its edge), nm; default: the core plus 1 µm on every side'),
    grid_nm: z.number().finite().positive().default(20).describe(`cell size of the uniform grid, nm (smaller is slower and more accurate). ${MODE_DEFAULT_ACCURACY}`),
    max_modes: z.number().int().min(1).max(10).default(2).describe('how many modes per polarization to look for (guided ones are returned)'),
    method: z
      .enum(['full_vectorial', 'semi_vectorial'])
      .optional()
      .describe('default full_vectorial: both transverse H components coupled (Yee grid), right for high-contrast cores; semi_vectorial: one dominant E component per polarization, faster but n_eff comes out ~0.05 high for silicon wires'),
    symmetry: z
      .enum(['auto', 'mirror_x', 'none'])
      .optional()
      .describe('full_vectorial only. auto (default): use every mirror plane the cross-section has — x = 0 always (every shape here is symmetric about it), and the core’s mid-plane too when substrate and cladding have the same index and the shape is not a rib — solving each half or quarter with electric and magnetic walls: 4–16× less work, the same modes; mirror_x: the x = 0 plane only; none: the whole window'),
    group_index: z.boolean().default(false).describe('also compute n_g (two more solves at λ(1 ± 10⁻³), material dispersion included)'),
  })
  .superRefine((s, ctx) => {
    if (s.shape === 'rib' && (s.slab_height_nm === undefined || s.slab_height_nm >= s.core.height_nm)) {
      ctx.addIssue({ code: 'custom', path: ['slab_height_nm'], message: 'a rib needs slab_height_nm, below the core height' });
    }
    if (s.shape === 'slot' && s.gap_nm === undefined) ctx.addIssue({ code: 'custom', path: ['gap_nm'], message: 'a slot needs gap_nm' });
    // Inputs that would otherwise "solve" to zero modes with only a resolution warning.
    const coreWidth = s.shape === 'slot' ? 2 * s.core.width_nm + (s.gap_nm ?? 0) : s.core.width_nm;
    if (s.window_nm && (s.window_nm.width <= coreWidth || s.window_nm.height <= s.core.height_nm)) {
      ctx.addIssue({ code: 'custom', path: ['window_nm'], message: `the window (${s.window_nm.width} × ${s.window_nm.height} nm) must be larger than the core (${coreWidth} × ${s.core.height_nm} nm), with room for the field to decay` });
    }
    const smallest = Math.min(s.core.width_nm, s.core.height_nm, ...(s.shape === 'slot' && s.gap_nm !== undefined ? [s.gap_nm] : []), ...(s.shape === 'rib' && s.slab_height_nm !== undefined ? [s.slab_height_nm] : []));
    if (s.grid_nm > smallest) {
      ctx.addIssue({ code: 'custom', path: ['grid_nm'], message: `grid_nm (${s.grid_nm}) is larger than the smallest feature (${smallest} nm): the core would not be resolved at all; use at most ${smallest / 2} nm` });
    }
    if (s.method === 'semi_vectorial' && s.symmetry !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['symmetry'], message: 'symmetry applies to the full-vectorial method only; remove it or use method "full_vectorial"' });
    }
  })
  .describe('2-D channel waveguide');

export type ChannelStructure = z.infer<typeof ChannelStructureSchema>;
export type ChannelMethod = NonNullable<ChannelStructure['method']>;
export type ChannelSymmetryOption = NonNullable<ChannelStructure['symmetry']>;

/** The method a channel structure asks for (full-vectorial unless it says otherwise). */
export const channelMethod = (s: ChannelStructure): ChannelMethod => s.method ?? 'full_vectorial';
/** The mirror-symmetry choice of the full-vectorial solver (auto unless it says otherwise). */
export const channelSymmetry = (s: ChannelStructure): ChannelSymmetryOption => s.symmetry ?? 'auto';
