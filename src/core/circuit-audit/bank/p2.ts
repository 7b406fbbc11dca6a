/**
 * Circuit P2 (verifier-guided search with dual constraints): the initial design violates exactly one
 * constraint, and every single-variable change that repairs it breaks another one (checked with the
 * oracle over a 400-point log grid per variable). Repairs therefore need coordinated moves, e.g. raise
 * R and lower C together to keep fc, until the second limit (tolerance, or Q for rlc) binds. The
 * objective is the lowest source power; the BKF from the generator's search normalises P2b.
 */
import { FAMILY_VARIABLES, type CircuitConstraintName, type CircuitDesign, type CircuitFamily } from '../oracle.ts';
import { TWO_PI } from '../oracle-reference.ts';
import type { SeededRng } from '../../stats/rng.ts';
import type { CircuitP2Task } from '../task-schema.ts';
import { CIRCUIT_GENERATOR_VERSION, FORMULA_REFERENCE, constraintList, evaluated, relativeSlack, roundDesign, type CircuitSpace } from './common.ts';
import { alongPath, pathScaleAt } from './path.ts';
import { RetryableCircuitError } from './retry.ts';
import { searchSpace } from './search.ts';
import { snapValues } from './snap.ts';
import { drawSpaceFitting } from './spaces.ts';

export const P2_QUERY_BUDGET = 6;
const FIX_GRID = 400;

export interface SingleVariableFixes {
  /** Number of single-variable changes (grid points) that repair the first violation. */
  repairs: number;
  /** Of those, how many leave every other constraint satisfied (0 for a dual-constraint task). */
  clean: number;
  /** Constraints broken by the repairs, most frequent first. */
  broken: CircuitConstraintName[];
}

/** Scans every variable over its bounds (others fixed) and reports what repairing `first` does. */
export function singleVariableFixes(space: CircuitSpace, design: CircuitDesign, first: CircuitConstraintName): SingleVariableFixes {
  let repairs = 0;
  let clean = 0;
  const counts = new Map<CircuitConstraintName, number>();
  for (const v of FAMILY_VARIABLES[space.family]) {
    const [lo, hi] = space.bounds[v] ?? [1, 1];
    for (let i = 0; i < FIX_GRID; i++) {
      const value = lo * Math.pow(hi / lo, i / (FIX_GRID - 1));
      const e = evaluated(space, { ...design, [v]: value });
      if (relativeSlack(e.result, space.limits, first) < 0) continue;
      repairs++;
      if (e.violations.length === 0) clean++;
      for (const name of e.violations) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  const broken = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
  return { repairs, clean, broken };
}

/** rlc: pick C so that, at that L/C, no R meets both the current limit and the Q floor; then violate one. */
function rlcInitial(space: CircuitSpace, first: 'max_source_current_ma' | 'min_q', d: number): CircuitDesign {
  const { vin_v, target_value } = space.context;
  const rCur = (1000 * vin_v) / (space.limits.max_source_current_ma as number);
  const qmin = space.limits.min_q as number;
  const x = qmin * rCur * (1 - d / 2); // √(L/C) at the chosen C
  const cNf = 1e9 / (TWO_PI * target_value * x);
  const [, lMh] = snapValues('rlc_bandpass', space.context, [1, cNf], 1);
  const r = first === 'max_source_current_ma' ? rCur / (1 + d) : x / (qmin * (1 - d));
  return { r_ohm: r, l_mh: lMh as number, c_nf: cNf };
}

export interface P2Draft {
  space: CircuitSpace;
  initial: CircuitDesign;
  first: CircuitConstraintName;
  fixes: SingleVariableFixes;
  bkf: { design: CircuitDesign; power_mw: number; evaluations: number };
  window: number;
}

export function draftP2(family: CircuitFamily, rng: SeededRng, firstPick: number): P2Draft {
  const window = rng.uniform(1.4, 2.6);
  const { space } = drawSpaceFitting(family, rng, window);
  const outcome = searchSpace(space);
  if (!outcome.bkf || !outcome.bestMarginDesign) throw new RetryableCircuitError('P2 space has no feasible design');
  const d = rng.uniform(0.15, 0.35);
  let first: CircuitConstraintName;
  let raw: CircuitDesign;
  if (family === 'rlc_bandpass') {
    first = firstPick % 2 === 0 ? 'max_source_current_ma' : 'min_q';
    raw = rlcInitial(space, first, d);
  } else {
    first = firstPick % 2 === 0 ? 'max_source_current_ma' : 'max_tolerance_shift_pct';
    const m = pathScaleAt(space, outcome.bestMarginDesign, first, -d, first === 'max_source_current_ma');
    if (m === null) throw new RetryableCircuitError('path never violates the first constraint');
    raw = alongPath(space, outcome.bestMarginDesign, m);
  }
  const initial = roundDesign(raw, 4);
  const e = evaluated(space, initial);
  if (e.violations.length !== 1 || e.violations[0] !== first) throw new RetryableCircuitError(`initial violates ${e.violations.join(',')} not only ${first}`);
  if (!Object.entries(initial).every(([k, v]) => v >= (space.bounds[k]?.[0] ?? 0) && v <= (space.bounds[k]?.[1] ?? 0))) {
    throw new RetryableCircuitError('initial design outside bounds');
  }
  const fixes = singleVariableFixes(space, initial, first);
  if (fixes.repairs === 0 || fixes.clean > 0) throw new RetryableCircuitError('a single-variable repair exists');
  return { space, initial, first, fixes, bkf: { ...outcome.bkf, evaluations: outcome.evaluations }, window };
}

export function buildP2Task(slot: { taskId: string; split: CircuitP2Task['split']; family: CircuitFamily; seed: number }, draft: P2Draft): CircuitP2Task {
  const { space } = draft;
  const coupled = draft.fixes.broken;
  return {
    task_id: slot.taskId,
    suite: 'circuit',
    split: slot.split,
    family: slot.family,
    difficulty: draft.window < 1.7 ? 'hard' : draft.window < 2.2 ? 'medium' : 'easy',
    provenance: {
      generator: CIRCUIT_GENERATOR_VERSION,
      seed: slot.seed,
      formula_reference: FORMULA_REFERENCE[slot.family],
      construction: [
        `space drawn with a feasible resistance window ratio ${draft.window.toFixed(2)}`,
        `initial design moved along the target curve until ${draft.first} is violated`,
        `all ${draft.fixes.repairs} single-variable repairs of ${draft.first} (400-point grids) break ${coupled.join(', ')}`,
      ],
    },
    context: space.context,
    constraints: constraintList(space.limits),
    variable_bounds: space.bounds,
    probe: 'P2',
    p2_subtype: `${draft.first}__vs__${coupled[0] ?? 'none'}`,
    objective: 'minimize power_mw',
    query_budget: P2_QUERY_BUDGET,
    initial_design: draft.initial,
    initial_result: evaluated(space, draft.initial),
    first_violation: draft.first,
    coupled_constraints: coupled,
    reference: { bkf: { design: draft.bkf.design, power_mw: draft.bkf.power_mw, method: 'target-curve grid search with local refinement', evaluations: draft.bkf.evaluations } },
  };
}
