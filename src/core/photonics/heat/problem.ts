/**
 * The `heat` problem: 2-D steady-state conduction ∇·(k∇T) = −q on a waveguide cross-section (x
 * across, y up; the device runs along z with length length_um), built of axis-aligned rectangles
 * of materials on a background, with one resistive heater driven at a voltage. Every side carries
 * its own boundary condition: a fixed temperature (the substrate's heat sink), adiabatic, or
 * convective to an ambient. Lengths in µm, temperatures in K.
 */
import { z } from 'zod';
import { THERMAL_MATERIALS, THERMAL_MATERIAL_NAMES, type ThermalMaterial } from './materials.ts';

/** Grid cells the solver accepts: IC(0)-PCG costs about cells^1.5 and 10 doubles per cell. */
export const MAX_HEAT_CELLS = 250_000;
export const MAX_HEAT_RECTS = 200;

const Interval = z
  .tuple([z.number().finite(), z.number().finite()])
  .refine(([a, b]) => b > a, { message: 'interval must be [min, max] with max > min' });

export const ThermalMaterialSpecSchema = z.union([
  z.enum(THERMAL_MATERIAL_NAMES).describe('a named material (see heat/materials.ts)'),
  z.strictObject({
    k_w_mk: z.number().finite().positive().describe('thermal conductivity, W/(m·K)'),
    dn_dt_per_k: z.number().finite().default(0).describe('thermo-optic coefficient dn/dT, 1/K'),
    resistivity_ohm_m: z.number().finite().positive().optional().describe('electrical resistivity, Ω·m (heater only)'),
  }),
]);
export type ThermalMaterialSpec = z.infer<typeof ThermalMaterialSpecSchema>;

export function resolveThermalMaterial(spec: ThermalMaterialSpec): ThermalMaterial {
  return typeof spec === 'string' ? THERMAL_MATERIALS[spec] : spec;
}

export const HeatRectSchema = z.strictObject({
  name: z.string().max(64).optional(),
  x_um: Interval.describe('[left, right], µm'),
  y_um: Interval.describe('[bottom, top], µm'),
  material: ThermalMaterialSpecSchema,
});

export const HeatBoundarySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('fixed'), t_k: z.number().finite().positive().describe('wall temperature, K') }),
  z.strictObject({ type: z.literal('adiabatic') }),
  z.strictObject({
    type: z.literal('convective'),
    h_w_m2k: z.number().finite().positive().describe('heat-transfer coefficient, W/(m²·K)'),
    t_ambient_k: z.number().finite().positive().describe('ambient temperature, K'),
  }),
]);
export type HeatBoundary = z.infer<typeof HeatBoundarySchema>;

export const HeatProblemSchema = z
  .strictObject({
    kind: z.literal('heat'),
    domain_um: z.strictObject({ x: Interval, y: Interval }).describe('the simulated cross-section; y = min is the substrate bottom'),
    background: ThermalMaterialSpecSchema.describe('material wherever no rectangle lies'),
    rects: z.array(HeatRectSchema).max(MAX_HEAT_RECTS).describe('material rectangles; where they overlap the later one wins; the heater is drawn over all of them'),
    heater: z.strictObject({
      x_um: Interval,
      y_um: Interval,
      material: ThermalMaterialSpecSchema.describe('the heater metal; needs a resistivity'),
      length_um: z.number().finite().positive().describe('heater (and phase-shifter) length along z, µm'),
      voltage_v: z.number().finite().nonnegative().describe('voltage across the heater ends, V'),
    }),
    core: z
      .strictObject({
        x_um: Interval,
        y_um: Interval,
        dn_dt_per_k: z.number().finite().optional().describe('dn/dT of the guided mode, 1/K; default: that of the material under the core centre'),
      })
      .describe('the waveguide core: ΔT is averaged over this rectangle'),
    wavelength_nm: z.number().finite().positive().default(1550),
    boundaries: z
      .strictObject({
        bottom: HeatBoundarySchema.default({ type: 'fixed', t_k: 300 }),
        top: HeatBoundarySchema.default({ type: 'adiabatic' }),
        left: HeatBoundarySchema.default({ type: 'adiabatic' }),
        right: HeatBoundarySchema.default({ type: 'adiabatic' }),
      })
      .default({ bottom: { type: 'fixed', t_k: 300 }, top: { type: 'adiabatic' }, left: { type: 'adiabatic' }, right: { type: 'adiabatic' } }),
    grid: z
      .strictObject({
        cell_nm: z.number().finite().min(1).default(50).describe('cell size at every material edge, nm'),
        max_cell_nm: z.number().finite().min(1).default(1000).describe('largest cell, far from edges, nm'),
        growth: z.number().finite().min(1).max(1.5).default(1.2).describe('ratio of neighbouring cell sizes in graded regions'),
        subdivide: z.number().int().min(1).max(16).default(1).describe('split every cell into this many equal parts per axis (grid-convergence studies)'),
      })
      .default({ cell_nm: 50, max_cell_nm: 1000, growth: 1.2, subdivide: 1 }),
    tolerance: z.number().finite().min(1e-14).max(1e-4).default(1e-11).describe('PCG stop: residual norm relative to the right-hand side'),
  })
  .superRefine((p, ctx) => {
    const sides = [p.boundaries.bottom, p.boundaries.top, p.boundaries.left, p.boundaries.right];
    if (!sides.some((s) => s.type !== 'adiabatic')) {
      ctx.addIssue({ code: 'custom', path: ['boundaries'], message: 'every side is adiabatic: the heat has nowhere to go and the temperature is undefined; fix at least one side (the substrate bottom)' });
    }
    if (resolveThermalMaterial(p.heater.material).resistivity_ohm_m === undefined) {
      ctx.addIssue({ code: 'custom', path: ['heater', 'material'], message: 'the heater material has no electrical resistivity' });
    }
    if (p.grid.max_cell_nm < p.grid.cell_nm) ctx.addIssue({ code: 'custom', path: ['grid', 'max_cell_nm'], message: 'max_cell_nm must be ≥ cell_nm' });
    const inside = (r: { x_um: [number, number]; y_um: [number, number] }) =>
      r.x_um[0] >= p.domain_um.x[0] && r.x_um[1] <= p.domain_um.x[1] && r.y_um[0] >= p.domain_um.y[0] && r.y_um[1] <= p.domain_um.y[1];
    if (!inside(p.heater)) ctx.addIssue({ code: 'custom', path: ['heater'], message: 'the heater must lie inside the domain' });
    if (!inside(p.core)) ctx.addIssue({ code: 'custom', path: ['core'], message: 'the core must lie inside the domain' });
  });
export type HeatProblem = z.infer<typeof HeatProblemSchema>;
export type HeatProblemInput = z.input<typeof HeatProblemSchema>;

/** Validates `input`; throws an Error listing every issue with its path. */
export function parseHeatProblem(input: unknown): HeatProblem {
  const parsed = HeatProblemSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`);
  throw new Error(`invalid heat problem:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
}
