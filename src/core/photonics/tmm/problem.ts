/**
 * The `layer_stack` problem: a planar multilayer between two semi-infinite media, solved by the
 * transfer-matrix method for R, T and the absorption in each layer. Field names carry their units.
 * Orientation is fixed by the listing: incident_medium | layers[0] | … | layers[last] | exit_medium.
 * `incidence` says from which side the light arrives, so "light incident from the substrate" is
 * `incidence: "back"`, never a re-listing that an agent might get half wrong.
 */
import { z } from 'zod';
import { MaterialSpecSchema } from '../material-spec.ts';
import { checkWavelengthChoice, wavelengthFields } from '../wavelengths.ts';

/** Most angles in one problem (wavelengths: MAX_WAVELENGTHS in ../wavelengths.ts), and most points (wavelengths × angles) overall. */
export const MAX_SAMPLES = 10_000;
export const MAX_POINTS = 200_000;
export const MAX_LAYERS = 1_000;

const rangeSchema = (what: string, unit: string, max?: number) =>
  z
    .strictObject({
      start: z.number().finite().describe(`first ${what}, ${unit}`),
      stop: z.number().finite().describe(`last ${what}, ${unit} (included)`),
      count: z.number().int().min(1).max(MAX_SAMPLES).describe(`number of evenly spaced ${what}s, start and stop included`),
    })
    .superRefine((r, ctx) => {
      if (r.count > 1 && r.stop === r.start) ctx.addIssue({ code: 'custom', message: `stop equals start but count is ${r.count}; use count 1 for a single ${what}` });
      if (max !== undefined && Math.max(r.start, r.stop) >= max) ctx.addIssue({ code: 'custom', message: `${what}s must be below ${max} ${unit}` });
    })
    .describe(`evenly spaced ${what}s: start, stop (both included), count`);

const angle = z
  .number()
  .min(0)
  .lt(90, { message: 'the angle of incidence must be below 90° (grazing incidence transmits nothing)' });

export const LayerSchema = z
  .strictObject({
    name: z.string().min(1).optional().describe('optional label used in the per-layer absorption output'),
    material: MaterialSpecSchema,
    thickness_nm: z.number().positive().finite().describe('physical thickness of the layer, nm (a 1 mm slide is 1000000)'),
    coherent: z
      .boolean()
      .default(true)
      .describe(
        'true (default): thin film, waves inside interfere. false: thick layer (substrate, glass slide) whose fringes are ' +
          'far finer than the source coherence or spectrometer resolution; intensities add (phase averaged)',
      ),
  })
  .describe('one layer of the stack');

export const LayerStackProblemSchema = z
  .strictObject({
    kind: z.literal('layer_stack'),
    incident_medium: MaterialSpecSchema.default({ n: 1, k: 0 }).describe(
      'semi-infinite medium in front of layers[0] (default air). With incidence "front" the light arrives from here, ' +
        'so it must be non-absorbing',
    ),
    layers: z
      .array(LayerSchema)
      .max(MAX_LAYERS)
      .describe('the layers in order, starting with the one that touches incident_medium; may be empty (a bare interface)'),
    exit_medium: MaterialSpecSchema.describe(
      'semi-infinite medium behind the last layer (a substrate, or the ambient behind a free-standing film). ' +
        'With incidence "back" the light arrives from here, so it must then be non-absorbing',
    ),
    incidence: z
      .enum(['front', 'back'])
      .default('front')
      .describe(
        '"front" (default): light arrives from incident_medium and crosses the layers in the listed order. ' +
          '"back": light arrives from exit_medium (e.g. from the substrate side) and crosses them in reverse order; ' +
          'R is then the reflectance on the exit_medium side and T the power reaching incident_medium',
      ),
    polarization: z
      .enum(['s', 'p', 'unpolarized'])
      .default('unpolarized')
      .describe('s (TE, E perpendicular to the plane of incidence), p (TM), or unpolarized (mean of s and p powers; default)'),
    angle_deg: angle.optional().describe('one angle of incidence, degrees from the normal, in the medium the light comes from'),
    angles_deg: z.array(angle).min(1).max(MAX_SAMPLES).optional().describe('several angles of incidence, degrees, in the medium the light comes from'),
    angle_range_deg: rangeSchema('angle', 'degrees', 90).optional(),
    ...wavelengthFields,
    allow_gain: z
      .boolean()
      .optional()
      .describe('accept k < 0 (gain) in this project\'s n + ik convention; otherwise k < 0 is refused as a likely e^{+jωt} sign slip'),
  })
  .superRefine((p, ctx) => {
    checkWavelengthChoice(p, ctx);
    const an = [p.angle_deg, p.angles_deg, p.angle_range_deg].filter((v) => v !== undefined).length;
    if (an > 1) ctx.addIssue({ code: 'custom', message: `give at most one of angle_deg, angles_deg, angle_range_deg (got ${an}); omit all for normal incidence` });
    const source = p.incidence === 'back' ? 'exit_medium' : 'incident_medium';
    const spec = p.incidence === 'back' ? p.exit_medium : p.incident_medium;
    if (typeof spec === 'object' && 'k' in spec && spec.k !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: [source],
        message:
          `${source} is where the light comes from (incidence "${p.incidence}") and must be non-absorbing (k = 0), got k = ${spec.k}: ` +
          'incident power is undefined in an absorbing semi-infinite medium. Put the absorbing material in a layer instead',
      });
    }
    const W = p.wavelengths_nm?.length ?? p.wavelength_range_nm?.count ?? 1;
    const A = p.angles_deg?.length ?? p.angle_range_deg?.count ?? 1;
    if (W * A > MAX_POINTS) ctx.addIssue({ code: 'custom', message: `${W} wavelengths × ${A} angles = ${W * A} points; at most ${MAX_POINTS} per problem` });
  })
  .describe('planar multilayer (thin films and thick substrates) solved by the transfer-matrix method: R, T and absorption per layer');

export type LayerStackProblem = z.infer<typeof LayerStackProblemSchema>;
export type LayerStackLayer = z.infer<typeof LayerSchema>;
