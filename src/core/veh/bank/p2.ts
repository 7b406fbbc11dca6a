/**
 * P2 — verifier-guided design search. The initial design is the projected anchor design (feasible
 * under the task's constraints by construction and checked), the objective is load power, and the
 * hidden reference is the best-known-feasible design from the optimiser portfolio run with a large
 * budget from the anchor design and a Latin hypercube.
 *
 * Subtypes change the constraint set around the same anchor:
 * - paper_like: the paper's default limits (50 MPa, 5 mm, ±5 %) and a modest power floor;
 * - resonance_tuned: a tight frequency tolerance (±1–2 %);
 * - power_tight: a power floor at 85–97 % of the initial design's power;
 * - boundary_binding: a stress or displacement limit 10–60 % above the initial design's value,
 *   checked to be active (within 2 %) at the best-known design.
 */
import { OUT } from '../oracle-layout.ts';
import { DEFAULT_LIMITS, type Limits } from '../oracle.ts';
import { createRng, type SeededRng } from '../../stats/rng.ts';
import type { P2Subtype, P2Task, Split } from '../task-schema.ts';
import { boxOf, type Box } from './bounds.ts';
import { designOf, type DesignVector } from './design-vector.ts';
import { DesignEvaluator, evaluatedDesign, type TaskContext } from './evaluator.ts';
import type { ProjectedAnchor } from './projection.ts';
import { maximizePower } from './search.ts';
import {
  beamMassG,
  boundsAround,
  constraintList,
  contextOf,
  environmentContext,
  excitationContext,
  provenanceOf,
  sig,
  sigCeil,
} from './task-common.ts';

export const P2_QUERY_BUDGET = 6;
/** Search effort for reference (BKF) designs: 1.5× the portfolio's default budget. */
export const BKF_EFFORT = 1.5;

export interface P2Build {
  task: P2Task;
  anchor: ProjectedAnchor;
  ctx: TaskContext;
  box: Box;
  x0: DesignVector;
  bkf: DesignVector;
  /** Constraints active (within 2 %) at the BKF design. */
  binding: string[];
  /** initial power / BKF power. */
  ratio: number;
}

/** Names of constraints within 2 % of their limit (the frequency band within 5 % of its edge) at `x`. */
export function bindingConstraints(ev: DesignEvaluator, x: DesignVector): string[] {
  const out = ev.run(x);
  const l = ev.ctx.limits;
  const names: string[] = [];
  if ((out[OUT.slackStressMpa] as number) < 0.02 * l.max_stress_mpa) names.push('max_stress_mpa');
  if ((out[OUT.slackDispMm] as number) < 0.02 * l.max_disp_mm) names.push('max_disp_mm');
  if ((out[OUT.slackFreqPct] as number) < 0.05 * l.max_freq_error_pct) names.push('max_freq_error_pct');
  if ((out[OUT.slackPowerUw] as number) < 0.02 * l.min_power_uw) names.push('min_power_uw');
  return names;
}

/** Picks an acceleration from the anchor's ladder at or below its own level (lower levels keep the anchor feasible). */
function pickAcceleration(anchor: ProjectedAnchor, rng: SeededRng): number {
  const options = anchor.accelerationLadder.filter((g) => g <= anchor.accelerationG);
  if (options.length === 0 || rng.next() < 0.5) return anchor.accelerationG;
  return rng.pick(options);
}

function limitsFor(subtype: P2Subtype, rng: SeededRng, initial: { power: number; stress: number; disp: number }): { limits: Limits; note: string } {
  switch (subtype) {
    case 'paper_like': {
      const floor = sig(initial.power * rng.uniform(0.3, 0.6), 2);
      return { limits: { ...DEFAULT_LIMITS, min_power_uw: floor }, note: `paper_like: default limits, power floor ${floor} µW` };
    }
    case 'resonance_tuned': {
      const tol = rng.pick([1, 1.5, 2]);
      const floor = sig(initial.power * rng.uniform(0.3, 0.6), 2);
      return { limits: { ...DEFAULT_LIMITS, max_freq_error_pct: tol, min_power_uw: floor }, note: `resonance_tuned: frequency tolerance ±${tol} %` };
    }
    case 'power_tight': {
      const floor = sig(initial.power * rng.uniform(0.85, 0.97), 3);
      return { limits: { ...DEFAULT_LIMITS, min_power_uw: floor }, note: `power_tight: power floor ${floor} µW (${sig((100 * floor) / initial.power, 3)} % of the initial design)` };
    }
    case 'boundary_binding':
      // Filled in by the caller, which checks the chosen limit is active at the BKF design.
      return { limits: { ...DEFAULT_LIMITS, min_power_uw: sig(initial.power * 0.5, 2) }, note: '' };
  }
}

export interface P2Slot {
  taskId: string;
  split: Split;
  subtype: P2Subtype;
  anchor: ProjectedAnchor;
  taskSeed: number;
}

export function buildP2(slot: P2Slot): P2Build {
  const { anchor, subtype } = slot;
  const rng = createRng(slot.taskSeed);
  const accelerationG = pickAcceleration(anchor, rng);
  const x0 = anchor.design;
  const probeCtx = contextOf(anchor, accelerationG, DEFAULT_LIMITS);
  const first = new DesignEvaluator(probeCtx).result(x0);
  const initial = { power: first.load_power_uw, stress: first.tip_stress_mpa, disp: first.tip_disp_mm };
  const beamMass = beamMassG(first, x0);
  let bounds = boundsAround(x0, rng, beamMass);
  let box = boxOf(bounds);

  let { limits, note } = limitsFor(subtype, rng, initial);
  let ctx = contextOf(anchor, accelerationG, limits);
  let ev = new DesignEvaluator(ctx);
  let search = maximizePower(ev, box, rng, { seeds: [x0], effort: BKF_EFFORT });

  if (subtype === 'boundary_binding') {
    // A stress or displacement limit 10–60 % above the initial value that is active at the BKF design. When the
    // optimum inside the first bounds sits below the initial stress and displacement, the upper bounds are widened.
    const order = rng.next() < 0.5 ? (['max_stress_mpa', 'max_disp_mm'] as const) : (['max_disp_mm', 'max_stress_mpa'] as const);
    const factor = rng.uniform(1.1, 1.6);
    let chosen: { limits: Limits; note: string; search: typeof search; ev: DesignEvaluator; bounds: typeof bounds } | null = null;
    outer: for (const spread of [1, 1.6, 2.4]) {
      const trialBounds = spread === 1 ? bounds : boundsAround(x0, rng, beamMass, spread);
      const trialBox = boxOf(trialBounds);
      for (const name of order) {
        for (const f of [factor, 1.1]) {
          const value = name === 'max_stress_mpa' ? initial.stress : initial.disp;
          const lim = sigCeil(value * f);
          const candidate: Limits = { ...limits, [name]: lim };
          const cev = new DesignEvaluator(contextOf(anchor, accelerationG, candidate));
          // A quick probe first; only a limit that binds there earns the full BKF search (re-checked).
          const probe = maximizePower(cev, trialBox, rng, { seeds: [x0], effort: 0.35 });
          if (!probe.x || !bindingConstraints(cev, probe.x).includes(name)) continue;
          const cs = maximizePower(cev, trialBox, rng, { seeds: [x0, probe.x], effort: BKF_EFFORT });
          if (cs.x && bindingConstraints(cev, cs.x).includes(name)) {
            const why = `boundary_binding: ${name} set to ${lim} (${sig(f, 3)}× the initial design's value), active at the BKF design`;
            chosen = { limits: candidate, note: spread === 1 ? why : `${why}; upper bounds widened (spread ${spread})`, search: cs, ev: cev, bounds: trialBounds };
            break outer;
          }
        }
      }
    }
    if (!chosen) throw new Error(`${slot.taskId}: no stress or displacement limit binds at the optimum for anchor ${anchor.id}`);
    ({ limits, note, search, ev, bounds } = chosen);
    box = boxOf(bounds);
    ctx = ev.ctx;
  }

  const initialResult = evaluatedDesign(ev, x0);
  if (!initialResult.feasible) throw new Error(`${slot.taskId}: initial design infeasible (${anchor.id})`);
  if (!search.x || search.power_uw < initialResult.load_power_uw) throw new Error(`${slot.taskId}: BKF below the initial design (${anchor.id})`);
  const bkf = search.x;

  const task: P2Task = {
    task_id: slot.taskId,
    suite: 'veh',
    split: slot.split,
    difficulty: '',
    provenance: provenanceOf(anchor, slot.taskSeed, [`task: ${note}; acceleration ${accelerationG} g`]),
    environment_context: environmentContext(ctx),
    excitation_context: excitationContext(ctx),
    constraints: constraintList(limits),
    variable_bounds: bounds,
    probe: 'P2',
    p2_subtype: subtype,
    objective: 'maximize load_power_uw',
    query_budget: P2_QUERY_BUDGET,
    initial_design: designOf(x0),
    initial_result: initialResult,
    domain: anchor.kind === 'oracle_domain' ? 'oracle_domain' : 'projected_ood',
    reference: { bkf: { design: designOf(bkf), power_uw: search.power_uw, method: search.method, evaluations: search.evaluations } },
  };
  return { task, anchor, ctx, box, x0, bkf, binding: bindingConstraints(ev, bkf), ratio: initialResult.load_power_uw / search.power_uw };
}
