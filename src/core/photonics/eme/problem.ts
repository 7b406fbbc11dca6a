/**
 * The `eme` problem: a 2-D device (x across, z along the light) built of sections along z, each a
 * transverse cross-section of cores in a cladding, solved by eigenmode expansion. Lengths along z in
 * µm, across x in µm, the transverse grid in nm. The window is closed (TE: E_y = 0, TM: H_y = 0 at
 * x = ±window_um/2), so its box modes stand in for radiation: keep it wide enough that guided fields
 * vanish at the walls.
 */
import { z } from 'zod';
import { EME_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import { MaterialSpecSchema } from '../material-spec.ts';
import { checkWavelengthChoice, wavelengthFields, wavelengthGrid } from '../wavelengths.ts';

export const MAX_EME_SECTIONS = 200;
export const MAX_EME_MODES = 300;
export const MAX_TAPER_STEPS = 200;
/** Wavelengths × swept lengths: each combination is one cascade, so this bounds a solve's time. */
export const MAX_EME_POINTS = 20_000;
/** Transverse grid points: bisection and inverse iteration cost grows as points × modes. */
export const MAX_EME_GRID_POINTS = 20_000;

export const EmeCoreSchema = z.strictObject({
  center_um: z.number().finite().describe('core centre across the window, µm (0 = window centre)'),
  width_um: z.number().finite().positive().describe('core width, µm'),
  material: MaterialSpecSchema.describe('core material (lossless: k = 0)'),
});

export const EmeCoreEndSchema = z.strictObject({
  center_um: z.number().finite().describe('core centre at the end of the taper, µm'),
  width_um: z.number().finite().positive().describe('core width at the end of the taper, µm'),
});

export const EmeSectionSchema = z
  .strictObject({
    length_um: z.number().finite().nonnegative().describe('section length along z, µm'),
    cores: z
      .array(EmeCoreSchema)
      .max(20)
      .describe('cores (rectangles across x) in the cladding; where cores overlap the later one wins; none = bare cladding'),
    taper_to: z
      .array(EmeCoreEndSchema)
      .optional()
      .describe('makes the section a linear taper: each core ends with this centre and width (same order and count as cores)'),
    taper_steps: z
      .number()
      .int()
      .min(1)
      .max(MAX_TAPER_STEPS)
      .default(20)
      .describe('a taper is cut into this many uniform steps (a staircase); too few steps scatter spuriously'),
  })
  .refine((s) => s.taper_to === undefined || s.taper_to.length === s.cores.length, {
    message: 'taper_to needs one entry per core, in the same order',
    path: ['taper_to'],
  });

export const EmeProblemSchema = z
  .strictObject({
    kind: z.literal('eme').describe('2-D device of sections along z (MMIs, tapers, butt joints) by eigenmode expansion'),
    polarization: z
      .enum(['TE', 'TM'])
      .default('TE')
      .describe('TE: E along y (out of the x–z plane); TM: H along y (E in the x–z plane, normal to the core walls: index steps matter more)'),
    cladding: MaterialSpecSchema.describe('background material around the cores (lossless)'),
    window_um: z.number().finite().positive().describe('transverse window width, µm, centred on x = 0; the field along y (E_y for TE, H_y for TM) is 0 on its walls'),
    grid_nm: z.number().finite().positive().default(20).describe('transverse grid step, nm (≥ 10 cells across the narrowest core; λ/(12 n) or finer)'),
    modes: z
      .number()
      .int()
      .min(1)
      .max(MAX_EME_MODES)
      .default(40)
      .describe(`modes kept per section (guided first, then radiation/box modes); raise until the answer stops moving (at most ${MAX_EME_MODES}). ${EME_DEFAULT_ACCURACY}`),
    sections: z.array(EmeSectionSchema).min(1).max(MAX_EME_SECTIONS).describe('sections from the input (left) to the output (right)'),
    convergence_check: z
      .boolean()
      .default(true)
      .describe('also cascade the first wavelength with 60 % of the modes and warn when the guided transmission moved by more than 5e-3'),
    field_map: z
      .boolean()
      .default(true)
      .describe('also return |field|² through the device at the first wavelength as maps[0] (200 × up to 200 samples, ~0.2 MB of JSON); false keeps the result small'),
    input_mode: z.number().int().nonnegative().default(0).describe('guided mode launched from the left in the first section (0 = fundamental)'),
    sweep: z
      .strictObject({
        section: z.number().int().nonnegative().describe('index of the section whose length is swept (0-based)'),
        lengths_um: z.array(z.number().finite().nonnegative()).min(1).max(2000).describe('lengths to try, µm (replaces that section’s length_um)'),
      })
      .optional()
      .describe('scan one section’s length (e.g. an MMI’s) at little extra cost: modes and junctions are reused'),
    ...wavelengthFields,
  })
  .superRefine((p, ctx) => {
    checkWavelengthChoice(p, ctx);
    if (p.sweep !== undefined && p.sweep.section >= p.sections.length) {
      ctx.addIssue({ code: 'custom', message: `sweep.section ${p.sweep.section} does not exist (there are ${p.sections.length} sections)`, path: ['sweep', 'section'] });
    }
    if (p.sweep !== undefined && p.sections[p.sweep.section]?.taper_to !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'sweep a uniform section, not a taper', path: ['sweep', 'section'] });
    }
    const wavelengths = p.wavelength_nm !== undefined || p.wavelengths_nm !== undefined || p.wavelength_range_nm !== undefined ? safeCount(p) : 1;
    const points = wavelengths * (p.sweep?.lengths_um.length ?? 1);
    if (points > MAX_EME_POINTS) ctx.addIssue({ code: 'custom', message: `wavelengths × swept lengths = ${points} cascades; keep it at most ${MAX_EME_POINTS}` });
    if ((p.window_um * 1000) / p.grid_nm > MAX_EME_GRID_POINTS) ctx.addIssue({ code: 'custom', message: `window_um / grid_nm gives more than ${MAX_EME_GRID_POINTS} grid points; coarsen grid_nm or narrow the window`, path: ['grid_nm'] });
    if (p.grid_nm / 1000 >= p.window_um / 4) ctx.addIssue({ code: 'custom', message: 'grid_nm is too coarse for window_um: the window needs at least 4 grid steps', path: ['grid_nm'] });
  });

function safeCount(p: Parameters<typeof wavelengthGrid>[0]): number {
  try {
    return wavelengthGrid(p).length;
  } catch {
    return 1;
  }
}

export type EmeProblem = z.infer<typeof EmeProblemSchema>;
export type EmeSection = z.infer<typeof EmeSectionSchema>;
