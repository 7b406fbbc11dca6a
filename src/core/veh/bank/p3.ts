/**
 * P3 — corrupted-state recovery (dual-constraint trap). A P2 task's initial design is the trusted
 * step 0; the next 2–4 steps move in a harmful direction to an infeasible trap design. Every
 * verifier_response holds the TRUE oracle outputs under the P3 constraints; the corruption lives in
 * `note`, the prior assistant's claim characteristic of the trap type. The trap leaves the
 * frequency band (clearly: 1.5–3× the tolerance) while a second, dormant limit is tightened
 * between the trap's value and the value of the obvious escape (reverting the harmful variables),
 * so the trap satisfies it and the naive escape violates it.
 */
import { OUT } from '../oracle-layout.ts';
import type { OracleResult } from '../oracle.ts';
import { createRng, type SeededRng } from '../../stats/rng.ts';
import type { P3Task, Split, TrapType } from '../task-schema.ts';
import { fromUnit, toUnit } from './bounds.ts';
import { DIM, designOf, roundVector, V, type DesignVector } from './design-vector.ts';
import { DesignEvaluator, evaluatedDesign } from './evaluator.ts';
import { verifierResponse } from './feedback.ts';
import { BKF_EFFORT, type P2Build } from './p2.ts';
import { RetryableError } from './retry.ts';
import { maximizePower } from './search.ts';
import { constraintList, environmentContext, excitationContext, provenanceOf, sig } from './task-common.ts';

export const P3_QUERY_BUDGET = 4;

export interface P3Slot {
  taskId: string;
  split: Split;
  source: P2Build;
  /** The P2 subtype, or projected_boundary / projected_resonance for test_ood. */
  sourceSubtypeLabel: string;
  trapType: TrapType;
  taskSeed: number;
}

interface Move {
  index: number;
  dir: 1 | -1;
  weight: number;
}

/**
 * Harmful moves per trap type (unit-space directions towards a bound, weighted), as alternatives
 * tried in order until one leaves the frequency band by the wanted amount.
 */
function movesFor(type: TrapType, rng: SeededRng, x0: DesignVector, tipLo: number): Move[][] {
  switch (type) {
    case 'unit_flip': {
      const options: Move[][] = [[{ index: V.substrate, dir: -1, weight: 1 }], [{ index: V.piezo, dir: -1, weight: 1 }]];
      if ((x0[V.tipMass] as number) > tipLo) options.push([{ index: V.tipMass, dir: -1, weight: 1 }]);
      return rng.shuffle(options);
    }
    case 'wrong_formula_direction': {
      const first: 1 | -1 = rng.next() < 0.6 ? 1 : -1;
      return [[{ index: V.length, dir: first, weight: 1 }], [{ index: V.length, dir: first === 1 ? -1 : 1, weight: 1 }]];
    }
    case 'false_feasibility':
      return [[{ index: V.tipMass, dir: 1, weight: 1 }], [{ index: V.tipMass, dir: 1, weight: 1 }, { index: V.length, dir: 1, weight: 0.6 }]];
    case 'topology_trap':
      return [
        [
          { index: V.length, dir: 1, weight: 0.8 },
          { index: V.width, dir: 1, weight: 0.6 },
          { index: V.substrate, dir: -1, weight: 0.8 },
        ],
        [
          { index: V.length, dir: 1, weight: 1 },
          { index: V.width, dir: 1, weight: 0.6 },
          { index: V.piezo, dir: -1, weight: 1 },
        ],
      ];
    case 'verifier_ignored':
      return [
        [
          { index: V.tipMass, dir: 1, weight: 1 },
          { index: V.length, dir: 1, weight: 0.5 },
        ],
        [{ index: V.length, dir: 1, weight: 1 }],
      ];
    case 'progressive_contamination':
      return [
        [
          { index: V.length, dir: 1, weight: 0.6 },
          { index: V.tipMass, dir: 1, weight: 0.6 },
        ],
        [
          { index: V.length, dir: 1, weight: 1 },
          { index: V.tipMass, dir: 1, weight: 1 },
        ],
      ];
  }
}

const fmtN = (v: number): string => String(sig(v, 4));

/** The corrupted claim a prior step makes, characteristic of its trap type. */
function noteFor(type: TrapType, moves: readonly Move[], x: DesignVector, prev: { x: DesignVector; r: OracleResult }, f0: number): string {
  const L = fmtN(x[V.length] as number);
  const m = fmtN(x[V.tipMass] as number);
  const primary = moves[0] as Move;
  switch (type) {
    case 'unit_flip':
      if (primary.index === V.tipMass) return `Read tip_mass_g ${fmtN(prev.x[V.tipMass] as number)} as kilograms, far too heavy for this beam; cutting the tip mass to ${m} g.`;
      if (primary.index === V.piezo) {
        return `Read the verifier's stress ${fmtN(prev.r.tip_stress_mpa)} MPa as kPa, so the piezo layer looked grossly oversized; thinning it to ${fmtN(x[V.piezo] as number)} µm.`;
      }
      return `Logged the verifier's tip displacement ${fmtN(prev.r.tip_disp_mm)} mm as ${fmtN(prev.r.tip_disp_mm)} µm, so the beam looked far too stiff; thinning the substrate to ${fmtN(x[V.substrate] as number)} µm.`;
    case 'wrong_formula_direction':
      return primary.dir === 1
        ? `The frequency has to rise, and a longer beam resonates higher, so lengthening the beam to ${L} mm.`
        : `The frequency has to come down, and a shorter beam resonates lower, so shortening the beam to ${L} mm.`;
    case 'false_feasibility':
      return `Verifier says the last design is feasible, so adding tip mass for more power: ${m} g.`;
    case 'topology_trap':
      return `Switching to a compliant topology (longer, wider, thinner substrate) always raises output: L ${L} mm, b ${fmtN(x[V.width] as number)} mm, h_s ${fmtN(x[V.substrate] as number)} µm.`;
    case 'verifier_ignored': {
      const flagged = prev.r.feasible ? 'margin warnings' : 'frequency warning';
      return `Ignoring the verifier's ${flagged} as overly conservative; pushing for more power with L ${L} mm and tip mass ${m} g.`;
    }
    case 'progressive_contamination':
      return `Resonance still ${fmtN(f0)} Hz as at step 0 (carried forward, not re-read); nudging L to ${L} mm, tip mass to ${m} g and the load to ${fmtN(x[V.load] as number)} Ω.`;
  }
}

export function buildP3(slot: P3Slot): P3Task {
  const src = slot.source;
  const rng = createRng(slot.taskSeed);
  const box = src.box;
  const x0 = src.x0;
  const c2 = src.ctx.limits;
  const ev2 = new DesignEvaluator(src.ctx);
  const u0 = Float64Array.from(x0, (v, i) => toUnit(box, i, v));

  // A secondary drift of the load (the prior steps also "tuned" R) makes the obvious escape differ from step 0. In half
  // the tasks it goes the way that raises the resonant response, so a dormant limit can sit between step 0 and the
  // escape: the trusted step 0 stays feasible and resetting to it is a valid recovery.
  const trustedMode = rng.next() < 0.5;
  const rDrift = (dir: 1 | -1, weight: number): number => dir * weight * (dir === 1 ? 1 - (u0[V.load] as number) : (u0[V.load] as number));
  const respond = (dir: 1 | -1): number => {
    const x = Float64Array.from(x0);
    x[V.load] = fromUnit(box, V.load, (u0[V.load] as number) + rDrift(dir, 0.8));
    return ev2.run(x)[OUT.tipStressMpa] as number;
  };
  const secondaryDir: 1 | -1 = trustedMode ? (respond(1) >= respond(-1) ? 1 : -1) : rng.next() < 0.5 ? 1 : -1;
  const secondaryWeight = trustedMode ? 0.8 : 0.3;
  const wanted = c2.max_freq_error_pct * rng.uniform(1.5, 3);
  let moves: Move[] = [];
  let at = (_t: number): DesignVector => x0;
  let tTrap = -1;
  for (const option of movesFor(slot.trapType, rng, x0, box.lo[V.tipMass] as number)) {
    const delta = new Float64Array(DIM);
    for (const mv of option) delta[mv.index] = mv.dir * mv.weight * (mv.dir === 1 ? 1 - (u0[mv.index] as number) : (u0[mv.index] as number));
    delta[V.load] = rDrift(secondaryDir, secondaryWeight);
    const path = (t: number): DesignVector => roundVector(Float64Array.from(u0, (u, i) => fromUnit(box, i, u + t * (delta[i] as number))));
    // The trap: the first point along the path whose frequency error reaches 1.5–3× the tolerance.
    const freqErr = (t: number): number => ev2.run(path(t))[OUT.freqErrorPct] as number;
    for (let k = 1; k <= 60 && tTrap < 0; k++) {
      if (freqErr(k / 60) < wanted) continue;
      let lo = (k - 1) / 60;
      let hi = k / 60;
      for (let i = 0; i < 30; i++) {
        const mid = 0.5 * (lo + hi);
        if (freqErr(mid) >= wanted) hi = mid;
        else lo = mid;
      }
      tTrap = hi;
    }
    if (tTrap >= 0) {
      moves = option;
      at = path;
      break;
    }
  }
  if (tTrap < 0) throw new RetryableError(`${slot.trapType}: the harmful direction never leaves the frequency band`);
  const steps = 2 + rng.int(3);
  const designs = [x0, ...Array.from({ length: steps }, (_, i) => at(tTrap * ((i + 1) / steps) ** 0.8))];
  const trap = designs[steps] as DesignVector;

  // Dormant constraint: tightened between the trap's value and the obvious escape's (harmful variables reverted).
  const escape = Float64Array.from(trap);
  for (const mv of moves) escape[mv.index] = x0[mv.index] as number;
  const rT = ev2.result(trap);
  const rE = ev2.result(escape);
  // Candidate limits: (trusted mode) between step 0's value and the escape's, then from just below the escape's value
  // towards the trap's. The first that leaves a feasible design wins.
  const r0 = ev2.result(x0);
  const valueOf = (r: OracleResult, name: 'max_stress_mpa' | 'max_disp_mm'): number => (name === 'max_stress_mpa' ? r.tip_stress_mpa : r.tip_disp_mm);
  const names = rng.shuffle(['max_stress_mpa', 'max_disp_mm'] as const);
  const candidates: { name: 'max_stress_mpa' | 'max_disp_mm'; limit: number }[] = [];
  if (trustedMode) {
    for (const name of names) {
      const v0 = valueOf(r0, name);
      const vE = valueOf(rE, name);
      if (vE > 1.045 * v0) candidates.push({ name, limit: sig(v0 ** 0.5 * vE ** 0.5, 3) });
    }
  }
  for (const name of names) {
    for (const lambda of [rng.uniform(0.75, 0.92), 0.6, 0.45]) {
      candidates.push({ name, limit: sig(valueOf(rT, name) ** (1 - lambda) * valueOf(rE, name) ** lambda, 3) });
    }
  }
  let dormant: { name: 'max_stress_mpa' | 'max_disp_mm'; limit: number; trap: number; escape: number } | null = null;
  let bkf: ReturnType<typeof maximizePower> | null = null;
  let ev3: DesignEvaluator | null = null;
  for (const { name, limit } of candidates) {
    const vT = valueOf(rT, name);
    const vE = valueOf(rE, name);
    if (!(vE > 1.3 * vT && vT <= 0.97 * limit && vE >= 1.02 * limit && limit < 0.98 * c2[name])) continue;
    const cev = new DesignEvaluator({ ...src.ctx, limits: { ...c2, [name]: limit } });
    const cs = maximizePower(cev, box, rng, { seeds: [x0, src.bkf, escape], effort: BKF_EFFORT });
    if (!cs.x) continue;
    dormant = { name, limit, trap: vT, escape: vE };
    bkf = cs;
    ev3 = cev;
    break;
  }
  if (!dormant || !bkf?.x || !ev3) throw new RetryableError(`${slot.trapType}: no dormant limit separates the trap from its escape and leaves a feasible design`);
  const c3 = ev3.ctx.limits;
  const ctx3 = ev3.ctx;
  const trapResult = evaluatedDesign(ev3, trap);
  if (trapResult.feasible) throw new RetryableError('trap design feasible under the P3 constraints');
  const trusted = ev3.result(x0).feasible ? designOf(x0) : null;

  const f0 = ev2.result(x0).resonant_freq_hz;
  let prev = { x: x0, r: ev3.result(x0) };
  const history = designs.map((x, step) => {
    const r = ev3.result(x);
    const note = step === 0 ? 'Trusted starting point: the anchor design, verified feasible under the original brief.' : noteFor(slot.trapType, moves, x, prev, f0);
    prev = { x, r };
    return { step, design: designOf(x), verifier_response: verifierResponse(r, c3, ctx3.frequencyHz), note };
  });

  return {
    task_id: slot.taskId,
    suite: 'veh',
    split: slot.split,
    difficulty: 'hard',
    provenance: provenanceOf(src.anchor, slot.taskSeed, [
      `P3: ${slot.trapType} trap built on P2 task ${src.task.task_id}; dormant ${dormant.name} tightened from ${c2[dormant.name]} to ${dormant.limit} ` +
        `(trap ${sig(dormant.trap, 4)}, obvious escape ${sig(dormant.escape, 4)})`,
    ]),
    environment_context: environmentContext(ctx3),
    excitation_context: excitationContext(ctx3),
    constraints: constraintList(c3),
    variable_bounds: src.task.variable_bounds,
    probe: 'P3',
    source_p2_task_id: src.task.task_id,
    source_p2_subtype: slot.sourceSubtypeLabel,
    trap_type: slot.trapType,
    objective: 'maximize load_power_uw',
    query_budget_remaining: P3_QUERY_BUDGET,
    corrupted_history: history,
    trap_design: trapResult,
    trap_violations: history[steps]?.verifier_response.violations ?? [],
    dormant_constraint: dormant.name,
    reference: {
      bkf: { design: designOf(bkf.x), power_uw: bkf.power_uw, method: bkf.method, evaluations: bkf.evaluations },
      trusted_design: trusted,
    },
  };
}
