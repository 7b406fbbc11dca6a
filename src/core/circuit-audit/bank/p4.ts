/**
 * Circuit P4 (policy-conditioned ranking): five oracle-feasible candidates sampled around the
 * space's best-margin design, kept only when the pool is policy-flipping — the top candidate under
 * performance_first (lowest power) differs from the top under reliability_first (smallest tolerance
 * shift) — so the stated policy decides the answer.
 */
import { POLICIES, type Policy } from '../../veh/task-schema.ts';
import type { CircuitFamily } from '../oracle.ts';
import type { SeededRng } from '../../stats/rng.ts';
import type { CircuitP4Candidate, CircuitP4Task } from '../task-schema.ts';
import { CIRCUIT_GENERATOR_VERSION, FORMULA_REFERENCE, constraintList, designOf, evaluated, roundDesign, type CircuitSpace } from './common.ts';
import { POLICY_TEXT, policyOrder, policyScores } from './p4-policy.ts';
import { RetryableCircuitError } from './retry.ts';
import { searchSpace } from './search.ts';
import { FREE_VARIABLES, snapValues } from './snap.ts';
import { drawSpaceFitting } from './spaces.ts';

export const CANDIDATE_IDS = ['A', 'B', 'C', 'D', 'E'] as const;

function samplePool(space: CircuitSpace, rng: SeededRng, center: Record<string, number>): CircuitP4Candidate[] | null {
  const band = (space.limits.max_target_error_pct ?? 0) / 100;
  const picked: CircuitP4Candidate[] = [];
  for (let tries = 0; tries < 400 && picked.length < 5; tries++) {
    const free = FREE_VARIABLES[space.family].map((v) => (center[v] as number) * Math.exp(rng.uniform(-0.7, 0.7)));
    const design = roundDesign(designOf(space.family, snapValues(space.family, space.context, free, 1 + rng.uniform(-0.8, 0.8) * band)), 4);
    const e = evaluated(space, design);
    if (!e.result.feasible) continue;
    const inside = Object.entries(design).every(([k, v]) => v >= (space.bounds[k]?.[0] ?? 0) && v <= (space.bounds[k]?.[1] ?? 0));
    if (!inside) continue;
    // Keep candidates apart so the ranking is about trade-offs, not rounding noise.
    if (picked.some((p) => Math.abs(Math.log(p.metrics.power_mw / e.result.power_mw)) < 0.04)) continue;
    picked.push({
      id: CANDIDATE_IDS[picked.length] as string,
      design,
      metrics: {
        power_mw: e.result.power_mw,
        target_error_pct: e.result.target_error_pct,
        tolerance_shift_pct: e.result.tolerance_shift_pct,
        source_current_ma: e.result.source_current_ma,
      },
    });
  }
  return picked.length === 5 ? picked : null;
}

export interface P4Draft {
  space: CircuitSpace;
  candidates: CircuitP4Candidate[];
}

export function draftP4(family: CircuitFamily, rng: SeededRng): P4Draft {
  const { space } = drawSpaceFitting(family, rng, rng.uniform(2, 3.5));
  const outcome = searchSpace(space);
  if (!outcome.bestMarginDesign) throw new RetryableCircuitError('P4 space has no feasible design');
  for (let attempt = 0; attempt < 30; attempt++) {
    const pool = samplePool(space, rng, outcome.bestMarginDesign);
    if (!pool) continue;
    if (policyOrder(pool, 'performance_first')[0] !== policyOrder(pool, 'reliability_first')[0]) return { space, candidates: pool };
  }
  throw new RetryableCircuitError('no policy-flipping pool');
}

function pairsFlipping(order: readonly string[], others: readonly (readonly string[])[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length; j++) {
      const a = order[i] as string;
      const b = order[j] as string;
      if (others.some((o) => o.indexOf(a) > o.indexOf(b))) pairs.push([a, b]);
    }
  }
  return pairs;
}

function paretoPairs(cands: readonly CircuitP4Candidate[]): [string, string][] {
  const keys = ['power_mw', 'target_error_pct', 'tolerance_shift_pct'] as const;
  const pairs: [string, string][] = [];
  for (const a of cands) {
    for (const b of cands) {
      if (a === b) continue;
      const le = keys.every((k) => a.metrics[k] <= b.metrics[k]);
      const lt = keys.some((k) => a.metrics[k] < b.metrics[k]);
      if (le && lt) pairs.push([a.id, b.id]);
    }
  }
  return pairs;
}

export function buildP4Task(
  slot: { taskId: string; split: CircuitP4Task['split']; family: CircuitFamily; policy: Policy; seed: number },
  d: P4Draft,
): CircuitP4Task {
  const order = policyOrder(d.candidates, slot.policy);
  const scores = policyScores(d.candidates, slot.policy);
  const others = POLICIES.filter((p) => p !== slot.policy);
  const otherOrders = others.map((p) => policyOrder(d.candidates, p));
  const flipIndex = otherOrders.findIndex((o) => o[0] !== order[0]);
  const flipPolicy = others[flipIndex];
  const flipTop = otherOrders[flipIndex]?.[0];
  if (flipPolicy === undefined || flipTop === undefined) throw new RetryableCircuitError('no policy flips the top candidate');
  const sorted = order.map((id) => scores[id] as number);
  const minGap = Math.min(...sorted.slice(1).map((s, i) => (sorted[i] as number) - s));
  return {
    task_id: slot.taskId,
    suite: 'circuit',
    split: slot.split,
    family: slot.family,
    difficulty: minGap < 0.012 ? 'hard' : minGap < 0.03 ? 'medium' : 'easy',
    provenance: {
      generator: CIRCUIT_GENERATOR_VERSION,
      seed: slot.seed,
      formula_reference: FORMULA_REFERENCE[slot.family],
      construction: ['five feasible candidates sampled around the best-margin design (free variables ×e^±0.7, target inside 80 % of the band)', 'pool kept only when performance_first and reliability_first disagree on the top candidate'],
    },
    context: d.space.context,
    constraints: constraintList(d.space.limits),
    variable_bounds: d.space.bounds,
    probe: 'P4',
    policy: slot.policy,
    policy_text: POLICY_TEXT[slot.policy],
    candidates: d.candidates,
    reference: {
      oracle_order: order,
      policy_scores: scores,
      balanced_active: otherOrders.some((o) => o.join() !== order.join()),
      policy_sensitive_pairs: pairsFlipping(order, otherOrders),
      pareto_pairs: paretoPairs(d.candidates),
      flip_policy: flipPolicy,
      flip_top: flipTop,
    },
  };
}
