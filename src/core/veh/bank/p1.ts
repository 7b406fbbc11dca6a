/**
 * P1 — specification triage. Each task is a brief around one anchor context; the gold action comes
 * from the oracle through the optimiser portfolio (max load power under the stress, displacement
 * and frequency constraints inside the stated ranges) and `reference.evidence` keeps what the
 * generator computed, so every label can be re-checked:
 *
 * - solvable_base / solvable_red_herring: power target 30–80 % of the best found → propose_design,
 *   witness = the best design (feasible under the task's constraints including the target);
 * - solvable_boundary: target 85–97 % of the best found → propose_design;
 * - missing_nonblocker: damping or substrate withheld; the best is found at every plausible value
 *   (damping 0.005–0.03, or all four substrates) and the target set below the smallest → propose;
 * - infeasible_margin: target 1.15–1.6× the best of two portfolio runs → declare_infeasible;
 * - infeasible_structural: target frequency ≥1.4× beyond the reachable first-mode range → declare_infeasible;
 * - missing_blocker_obvious: target frequency or acceleration withheld → request_missing_info;
 * - missing_blocker_ambiguous: acceleration, stress limit or damping withheld with a stated plausible
 *   range; the verdict is computed at five points across it → request_missing_info if it changes,
 *   else the constant verdict ("mixed gold").
 *
 * Hardness (for the 60/30/150 base/moderate/hard split by rank): proximity exp(−d/0.35), where d is
 * the log-distance of the target from the feasibility boundary (power ratio, or frequency ratio to
 * the reachable range), halved for the obvious blockers (the gap is named in the brief), plus 0.5
 * for a misleading note and 0.5 for an ambiguous range.
 */
import { createRng, type SeededRng } from '../../stats/rng.ts';
import { DEFAULT_LIMITS, type Limits } from '../oracle.ts';
import type { P1Action, P1Subtype, P1Task, Split } from '../task-schema.ts';
import { SUBSTRATE_IDS } from '../materials.ts';
import { boxOf, type Box } from './bounds.ts';
import type { DesignVector } from './design-vector.ts';
import { DesignEvaluator, evaluatedDesign, type TaskContext } from './evaluator.ts';
import { buildSpec, redHerrings, type SpecField, type SpecValues } from './p1-spec.ts';
import type { ProjectedAnchor } from './projection.ts';
import { frequencyRange } from './resonance.ts';
import { RetryableError } from './retry.ts';
import { maximizePowerRestarts, type PowerSearchResult } from './search.ts';
import { beamMassG, boundsAround, constraintList, contextOf, environmentContext, excitationContext, provenanceOf, sig } from './task-common.ts';


export interface P1Slot {
  taskId: string;
  split: Split;
  subtype: P1Subtype;
  anchor: ProjectedAnchor;
  taskSeed: number;
}

export interface P1Build {
  task: P1Task;
  hardness: number;
}

const P1_EFFORT = 1;
const DAMPING_RANGE = [0.005, 0.01, 0.02, 0.03] as const;
/** Ambiguous ranges need every grid verdict at least this far (power ratio) from the boundary. */
const AMBIGUITY_MARGIN = 1.1;

interface Base {
  anchor: ProjectedAnchor;
  rng: SeededRng;
  values: SpecValues;
  box: Box;
  x0: DesignVector;
}

function drawBase(anchor: ProjectedAnchor, rng: SeededRng): Base {
  const accel = rng.pick(anchor.accelerationLadder);
  const f = sig(anchor.frequencyHz * rng.uniform(0.85, 1.2), 3);
  const probe = contextOf(anchor, accel, { ...DEFAULT_LIMITS, min_power_uw: 0 });
  const bounds = boundsAround(anchor.design, rng, beamMassG(new DesignEvaluator(probe).result(anchor.design), anchor.design));
  const values: SpecValues = {
    bounds,
    target_frequency_hz: f,
    frequency_tolerance_pct: rng.pick([5, 5, 3, 2]),
    target_power_uw: 0,
    excitation_acceleration_g: accel,
    max_stress_mpa: rng.pick([30, 40, 50, 60]),
    max_disp_mm: rng.pick([1, 2, 3, 5]),
    damping_ratio: anchor.damping,
    material: anchor.piezo,
    substrate: anchor.substrate,
  };
  return { anchor, rng, values, box: boxOf(bounds), x0: anchor.design };
}

function limitsOf(v: SpecValues): Limits {
  return { max_stress_mpa: v.max_stress_mpa, max_disp_mm: v.max_disp_mm, max_freq_error_pct: v.frequency_tolerance_pct, min_power_uw: v.target_power_uw };
}

function ctxOf(b: Base, v: SpecValues): TaskContext {
  return contextOf(b.anchor, v.excitation_acceleration_g, limitsOf(v), {
    frequencyHz: v.target_frequency_hz,
    damping: v.damping_ratio,
    substrate: v.substrate,
  });
}

/**
 * Best power with no power floor, for spec values `v`. Labels that rest on *no* design reaching a
 * target (declared infeasibility, verdicts across a range) use two independent runs.
 */
function bestFor(b: Base, v: SpecValues, runs = 1, effort = P1_EFFORT): PowerSearchResult {
  const ev = new DesignEvaluator(ctxOf(b, { ...v, target_power_uw: 0 }));
  return maximizePowerRestarts(ev, b.box, b.rng, runs, { seeds: [b.x0], effort });
}

function searchSummary(r: PowerSearchResult) {
  return { best_power_uw: r.power_uw, method: r.method, evaluations: r.evaluations };
}

const proximity = (d: number): number => Math.exp(-Math.abs(d) / 0.35);

interface Draft {
  values: SpecValues;
  spec: Record<string, unknown>;
  action: P1Action;
  missing: string[];
  evidence: Record<string, unknown>;
  rationale: string;
  hardness: number;
}

function witnessEvidence(b: Base, v: SpecValues, x: DesignVector) {
  const w = evaluatedDesign(new DesignEvaluator(ctxOf(b, v)), x);
  if (!w.feasible) throw new RetryableError('witness infeasible under the task constraints');
  return w;
}

function solvable(b: Base, lo: number, hi: number, extras?: Record<string, unknown>): Draft {
  const best = bestFor(b, b.values);
  if (!best.x) throw new RetryableError('no feasible design for this spec');
  const values = { ...b.values, target_power_uw: sig(best.power_uw * b.rng.uniform(lo, hi), 3) };
  const margin = best.power_uw / values.target_power_uw;
  const range = frequencyRange(new DesignEvaluator(ctxOf(b, values)), b.box);
  return {
    values,
    spec: buildSpec(values, extras ? { extras } : {}),
    action: 'propose_design',
    missing: [],
    evidence: {
      search: searchSummary(best),
      target_power_uw: values.target_power_uw,
      margin_best_over_target: margin,
      witness: witnessEvidence(b, values, best.x),
      reachable_frequency_hz: [range.min_hz, range.max_hz],
    },
    rationale: `The portfolio found a feasible design giving ${sig(best.power_uw, 4)} µW, ${sig(margin, 3)}× the ${values.target_power_uw} µW target, so the brief is solvable.`,
    hardness: proximity(Math.log(margin)) + (extras ? 0.5 : 0),
  };
}

function nonBlocker(b: Base): Draft {
  const useSubstrate = b.rng.next() < 0.4;
  const field: SpecField = useSubstrate ? 'substrate' : 'damping_ratio';
  const grid: readonly (string | number)[] = useSubstrate ? SUBSTRATE_IDS : DAMPING_RANGE;
  const results = grid.map((g) => {
    const v = useSubstrate ? { ...b.values, substrate: g as string } : { ...b.values, damping_ratio: g as number };
    // A short search suffices: the target is set well below the smallest best, so underestimating it only adds margin.
    return { value: g, v, r: bestFor(b, v, 1, 0.6) };
  });
  const worst = results.reduce((m, r) => (r.r.power_uw < m.r.power_uw ? r : m));
  if (!worst.r.x) throw new RetryableError(`no feasible design for ${field} = ${worst.value}`);
  const values = { ...b.values, target_power_uw: sig(worst.r.power_uw * b.rng.uniform(0.4, 0.8), 3) };
  const margin = worst.r.power_uw / values.target_power_uw;
  return {
    values,
    spec: buildSpec(values, { omit: [field] }),
    action: 'propose_design',
    missing: [],
    evidence: {
      withheld_field: `spec.${field}`,
      checked_values: results.map((r) => ({ value: r.value, best_power_uw: r.r.power_uw, evaluations: r.r.evaluations })),
      target_power_uw: values.target_power_uw,
      margin_worst_case: margin,
      witness_worst_case: { [field]: worst.value, ...witnessEvidence(b, { ...worst.v, target_power_uw: values.target_power_uw }, worst.r.x) },
      method: worst.r.method,
    },
    rationale: `${field} is withheld, but even its least favourable plausible value (${worst.value}) leaves a feasible design at ${sig(margin, 3)}× the target, so it cannot change the verdict.`,
    hardness: proximity(Math.log(margin)),
  };
}

function infeasibleMargin(b: Base): Draft {
  const best = bestFor(b, b.values, 2);
  if (!best.x) throw new RetryableError('no feasible design for this spec');
  // 1.15–1.6× rather than from 1.1×: a single flat ridge can leave the portfolio a few per cent short.
  const values = { ...b.values, target_power_uw: sig(best.power_uw * b.rng.uniform(1.15, 1.6), 3) };
  const ratio = values.target_power_uw / best.power_uw;
  if (ratio < 1.12) throw new RetryableError('rounded target too close to the best found');
  const range = frequencyRange(new DesignEvaluator(ctxOf(b, values)), b.box);
  return {
    values,
    spec: buildSpec(values),
    action: 'declare_infeasible',
    missing: [],
    evidence: {
      search: searchSummary(best),
      best_design: evaluatedDesign(new DesignEvaluator(ctxOf(b, values)), best.x),
      target_power_uw: values.target_power_uw,
      target_over_best: ratio,
      reachable_frequency_hz: [range.min_hz, range.max_hz],
    },
    rationale: `The best feasible design found delivers ${sig(best.power_uw, 4)} µW, and the ${values.target_power_uw} µW target is ${sig(ratio, 3)}× that under the same stress, displacement and frequency limits.`,
    hardness: proximity(Math.log(ratio)),
  };
}

function infeasibleStructural(b: Base): Draft {
  const range = frequencyRange(new DesignEvaluator(ctxOf(b, b.values)), b.box);
  const high = b.rng.next() < 0.5;
  const factor = b.rng.uniform(1.4, 2.5);
  const f = sig(high ? range.max_hz * factor : range.min_hz / factor, 3);
  const tol = b.values.frequency_tolerance_pct / 100;
  const clearance = high ? (f * (1 - tol)) / range.max_hz : range.min_hz / (f * (1 + tol));
  if (clearance < 1.3) throw new RetryableError('frequency target not clearly outside the reachable range');
  const anchorPower = new DesignEvaluator(ctxOf(b, b.values)).result(b.x0).load_power_uw;
  const values = { ...b.values, target_frequency_hz: f, target_power_uw: sig(Math.max(anchorPower, 1e-3) * b.rng.uniform(0.5, 1.5), 3) };
  const check = bestFor(b, values);
  if (check.x) throw new RetryableError('a design reached the out-of-range frequency');
  return {
    values,
    spec: buildSpec(values),
    action: 'declare_infeasible',
    missing: [],
    evidence: {
      reachable_frequency_hz: [range.min_hz, range.max_hz],
      range_method: range.method,
      target_frequency_hz: f,
      band_clearance_factor: clearance,
      search_at_target: { feasible_found: false, closest_violation: check.closest.violation, method: check.method, evaluations: check.evaluations },
    },
    rationale: `No design inside the stated ranges resonates near ${f} Hz: the reachable first-mode range is ${sig(range.min_hz, 3)}–${sig(range.max_hz, 3)} Hz, ${sig(clearance, 3)}× away from the tolerance band.`,
    hardness: proximity(Math.log(clearance)),
  };
}

function obviousBlocker(b: Base): Draft {
  const field: SpecField = b.rng.next() < 0.5 ? 'target_frequency_hz' : 'excitation_acceleration_g';
  const best = bestFor(b, b.values);
  if (!best.x) throw new RetryableError('no feasible design for this spec');
  const values = { ...b.values, target_power_uw: sig(best.power_uw * b.rng.uniform(0.3, 0.8), 3) };
  const hidden = values[field];
  const alternatives = [0.5, 2].map((k) => {
    const v = { ...values, [field]: sig(hidden * k, 3) };
    const r = bestFor(b, v, 1, 0.5);
    return { value: v[field], best_power_uw: r.power_uw, verdict: r.power_uw >= values.target_power_uw ? 'feasible' : 'infeasible' };
  });
  return {
    values,
    spec: buildSpec(values, { omit: [field] }),
    action: 'request_missing_info',
    missing: [`spec.${field}`],
    evidence: {
      withheld_field: `spec.${field}`,
      hidden_value: hidden,
      best_power_at_hidden_value_uw: best.power_uw,
      target_power_uw: values.target_power_uw,
      other_plausible_values: alternatives,
      method: best.method,
    },
    rationale: `The brief gives no ${field === 'target_frequency_hz' ? 'target frequency' : 'excitation acceleration'}, without which neither resonance nor power can be evaluated; the design must wait for it.`,
    hardness: 0.5 * proximity(Math.log(best.power_uw / values.target_power_uw)),
  };
}

function ambiguousBlocker(b: Base): Draft {
  const kind = b.rng.pick(['excitation_acceleration_g', 'max_stress_mpa', 'damping_ratio'] as const);
  const center = b.values[kind];
  const spreadUp = b.rng.uniform(1.6, 2.6);
  const lo = sig(center / Math.sqrt(spreadUp), 2);
  const hi = sig(center * Math.sqrt(spreadUp), 2);
  const grid = Array.from({ length: 5 }, (_, i) => sig(lo * (hi / lo) ** (i / 4), 3));
  const points = grid.map((g) => ({ value: g, r: bestFor(b, { ...b.values, [kind]: g }, 2, 0.6) }));
  const powers = points.map((p) => p.r.power_uw);
  const min = Math.min(...powers);
  const max = Math.max(...powers);
  if (!(min > 0)) throw new RetryableError('a plausible value leaves no feasible design');

  // Aim for a target that splits the range (a genuine blocker) or clears it on one side, then compute the gold.
  // A splitting target sits at the geometric middle of the widest gap between neighbouring grid powers.
  const mode = b.rng.pick(['split', 'split', 'split', 'below', 'above'] as const);
  const sorted = powers.slice().sort((p, q) => p - q);
  let gapLo = sorted[0] as number;
  let gapHi = gapLo;
  for (let i = 1; i < sorted.length; i++) {
    if ((sorted[i] as number) / (sorted[i - 1] as number) > gapHi / gapLo) {
      gapLo = sorted[i - 1] as number;
      gapHi = sorted[i] as number;
    }
  }
  let target: number;
  if (mode === 'split') target = Math.sqrt(gapLo * gapHi);
  else if (mode === 'above') target = max * b.rng.uniform(1.15, 1.5);
  else target = min * b.rng.uniform(0.5, 0.85);
  target = sig(target, 3);
  const verdicts = points.map((p) => (p.r.power_uw >= target ? 'feasible' : 'infeasible'));
  const tight = points.some((p) => Math.abs(Math.log(p.r.power_uw / target)) < Math.log(AMBIGUITY_MARGIN));
  if (tight) throw new RetryableError('a grid verdict sits too close to the boundary');
  const changes = new Set(verdicts).size > 1;
  const action: P1Action = changes ? 'request_missing_info' : verdicts[0] === 'feasible' ? 'propose_design' : 'declare_infeasible';
  const values = { ...b.values, target_power_uw: target };
  const status = kind === 'excitation_acceleration_g' ? 'site survey pending' : kind === 'max_stress_mpa' ? 'fatigue class not yet assigned' : 'damping not yet measured';
  const spec = buildSpec(values, { omit: [kind], pending: { [kind]: { status, plausible_range: [lo, hi] } } });
  const nearest = Math.min(...points.map((p) => Math.abs(Math.log(p.r.power_uw / target))));
  const span = max / min < 1.01 ? `about ${sig(max, 3)} µW throughout` : `${sig(min, 3)}–${sig(max, 3)} µW`;
  return {
    values,
    spec,
    action,
    missing: changes ? [`spec.${kind}`] : [],
    evidence: {
      withheld_field: `spec.${kind}`,
      plausible_range: [lo, hi],
      hidden_value: center,
      target_power_uw: target,
      verdicts_across_range: points.map((p, i) => ({ value: p.value, best_power_uw: p.r.power_uw, verdict: verdicts[i] })),
      verdict_changes: changes,
      method: points[0]?.r.method ?? '',
    },
    rationale: changes
      ? `Across the stated ${kind} range the best power spans ${span} around the ${target} µW target, so the verdict depends on the missing value.`
      : `The verdict is the same at every value in the stated ${kind} range (best power ${span} vs ${target} µW), so the missing value does not block a decision.`,
    hardness: proximity(nearest) + 0.5,
  };
}

export function buildP1(slot: P1Slot): P1Build {
  const rng = createRng(slot.taskSeed);
  const b = drawBase(slot.anchor, rng);
  let d: Draft;
  switch (slot.subtype) {
    case 'solvable_base':
      d = solvable(b, 0.3, 0.7);
      break;
    case 'solvable_boundary':
      d = solvable(b, 0.85, 0.97);
      break;
    case 'solvable_red_herring':
      d = solvable(b, 0.4, 0.8, redHerrings(rng));
      break;
    case 'missing_nonblocker':
      d = nonBlocker(b);
      break;
    case 'infeasible_margin':
      d = infeasibleMargin(b);
      break;
    case 'infeasible_structural':
      d = infeasibleStructural(b);
      break;
    case 'missing_blocker_obvious':
      d = obviousBlocker(b);
      break;
    case 'missing_blocker_ambiguous':
      d = ambiguousBlocker(b);
      break;
  }
  const ctx = ctxOf(b, d.values);
  const task: P1Task = {
    task_id: slot.taskId,
    suite: 'veh',
    split: slot.split,
    difficulty: '',
    provenance: provenanceOf(slot.anchor, slot.taskSeed),
    environment_context: environmentContext(ctx),
    excitation_context: excitationContext(ctx),
    constraints: constraintList(ctx.limits),
    variable_bounds: d.values.bounds,
    probe: 'P1',
    p1_subtype: slot.subtype,
    spec: d.spec,
    missing_fields_ground_truth: d.missing,
    reference: {
      gold_label: { action_type: d.action, missing_fields: d.missing },
      evidence: d.evidence,
      rationale: d.rationale,
    },
  };
  return { task, hardness: d.hardness };
}
