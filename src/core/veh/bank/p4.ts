/**
 * P4 — policy-conditioned ranking. A pool of five oracle-feasible designs is drawn from a P2
 * task's lineage (its initial design, its BKF design, blends of the two re-tuned to resonance,
 * load-resistance, piezo-thickness, tip-mass and width variants, and resonance-projected random
 * designs), rounded as a datasheet would print them and re-checked feasible. Each pool is asked
 * under the three policies; pools are chosen so adjacent policy scores differ by at least
 * MIN_GAP under every policy (no ties) and, preferably, so the balanced order differs from both
 * other orders ("balanced-active").
 */
import { OUT } from '../oracle-layout.ts';
import { createRng, type SeededRng } from '../../stats/rng.ts';
import { POLICIES, type P4Candidate, type P4Task, type Policy, type Split } from '../task-schema.ts';
import { fromUnit, inBox, toUnit } from './bounds.ts';
import { DIM, designOf, piezoVolumeMm3, roundVector, V, type DesignVector } from './design-vector.ts';
import { DesignEvaluator } from './evaluator.ts';
import type { P2Build } from './p2.ts';
import { policyScores, policyText } from './p4-policy.ts';
import { projectLength, projectTipMass } from './resonance.ts';
import { RetryableError } from './retry.ts';
import { constraintList, environmentContext, excitationContext, provenanceOf } from './task-common.ts';

export const MIN_GAP = 0.02;
const IDS = ['A', 'B', 'C', 'D', 'E'] as const;

export interface P4Slot {
  /** One task id per policy, in POLICIES order. */
  taskIds: readonly [string, string, string];
  split: Split;
  source: P2Build;
  taskSeed: number;
}

export interface P4Build {
  tasks: P4Task[];
  /** Smallest adjacent score gap of each task's policy order (the difficulty signal). */
  minGaps: number[];
}

/** Feasible, in-bounds, rounded designs around the P2 lineage. */
function candidatePool(src: P2Build, rng: SeededRng): DesignVector[] {
  const ev = new DesignEvaluator(src.ctx);
  const box = src.box;
  const f = src.ctx.frequencyHz;
  const raw: DesignVector[] = [src.x0, src.bkf];
  const retune = (x: DesignVector): DesignVector => {
    const y = Float64Array.from(x);
    projectLength(ev, y, f, box.lo[V.length] as number, box.hi[V.length] as number);
    return y;
  };
  const u0 = Float64Array.from(src.x0, (v, i) => toUnit(box, i, v));
  const u1 = Float64Array.from(src.bkf, (v, i) => toUnit(box, i, v));
  const blends = [0.2, 0.4, 0.6, 0.8].map((t) => retune(Float64Array.from(u0, (u, i) => fromUnit(box, i, u + t * ((u1[i] as number) - u)))));
  raw.push(...blends);
  for (const base of [src.x0, src.bkf, ...blends.slice(1, 3)]) {
    for (const k of [0.35, 0.6, 1.7, 3]) {
      const y = Float64Array.from(base);
      y[V.load] = Math.min(box.hi[V.load] as number, Math.max(box.lo[V.load] as number, (y[V.load] as number) * k));
      raw.push(y);
    }
    const thin = Float64Array.from(base);
    thin[V.piezo] = Math.max(box.lo[V.piezo] as number, (thin[V.piezo] as number) * 0.75);
    raw.push(retune(thin));
    const light = Float64Array.from(base);
    light[V.tipMass] = Math.max(box.lo[V.tipMass] as number, (light[V.tipMass] as number) * 0.6);
    raw.push(retune(light));
    const narrow = Float64Array.from(base);
    narrow[V.width] = Math.max(box.lo[V.width] as number, (narrow[V.width] as number) * 0.8);
    raw.push(retune(narrow));
  }
  for (let i = 0; i < 160; i++) {
    const y = Float64Array.from({ length: DIM }, (_, d) => fromUnit(box, d, rng.next()));
    const fTarget = f * (1 + (src.ctx.limits.max_freq_error_pct / 100) * rng.uniform(-0.8, 0.8));
    if (i % 2 === 0) projectLength(ev, y, fTarget, box.lo[V.length] as number, box.hi[V.length] as number);
    else projectTipMass(ev, y, fTarget, box.lo[V.tipMass] as number, box.hi[V.tipMass] as number);
    raw.push(y);
  }
  const seen = new Set<string>();
  const out: DesignVector[] = [];
  for (const x of raw) {
    const r = roundVector(x);
    const key = Array.from(r).join(',');
    if (seen.has(key) || !inBox(box, r) || ev.run(r)[OUT.feasible] !== 1) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

interface Member {
  x: DesignVector;
  metrics: P4Candidate['metrics'];
}

const orderOf = (scores: readonly number[]): number[] => scores.map((_, i) => i).sort((a, b) => (scores[b] as number) - (scores[a] as number));

function minAdjacentGap(scores: readonly number[]): number {
  const sorted = scores.slice().sort((a, b) => b - a);
  let gap = Infinity;
  for (let i = 1; i < sorted.length; i++) gap = Math.min(gap, (sorted[i - 1] as number) - (sorted[i] as number));
  return gap;
}

export function buildP4(slot: P4Slot): P4Build {
  const src = slot.source;
  const rng = createRng(slot.taskSeed);
  const ev = new DesignEvaluator(src.ctx);
  const limits = src.ctx.limits;
  const members: Member[] = candidatePool(src, rng).map((x) => {
    const r = ev.result(x);
    return {
      x,
      metrics: {
        load_power_uw: r.load_power_uw,
        tip_stress_mpa: r.tip_stress_mpa,
        tip_disp_mm: r.tip_disp_mm,
        freq_error_pct: r.freq_error_pct,
        // Rounded to 0.001 mm³ so the figure agents read and the one the score uses are the same number.
        piezo_volume_mm3: Math.round(piezoVolumeMm3(x) * 1000) / 1000,
      },
    };
  });
  if (members.length < 7) throw new RetryableError(`only ${members.length} feasible candidates in the lineage of ${src.task.task_id}`);

  // Random 5-subsets; keep the valid ones (no near-ties under any policy) and prefer balanced-active pools.
  let best: { pick: Member[]; active: boolean } | null = null;
  for (let tries = 0; tries < 600 && !(best?.active ?? false); tries++) {
    const pick = rng.shuffle(members).slice(0, 5);
    const scores = POLICIES.map((p) => policyScores(p, pick.map((m) => m.metrics), limits.max_stress_mpa, limits.max_disp_mm));
    if (scores.some((s) => minAdjacentGap(s) < MIN_GAP)) continue;
    const orders = scores.map((s) => orderOf(s).join(''));
    const active = orders[0] !== orders[1] && orders[0] !== orders[2];
    if (!best || active) best = { pick, active };
  }
  if (!best) throw new RetryableError(`no tie-free pool in the lineage of ${src.task.task_id}`);

  const candidates: P4Candidate[] = best.pick.map((m, i) => ({ id: IDS[i] as string, design: designOf(m.x), metrics: m.metrics }));
  const metrics = candidates.map((c) => c.metrics);
  const scoresBy = new Map<Policy, number[]>(POLICIES.map((p) => [p, policyScores(p, metrics, limits.max_stress_mpa, limits.max_disp_mm)]));
  const orderBy = new Map<Policy, string[]>(POLICIES.map((p) => [p, orderOf(scoresBy.get(p) as number[]).map((i) => IDS[i] as string)]));
  const rank = (p: Policy, id: string): number => (orderBy.get(p) as string[]).indexOf(id);

  const pareto: [string, string][] = [];
  for (const a of candidates) {
    for (const b of candidates) {
      if (a === b) continue;
      const ma = a.metrics;
      const mb = b.metrics;
      const noWorse =
        ma.load_power_uw >= mb.load_power_uw &&
        ma.tip_stress_mpa <= mb.tip_stress_mpa &&
        ma.tip_disp_mm <= mb.tip_disp_mm &&
        ma.freq_error_pct <= mb.freq_error_pct &&
        ma.piezo_volume_mm3 <= mb.piezo_volume_mm3;
      const better =
        ma.load_power_uw > mb.load_power_uw ||
        ma.tip_stress_mpa < mb.tip_stress_mpa ||
        ma.tip_disp_mm < mb.tip_disp_mm ||
        ma.freq_error_pct < mb.freq_error_pct ||
        ma.piezo_volume_mm3 < mb.piezo_volume_mm3;
      if (noWorse && better) pareto.push([a.id, b.id]);
    }
  }

  const tasks: P4Task[] = [];
  const minGaps: number[] = [];
  POLICIES.forEach((policy, k) => {
    const order = orderBy.get(policy) as string[];
    const others = POLICIES.filter((p) => p !== policy);
    const sensitive: [string, string][] = [];
    for (let i = 0; i < order.length; i++) {
      for (let j = i + 1; j < order.length; j++) {
        const hi = order[i] as string;
        const lo = order[j] as string;
        if (others.some((p) => rank(p, hi) > rank(p, lo))) sensitive.push([hi, lo]);
      }
    }
    const scores = scoresBy.get(policy) as number[];
    minGaps.push(minAdjacentGap(scores));
    tasks.push({
      task_id: slot.taskIds[k] as string,
      suite: 'veh',
      split: slot.split,
      difficulty: '',
      provenance: provenanceOf(src.anchor, slot.taskSeed, [
        `P4: pool drawn from the lineage of P2 task ${src.task.task_id} (initial design, BKF design, re-tuned blends and variants), all rounded and oracle-feasible`,
      ]),
      environment_context: environmentContext(src.ctx),
      excitation_context: excitationContext(src.ctx),
      constraints: constraintList(limits),
      variable_bounds: src.task.variable_bounds,
      probe: 'P4',
      policy,
      policy_text: policyText(policy, limits.max_stress_mpa, limits.max_disp_mm),
      candidates,
      reference: {
        oracle_order: order,
        policy_scores: Object.fromEntries(IDS.map((id, i) => [id, scores[i] as number])),
        balanced_active: policy === 'balanced' && best.active,
        policy_sensitive_pairs: sensitive,
        pareto_pairs: pareto,
      },
    });
  });
  return { tasks, minGaps };
}
