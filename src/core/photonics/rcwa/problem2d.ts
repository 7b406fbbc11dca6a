/**
 * The `grating_2d` problem: diffraction by a stack of layers that are periodic in x and y
 * (crossed gratings, hole or pillar arrays, photonic-crystal slabs) on a rectangular lattice, solved
 * by RCWA. Lengths in nm, angles in degrees. Shape centres are measured from the centre of the unit
 * cell; shapes may cross the cell edge (they wrap around), but must not overlap each other.
 */
import { z } from 'zod';
import { GRATING_2D_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import { MaterialSpecSchema } from '../material-spec.ts';
import { checkWavelengthChoice, wavelengthFields } from '../wavelengths.ts';

/**
 * Most harmonics (2M+1)(2N+1) in one solve. Each patterned layer diagonalises a matrix twice that
 * size; 11 × 11 = 121 harmonics took 1.7 s per layer and wavelength in the TypeScript reference
 * (0.5 s with the WASM kernel) at load 5 on this 2-core machine, so 13 × 13 = 169 stays near 5 s
 * there and well under 30 s even when the machine is heavily loaded.
 */
export const MAX_HARMONICS_2D = 169;
/** Largest M or N the total allows at all: (2M+1)·1 ≤ MAX_HARMONICS_2D with the other axis at 0. */
export const MAX_ORDERS_PER_AXIS_2D = (MAX_HARMONICS_2D - 1) / 2;
/** Largest M = N (the default harmonics_y = harmonics_x) within the total. */
const MAX_EQUAL_ORDERS_2D = Math.floor((Math.sqrt(MAX_HARMONICS_2D) - 1) / 2);
/** What the validator accepts and why, for the schema's descriptions (JSON Schema cannot state a product). */
const HARMONICS_LIMIT_2D =
  `The total (2M+1)(2N+1) may be at most ${MAX_HARMONICS_2D}, to keep one solve within about 30 s: ` +
  `M = N ≤ ${MAX_EQUAL_ORDERS_2D}, and the per-axis maximum ${MAX_ORDERS_PER_AXIS_2D} only with 0 orders on the other axis`;
export const MAX_LAYERS_2D = 20;
export const MAX_SHAPES_PER_LAYER = 20;

const center = z
  .tuple([z.number().finite(), z.number().finite()])
  .default([0, 0])
  .describe('[x, y] of the shape centre from the centre of the unit cell, nm');

const CircleSchema = z.strictObject({
  type: z.literal('circle'),
  center_nm: center,
  radius_nm: z.number().finite().positive().describe('radius, nm'),
  material: MaterialSpecSchema.describe('material inside the circle (air for a hole)'),
});

const EllipseSchema = z.strictObject({
  type: z.literal('ellipse'),
  center_nm: center,
  semi_axes_nm: z.tuple([z.number().finite().positive(), z.number().finite().positive()]).describe('[a, b]: semi-axes along x and y, nm'),
  material: MaterialSpecSchema.describe('material inside the ellipse'),
});

const RectangleSchema = z.strictObject({
  type: z.literal('rectangle'),
  center_nm: center,
  size_nm: z.tuple([z.number().finite().positive(), z.number().finite().positive()]).describe('[width along x, height along y], nm; a full period along y makes a 1D grating'),
  material: MaterialSpecSchema.describe('material inside the rectangle'),
});

export const ShapeSchema = z.discriminatedUnion('type', [CircleSchema, EllipseSchema, RectangleSchema]);

export const Grating2dLayerSchema = z.strictObject({
  thickness_nm: z.number().finite().nonnegative().describe('layer thickness, nm'),
  background: MaterialSpecSchema.describe('material around the shapes; the whole layer when there are none'),
  shapes: z.array(ShapeSchema).max(MAX_SHAPES_PER_LAYER).default([]).describe('inclusions in one unit cell (must not overlap); none = a uniform film'),
});

const complexAmplitude = z.tuple([z.number().finite(), z.number().finite()]).describe('[re, im]');

export const Grating2dProblemSchema = z
  .strictObject({
    kind: z.literal('grating_2d').describe('diffraction by a 2D periodic stack: crossed gratings, photonic-crystal slabs (RCWA)'),
    period_x_nm: z.number().finite().positive().describe('lattice period along x, nm'),
    period_y_nm: z.number().finite().positive().optional().describe('lattice period along y, nm (default: period_x_nm, a square lattice)'),
    cover: MaterialSpecSchema.describe('the incidence medium above the stack (must be lossless), e.g. air'),
    substrate: MaterialSpecSchema.describe('the semi-infinite medium below the stack'),
    layers: z.array(Grating2dLayerSchema).min(1).max(MAX_LAYERS_2D).describe('from the cover down to the substrate'),
    polarization: z
      .enum(['s', 'p', 'both', 'jones'])
      .default('both')
      .describe('s: E perpendicular to the plane of incidence (E along y at normal incidence); p: in it (E along x at normal incidence); both; jones: the amplitudes in "jones"'),
    jones: z
      .strictObject({ s: complexAmplitude, p: complexAmplitude })
      .optional()
      .describe('with polarization "jones": complex amplitudes of the s and p components, e.g. s [1, 0], p [0, 1] (any norm)'),
    angle_deg: z.number().finite().min(0).lt(90).default(0).describe('polar angle of incidence in the cover, degrees from the normal'),
    azimuth_deg: z.number().finite().default(0).describe('azimuth of the plane of incidence, degrees from the x axis'),
    harmonics_x: z
      .number()
      .int()
      .min(0)
      .max(MAX_ORDERS_PER_AXIS_2D)
      .default(3)
      .describe(`Fourier orders kept along x: −M…M. ${HARMONICS_LIMIT_2D}. ${GRATING_2D_DEFAULT_ACCURACY}`),
    harmonics_y: z
      .number()
      .int()
      .min(0)
      .max(MAX_ORDERS_PER_AXIS_2D)
      .optional()
      .describe(`Fourier orders kept along y: −N…N (default: harmonics_x). ${HARMONICS_LIMIT_2D}`),
    convergence_check: z
      .boolean()
      .default(true)
      .describe('also solve the first and last wavelength with about 60 % of the orders per axis and warn when the efficiencies moved by more than 1e-3'),
    ...wavelengthFields,
  })
  .superRefine((p, ctx) => {
    checkWavelengthChoice(p, ctx);
    const M = p.harmonics_x;
    const N = p.harmonics_y ?? M;
    const total = (2 * M + 1) * (2 * N + 1);
    if (total > MAX_HARMONICS_2D) {
      ctx.addIssue({
        code: 'custom',
        path: ['harmonics_x'],
        message: `harmonics_x = ${M} and harmonics_y = ${N} keep (2M+1)(2N+1) = ${total} harmonics; at most ${MAX_HARMONICS_2D} (e.g. 6 × 6 → 13 × 13) keep one solve within about 30 s`,
      });
    }
    if (p.polarization === 'jones' && !p.jones) ctx.addIssue({ code: 'custom', path: ['jones'], message: 'polarization "jones" needs "jones": {"s": [re, im], "p": [re, im]}' });
    if (p.jones && p.jones.s.every((v) => v === 0) && p.jones.p.every((v) => v === 0)) ctx.addIssue({ code: 'custom', path: ['jones'], message: 'the Jones vector must not be zero' });
    const px = p.period_x_nm;
    const py = p.period_y_nm ?? px;
    p.layers.forEach((layer, li) => {
      const boxes = layer.shapes.map((s) => boundingBox(s));
      boxes.forEach((b, si) => {
        if (b.halfX * 2 > px * (1 + 1e-12) || b.halfY * 2 > py * (1 + 1e-12)) {
          ctx.addIssue({ code: 'custom', path: ['layers', li, 'shapes', si], message: `the shape is larger than one period (${px} × ${py} nm)` });
        }
      });
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          if (boxesOverlap(boxes[i] as Box, boxes[j] as Box, px, py)) {
            ctx.addIssue({ code: 'custom', path: ['layers', li, 'shapes', j], message: `shapes ${i} and ${j} overlap (their bounding boxes intersect, periodically); shapes must not overlap` });
          }
        }
      }
    });
  });

export type Grating2dProblem = z.infer<typeof Grating2dProblemSchema>;
export type Grating2dShape = z.infer<typeof ShapeSchema>;

interface Box {
  cx: number;
  cy: number;
  halfX: number;
  halfY: number;
}

export function boundingBox(s: Grating2dShape): Box {
  const [cx, cy] = s.center_nm;
  if (s.type === 'circle') return { cx, cy, halfX: s.radius_nm, halfY: s.radius_nm };
  if (s.type === 'ellipse') return { cx, cy, halfX: s.semi_axes_nm[0], halfY: s.semi_axes_nm[1] };
  return { cx, cy, halfX: s.size_nm[0] / 2, halfY: s.size_nm[1] / 2 };
}

/** Open intervals overlap on a circle of circumference `period`. */
function overlap1d(c1: number, h1: number, c2: number, h2: number, period: number): boolean {
  const d = Math.abs((((c1 - c2) % period) + period) % period);
  const gap = Math.min(d, period - d);
  return gap < h1 + h2 - 1e-9 * period;
}

function boxesOverlap(a: Box, b: Box, px: number, py: number): boolean {
  return overlap1d(a.cx, a.halfX, b.cx, b.halfX, px) && overlap1d(a.cy, a.halfY, b.cy, b.halfY, py);
}
