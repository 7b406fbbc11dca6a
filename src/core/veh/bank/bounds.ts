/**
 * Variable bounds and the normalised search space. Positive ranges are searched in log space
 * (thicknesses, loads and lengths span decades and act multiplicatively); a range that starts at
 * zero (tip mass) is searched linearly.
 */
import type { VariableBounds } from '../task-schema.ts';
import { DESIGN_VARIABLES } from '../oracle.ts';
import { DIM } from './design-vector.ts';

export interface Box {
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  readonly log: readonly boolean[];
}

export function boxOf(b: VariableBounds): Box {
  const lo = Float64Array.from(DESIGN_VARIABLES.map((k) => b[k][0]));
  const hi = Float64Array.from(DESIGN_VARIABLES.map((k) => b[k][1]));
  for (let i = 0; i < DIM; i++) {
    if (!((lo[i] as number) >= 0 && (hi[i] as number) > (lo[i] as number))) {
      throw new Error(`invalid bounds for ${DESIGN_VARIABLES[i]}: [${lo[i]}, ${hi[i]}]`);
    }
  }
  return { lo, hi, log: Array.from(lo, (v) => v > 0) };
}

export function boundsOf(lo: ArrayLike<number>, hi: ArrayLike<number>): VariableBounds {
  const r = (i: number): [number, number] => [lo[i] as number, hi[i] as number];
  return {
    beam_length_mm: r(0),
    beam_width_mm: r(1),
    substrate_thickness_um: r(2),
    piezo_thickness_um: r(3),
    tip_mass_g: r(4),
    load_resistance_ohm: r(5),
  };
}

/** Coordinate i of the unit cube → task units. */
export function fromUnit(box: Box, i: number, u: number): number {
  const lo = box.lo[i] as number;
  const hi = box.hi[i] as number;
  const t = u < 0 ? 0 : u > 1 ? 1 : u;
  if (t === 0) return lo;
  if (t === 1) return hi;
  return box.log[i] ? lo * Math.exp(t * Math.log(hi / lo)) : lo + t * (hi - lo);
}

/** Task units → coordinate i of the unit cube (clamped). */
export function toUnit(box: Box, i: number, v: number): number {
  const lo = box.lo[i] as number;
  const hi = box.hi[i] as number;
  const t = box.log[i] ? Math.log(v / lo) / Math.log(hi / lo) : (v - lo) / (hi - lo);
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

export function inBox(box: Box, x: ArrayLike<number>): boolean {
  for (let i = 0; i < DIM; i++) if ((x[i] as number) < (box.lo[i] as number) || (x[i] as number) > (box.hi[i] as number)) return false;
  return true;
}
