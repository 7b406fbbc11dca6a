/**
 * Pieces every task family shares: the evaluation context of a task, its visible context blocks
 * in schema key order, provenance, and bounds drawn around an anchor design.
 */
import { MODAL_MASS_FACTOR } from '../oracle-reference.ts';
import { CONSTRAINT_NAMES, type ConstraintList, type Limits, type OracleResult } from '../oracle.ts';
import type { SeededRng } from '../../stats/rng.ts';
import type { VariableBounds } from '../task-schema.ts';
import { boundsOf } from './bounds.ts';
import { V, type DesignVector } from './design-vector.ts';
import type { TaskContext } from './evaluator.ts';
import type { ProjectedAnchor } from './projection.ts';

export const GENERATOR_VERSION = 'veh-bank/1.0.0';

/** Rounds to `digits` significant figures (limits, bounds and targets are quoted like a spec sheet). */
export function sig(v: number, digits = 3): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  return Number(v.toPrecision(digits));
}

/** Rounds down / up to `digits` significant figures, so a rounded bound still contains its value. */
export function sigFloor(v: number, digits = 3): number {
  if (v <= 0) return v;
  const scale = 10 ** (Math.floor(Math.log10(v)) - digits + 1);
  return Number((Math.floor(v / scale + 1e-9) * scale).toPrecision(digits));
}
export function sigCeil(v: number, digits = 3): number {
  if (v <= 0) return v;
  const scale = 10 ** (Math.floor(Math.log10(v)) - digits + 1);
  return Number((Math.ceil(v / scale - 1e-9) * scale).toPrecision(digits));
}

export function contextOf(anchor: ProjectedAnchor, accelerationG: number, limits: Limits, overrides: Partial<TaskContext> = {}): TaskContext {
  return {
    piezo: anchor.piezo,
    substrate: anchor.substrate,
    damping: anchor.damping,
    frequencyHz: anchor.frequencyHz,
    accelerationG,
    limits,
    ...overrides,
  };
}

export function environmentContext(ctx: TaskContext) {
  return { piezo_material: ctx.piezo, substrate_material: ctx.substrate, damping_ratio: ctx.damping };
}

export function excitationContext(ctx: TaskContext) {
  return { frequency_hz: ctx.frequencyHz, acceleration_g: ctx.accelerationG };
}

export function constraintList(limits: Limits): ConstraintList {
  return CONSTRAINT_NAMES.map((name) => ({ name, limit: limits[name] }));
}

export function provenanceOf(anchor: ProjectedAnchor, taskSeed: number, extra: readonly string[] = []) {
  return {
    anchor_id: anchor.id,
    anchor_group: anchor.group,
    anchor_doi: anchor.doi,
    projection: [...anchor.projection, ...extra],
    generator: GENERATOR_VERSION,
    seed: taskSeed,
  };
}

/** Beam mass (g) of design `x`, from the effective mass of its oracle result `r`: m_beam = (m_eff − m_tip)/MODAL_MASS_FACTOR. */
export function beamMassG(r: OracleResult, x: DesignVector): number {
  return ((r.effective_mass_kg - (x[V.tipMass] as number) * 1e-3) / MODAL_MASS_FACTOR) * 1e3;
}

/**
 * Bounds around an anchor design: each geometric variable may shrink to 60–80 % and grow to
 * 125–160 % of its anchor value (thicknesses 50–75 % / 130–200 %), the load spans 3–10× either
 * way and the tip mass runs from a fraction of its anchor value (or zero) to about twice it (or up
 * to one to one-and-a-half beam masses when the anchor has none). Bounds are rounded outwards to
 * three significant figures, so the anchor design always lies inside. `spread` > 1 raises the upper
 * factors to that power (wider design spaces for tasks whose optimum must reach a limit).
 */
export function boundsAround(x0: DesignVector, rng: SeededRng, beamMass: number, spread = 1): VariableBounds {
  const lo = new Float64Array(6);
  const hi = new Float64Array(6);
  const span = (i: number, down: [number, number], up: [number, number]): void => {
    const v = x0[i] as number;
    lo[i] = sigFloor(v * rng.uniform(down[0], down[1]));
    hi[i] = sigCeil(v * rng.uniform(up[0], up[1]) ** spread);
  };
  span(V.length, [0.6, 0.8], [1.25, 1.6]);
  span(V.width, [0.6, 0.8], [1.25, 1.6]);
  span(V.substrate, [0.5, 0.75], [1.3, 2]);
  span(V.piezo, [0.5, 0.75], [1.3, 2]);
  const mt = x0[V.tipMass] as number;
  if (mt > 0) {
    lo[V.tipMass] = rng.next() < 0.4 ? 0 : sigFloor(mt * rng.uniform(0.2, 0.6));
    hi[V.tipMass] = sigCeil(mt * rng.uniform(1.5, 2.5) ** spread);
  } else {
    lo[V.tipMass] = 0;
    hi[V.tipMass] = sigCeil(beamMass * rng.uniform(0.5, 1.5) * spread);
  }
  const r = x0[V.load] as number;
  lo[V.load] = sigFloor(r / rng.uniform(3, 10));
  hi[V.load] = sigCeil(r * rng.uniform(3, 10));
  return boundsOf(lo, hi);
}
