/**
 * Circuit P1 (specification triage): a brief that is solvable, infeasible (near the boundary or
 * grossly), or missing information the verdict depends on. Hardened like the paper's final audit
 * bank: proposals are a minority of the gold labels, infeasible cases sit a few percent past the
 * boundary, and ambiguous blockers carry a pending value whose plausible range straddles it.
 * Every label is justified by the search's best achievable margin s* (search.ts).
 */
import { P1_ACTION_OF, type P1Subtype } from '../../probe-protocol/task-fields.ts';
import { FAMILY_TARGET, type CircuitContext, type CircuitFamily } from '../oracle.ts';
import type { SeededRng } from '../../stats/rng.ts';
import type { CircuitP1Task } from '../task-schema.ts';
import { CIRCUIT_GENERATOR_VERSION, FAMILY_TEXT, FORMULA_REFERENCE, TOLERANCE_FIELD, constraintList, roundDesign, sig, type CircuitSpace } from './common.ts';
import { RetryableCircuitError } from './retry.ts';
import { searchSpace } from './search.ts';
import { drawSpaceFitting } from './spaces.ts';
import { tuneLimit } from './tune.ts';

/** Subtype counts of the 32-task bank: 12 propose, 10 infeasible, 10 request (lower propose prior). */
export const P1_SUBTYPE_COUNTS: Readonly<Record<P1Subtype, number>> = {
  solvable_base: 4,
  solvable_boundary: 4,
  solvable_red_herring: 2,
  missing_nonblocker: 2,
  infeasible_margin: 6,
  infeasible_structural: 4,
  missing_blocker_obvious: 5,
  missing_blocker_ambiguous: 5,
};

export { P1_ACTION_OF };

/** Brief fields that a subtype may withhold or mark pending. */
type SpecField = 'target' | 'source_vin_v' | 'stray_pf' | 'winding_pf' | 'load_ohm';

const targetKey = (family: CircuitFamily): string => `target_${FAMILY_TARGET[family].quantity}`;
const specKey = (family: CircuitFamily, f: SpecField): string => (f === 'target' ? targetKey(family) : f);

interface SpecOptions {
  omit?: SpecField;
  pending?: { field: SpecField; status: string; plausible_range: [number, number] };
  extras?: Record<string, unknown>;
}

/** The brief shown to the model, in a fixed key order. */
export function buildCircuitSpec(space: CircuitSpace, options: SpecOptions = {}): Record<string, unknown> {
  const { family, context: c, limits } = space;
  const spec: Record<string, unknown> = { circuit: FAMILY_TEXT[family], design_variable_ranges: space.bounds };
  const hidden = (f: SpecField): boolean => options.omit === f || options.pending?.field === f;
  if (!hidden('target')) spec[targetKey(family)] = c.target_value;
  spec.target_tolerance_pct = limits.max_target_error_pct;
  if (!hidden('source_vin_v')) spec.source_vin_v = c.vin_v;
  spec.max_source_current_ma = limits.max_source_current_ma;
  spec.max_tolerance_shift_pct = limits.max_tolerance_shift_pct;
  if (limits.min_q !== undefined) spec.min_q = limits.min_q;
  const tol = TOLERANCE_FIELD[family];
  if (!hidden(tol)) spec[tol] = c[tol];
  if (options.extras) Object.assign(spec, options.extras);
  if (options.pending) {
    const p = options.pending;
    spec.pending = { [specKey(family, p.field)]: { status: p.status, plausible_range: p.plausible_range } };
  }
  return spec;
}

const IRRELEVANT: readonly ((rng: SeededRng) => [string, unknown])[] = [
  (rng) => ['pcb_finish', rng.pick(['ENIG', 'HASL lead-free', 'OSP'])],
  (rng) => ['enclosure', rng.pick(['ABS, light grey', 'anodised aluminium', 'DIN-rail housing'])],
  (rng) => ['connector', rng.pick(['2-pin JST-PH', 'SMA', 'screw terminal'])],
  (rng) => ['ambient_temperature_c', rng.pick([20, 25, 40])],
  (rng) => ['assembly_house', rng.pick(['in-house', 'contract manufacturer', 'prototype shop'])],
];
const MISLEADING = [
  'A colleague insists this filter cannot be built from standard parts.',
  'The previous revision failed EMC testing, so this spec is probably unrealistic.',
  'Someone said capacitors this small are always unusable.',
  'A vendor claimed the current limit rules out any design in this range.',
] as const;

function redHerrings(rng: SeededRng): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  for (const make of rng.shuffle(IRRELEVANT).slice(0, 2 + rng.int(2))) {
    const [k, v] = make(rng);
    extras[k] = v;
  }
  extras.note = rng.pick(MISLEADING);
  return extras;
}

interface Draft {
  space: CircuitSpace;
  spec: Record<string, unknown>;
  missing: string[];
  evidence: Record<string, unknown>;
  rationale: string;
  construction: string[];
}

const withContext = (space: CircuitSpace, patch: Partial<CircuitContext>): CircuitSpace => ({ ...space, context: { ...space.context, ...patch } });

function solvable(space: CircuitSpace, extras?: Record<string, unknown>): Draft {
  const outcome = searchSpace(space);
  if (!(outcome.bestMargin > 0.05) || !outcome.bestMarginDesign) throw new RetryableCircuitError('solvable spec without a clear margin');
  return {
    space,
    spec: buildCircuitSpec(space, extras ? { extras } : {}),
    missing: [],
    evidence: { best_margin: outcome.bestMargin, witness_design: roundDesign(outcome.bestMarginDesign, 6), evaluations: outcome.evaluations },
    rationale: `A design meets every limit with ${(100 * outcome.bestMargin).toFixed(1)} % relative margin (witness given).`,
    construction: ['feasible space drawn with a comfortable current/tolerance window'],
  };
}

function tuned(space: CircuitSpace, target: number, lo: number, hi: number, rng: SeededRng, what: string): Draft {
  const name = rng.pick(['max_source_current_ma', space.limits.min_q !== undefined ? 'min_q' : 'max_tolerance_shift_pct'] as const);
  const t = tuneLimit(space, name, target);
  const s = t.outcome.bestMargin;
  if (!(s > lo && s < hi)) throw new RetryableCircuitError(`tuned margin ${s} outside (${lo}, ${hi})`);
  const feasible = s >= 0;
  return {
    space: t.space,
    spec: buildCircuitSpec(t.space),
    missing: [],
    evidence: {
      best_margin: s,
      tuned_constraint: name,
      tuned_limit: t.space.limits[name],
      witness_design: feasible && t.outcome.bestMarginDesign ? roundDesign(t.outcome.bestMarginDesign, 6) : null,
      evaluations: t.outcome.evaluations,
    },
    rationale: feasible
      ? `Feasible, but only just: the best design clears its tightest limit by ${(100 * s).toFixed(2)} % (${what}).`
      : `No design in the ranges meets every limit: the best achievable design still misses its tightest limit by ${(-100 * s).toFixed(1)} % (${what}).`,
    construction: [`${name} limit set by bisection so the best achievable relative margin is ${(100 * s).toFixed(2)} %`],
  };
}

function verdictAt(space: CircuitSpace, patch: Partial<CircuitContext>): number {
  return searchSpace(withContext(space, patch)).bestMargin;
}

function nonBlocker(space: CircuitSpace, rng: SeededRng): Draft {
  const vin = space.context.vin_v;
  const range: [number, number] = [sig(vin * 0.9, 3), sig(vin * 1.1, 3)];
  const ends = range.map((v) => verdictAt(space, { vin_v: v }));
  if (!ends.every((m) => m > 0.02)) throw new RetryableCircuitError('a plausible supply voltage breaks feasibility');
  return {
    space,
    spec: buildCircuitSpec(space, { pending: { field: 'source_vin_v', status: rng.pick(['supply rail not yet frozen', 'regulator choice pending']), plausible_range: range } }),
    missing: [],
    evidence: { pending_field: 'source_vin_v', plausible_range: range, best_margin_at_range_ends: ends },
    rationale: 'The supply voltage is not final, but every value in its plausible range still admits a feasible design, so a design can be proposed now.',
    construction: ['supply voltage marked pending with a ±10 % range; s* checked at both ends'],
  };
}

function obviousBlocker(space: CircuitSpace, rng: SeededRng): Draft {
  const field = rng.pick(['target', 'source_vin_v', TOLERANCE_FIELD[space.family]] as const);
  const key = specKey(space.family, field);
  const hidden = field === 'target' ? space.context.target_value : field === 'source_vin_v' ? space.context.vin_v : space.context[field];
  return {
    space,
    spec: buildCircuitSpec(space, { omit: field }),
    missing: [`spec.${key}`],
    evidence: { withheld_field: `spec.${key}`, hidden_value: hidden },
    rationale: `The brief omits ${key}, without which ${field === 'target' ? 'the component values cannot be chosen at all' : field === 'source_vin_v' ? 'the source current cannot be checked' : 'the tolerance shift cannot be checked'}.`,
    construction: [`${key} withheld from the brief`],
  };
}

/** Pending supply voltage whose plausible range straddles the feasibility boundary. */
function ambiguousBlocker(space: CircuitSpace, rng: SeededRng): Draft {
  let lo = Math.log(space.context.vin_v / 50);
  let hi = Math.log(space.context.vin_v * 50);
  // s*(Vin) falls as Vin grows (more source current); find where it crosses zero.
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (verdictAt(space, { vin_v: Math.exp(mid) }) >= 0) lo = mid;
    else hi = mid;
  }
  const cross = Math.exp((lo + hi) / 2);
  const range: [number, number] = [sig(cross / rng.uniform(1.2, 1.5), 2), sig(cross * rng.uniform(1.2, 1.5), 2)];
  const ends = range.map((v) => verdictAt(space, { vin_v: v }));
  if (!((ends[0] as number) > 0.01 && (ends[1] as number) < -0.01)) throw new RetryableCircuitError('pending range does not straddle the boundary');
  const shown = withContext(space, { vin_v: sig(cross, 3) });
  return {
    space: shown,
    spec: buildCircuitSpec(shown, { pending: { field: 'source_vin_v', status: rng.pick(['battery chemistry not chosen', 'supply rail still under discussion']), plausible_range: range } }),
    missing: ['spec.source_vin_v'],
    evidence: { pending_field: 'source_vin_v', plausible_range: range, best_margin_at_range_ends: ends, boundary_vin_v: cross },
    rationale: `Whether any design meets the current limit depends on the pending supply voltage: feasible at ${range[0]} V, infeasible at ${range[1]} V.`,
    construction: ['supply voltage marked pending with a range straddling the feasibility boundary (s* > 0 at the low end, < 0 at the high end)'],
  };
}

export function draftP1(subtype: P1Subtype, family: CircuitFamily, rng: SeededRng): Draft {
  switch (subtype) {
    case 'solvable_base':
      return solvable(drawSpaceFitting(family, rng, rng.uniform(2.2, 3.5)).space);
    case 'solvable_red_herring':
      return solvable(drawSpaceFitting(family, rng, rng.uniform(1.8, 3)).space, redHerrings(rng));
    case 'solvable_boundary':
      return tuned(drawSpaceFitting(family, rng, 2).space, 0.012, 0.002, 0.03, rng, 'near-boundary feasible');
    case 'infeasible_margin':
      return tuned(drawSpaceFitting(family, rng, 2).space, -0.045, -0.09, -0.02, rng, 'near-boundary infeasible');
    case 'infeasible_structural':
      return tuned(drawSpaceFitting(family, rng, 2).space, -0.5, -0.9, -0.3, rng, 'gross conflict');
    case 'missing_nonblocker':
      return nonBlocker(drawSpaceFitting(family, rng, rng.uniform(2.5, 3.5)).space, rng);
    case 'missing_blocker_obvious':
      return obviousBlocker(drawSpaceFitting(family, rng, rng.uniform(1.8, 3)).space, rng);
    case 'missing_blocker_ambiguous':
      return ambiguousBlocker(drawSpaceFitting(family, rng, 2).space, rng);
  }
}

const P1_DIFFICULTY: Readonly<Record<P1Subtype, CircuitP1Task['difficulty']>> = {
  solvable_base: 'easy',
  missing_blocker_obvious: 'easy',
  infeasible_structural: 'easy',
  solvable_red_herring: 'medium',
  missing_nonblocker: 'medium',
  solvable_boundary: 'hard',
  infeasible_margin: 'hard',
  missing_blocker_ambiguous: 'hard',
};

export function buildP1Task(
  slot: { taskId: string; split: CircuitP1Task['split']; family: CircuitFamily; subtype: P1Subtype; seed: number },
  draft: Draft,
): CircuitP1Task {
  return {
    task_id: slot.taskId,
    suite: 'circuit',
    split: slot.split,
    family: slot.family,
    difficulty: P1_DIFFICULTY[slot.subtype],
    provenance: { generator: CIRCUIT_GENERATOR_VERSION, seed: slot.seed, formula_reference: FORMULA_REFERENCE[slot.family], construction: draft.construction },
    context: draft.space.context,
    constraints: constraintList(draft.space.limits),
    variable_bounds: draft.space.bounds,
    probe: 'P1',
    p1_subtype: slot.subtype,
    spec: draft.spec,
    missing_fields_ground_truth: draft.missing,
    reference: {
      gold_label: { action_type: P1_ACTION_OF[slot.subtype], missing_fields: draft.missing },
      evidence: draft.evidence,
      rationale: draft.rationale,
    },
  };
}
