/**
 * Designs as 6-element vectors in DESIGN_VARIABLES order (task units), which is what the search
 * loops work on, plus conversion to the schema's object form with its fixed key order and the
 * rounding applied to every design an agent will see.
 */
import { DESIGN_VARIABLES, type VehDesign } from '../oracle.ts';

export const DIM = DESIGN_VARIABLES.length;
export const V = { length: 0, width: 1, substrate: 2, piezo: 3, tipMass: 4, load: 5 } as const;

export type DesignVector = Float64Array;

export function vectorOf(d: VehDesign): DesignVector {
  return Float64Array.from(DESIGN_VARIABLES.map((k) => d[k]));
}

/** The object form, keys in schema order (JSON output order is part of the bank's bytes). */
export function designOf(x: ArrayLike<number>): VehDesign {
  return {
    beam_length_mm: x[V.length] as number,
    beam_width_mm: x[V.width] as number,
    substrate_thickness_um: x[V.substrate] as number,
    piezo_thickness_um: x[V.piezo] as number,
    tip_mass_g: x[V.tipMass] as number,
    load_resistance_ohm: x[V.load] as number,
  };
}

const roundTo = (v: number, decimals: number): number => {
  const s = 10 ** decimals;
  return Math.round(v * s) / s;
};

/**
 * Rounds to the resolution a datasheet or a lab notebook would quote: 0.01 mm, 0.1 µm, 0.1 mg and
 * whole ohms. Visible designs are rounded *before* they are evaluated, so every oracle output
 * stored next to a visible design is the exact output for the printed numbers.
 */
export function roundVector(x: ArrayLike<number>): DesignVector {
  return Float64Array.from([
    roundTo(x[V.length] as number, 2),
    roundTo(x[V.width] as number, 2),
    roundTo(x[V.substrate] as number, 1),
    roundTo(x[V.piezo] as number, 1),
    roundTo(x[V.tipMass] as number, 4),
    Math.round(x[V.load] as number),
  ]);
}

/** Piezo layer volume L·b·h_p in mm³ (the P4 cost proxy). */
export function piezoVolumeMm3(x: ArrayLike<number>): number {
  return ((x[V.length] as number) * (x[V.width] as number) * (x[V.piezo] as number)) / 1000;
}
