/**
 * The `bands` problem: band structure of a 2-D photonic crystal by plane-wave expansion. Lengths
 * are in units of the lattice constant a (suffix `_a`), frequencies come out as ωa/2πc = a/λ; give
 * `lattice_constant_nm` to also get the gaps as vacuum wavelengths.
 */
import { z } from 'zod';
import { BANDS_DEFAULT_ACCURACY } from '../default-accuracy.ts';

/** 41 × 41 = 1681 plane waves: a few seconds per k-point with the dense method, a fraction of one with 'fft'. */
export const MAX_PLANE_WAVES_PER_AXIS = 41;

/** From this many plane waves per axis on, method 'auto' picks 'fft' (measured crossover: dense is faster at 15, fft 5.6× faster at 29). */
export const FFT_FROM_PLANE_WAVES_PER_AXIS = 21;

/** The method a problem runs with: 'auto' resolved by the basis size. */
export function resolvedMethod(problem: { readonly method: 'auto' | 'fft' | 'dense'; readonly plane_waves_per_axis: number }): 'fft' | 'dense' {
  if (problem.method !== 'auto') return problem.method;
  return problem.plane_waves_per_axis >= FFT_FROM_PLANE_WAVES_PER_AXIS ? 'fft' : 'dense';
}

const point = z.tuple([z.number().finite(), z.number().finite()]);
const permittivity = z.number().finite().positive().describe('relative permittivity ε (lossless dielectric; n = √ε)');

export const CellShapeSchema = z.discriminatedUnion('shape', [
  z.strictObject({
    shape: z.literal('circle'),
    center_a: point.default([0, 0]).describe('centre (x, y) in units of a; [0, 0] keeps the cell inversion-symmetric'),
    radius_a: z.number().finite().positive().describe('radius in units of the lattice constant a (r/a)'),
    epsilon: permittivity,
  }),
  z.strictObject({
    shape: z.literal('rectangle'),
    center_a: point.default([0, 0]).describe('centre (x, y) in units of a'),
    width_a: z.number().finite().positive().describe('width along x, units of a'),
    height_a: z.number().finite().positive().describe('height along y, units of a'),
    epsilon: permittivity,
  }),
]);

export const BandsProblemSchema = z.strictObject({
  kind: z.literal('bands').describe('band structure of a 2-D photonic crystal (plane-wave expansion)'),
  lattice: z.enum(['square', 'triangular']).describe('square: path Γ–X–M–Γ; triangular (hexagonal zone): Γ–M–K–Γ'),
  background_epsilon: permittivity.describe('permittivity of the background (1 for rods in air; 12 for holes in silicon)'),
  shapes: z.array(CellShapeSchema).max(20).describe('rods or holes in one unit cell, painted over the background; they must not overlap'),
  polarization: z.enum(['TM', 'TE', 'both']).describe('TM: E along the rods (E_z); TE: H along the rods (H_z); both'),
  plane_waves_per_axis: z
    .number()
    .int()
    .min(3)
    .max(MAX_PLANE_WAVES_PER_AXIS)
    .refine((p) => p % 2 === 1, { message: 'plane_waves_per_axis must be odd (orders −p…p)' })
    .default(15)
    .describe(`P plane waves per reciprocal axis, P² in all (odd, at most ${MAX_PLANE_WAVES_PER_AXIS}); gap edges converge as P grows. ${BANDS_DEFAULT_ACCURACY}`),
  k_points_per_segment: z.number().int().min(1).max(100).default(10).describe('k-points per straight segment of the path'),
  bands: z.number().int().min(1).max(30).default(8).describe('number of bands to compute (lowest first)'),
  lattice_constant_nm: z.number().finite().positive().optional().describe('if given, gaps are also reported as vacuum wavelengths, nm'),
  method: z
    .enum(['auto', 'fft', 'dense'])
    .default('auto')
    .describe(
      `fft: MPB-style — operator applied by FFT on a P × P grid with subpixel-averaged ε, lowest bands by a preconditioned block eigensolver (LOBPCG); dense: Ho's inverse-ε matrix with exact shape transforms and a full eigen-decomposition, O(P⁶) per k-point; auto (default): dense below ${FFT_FROM_PLANE_WAVES_PER_AXIS} plane waves per axis (faster there, and within 0.1 % of MPB's TM gap at 15), fft from ${FFT_FROM_PLANE_WAVES_PER_AXIS} on (5.6× faster than dense at 29)`,
    ),
  convergence_check: z.boolean().default(true).describe('also solve with 4 fewer plane waves per axis and warn when a gap edge moved by more than 0.5 %'),
});

export type BandsProblem = z.infer<typeof BandsProblemSchema>;
