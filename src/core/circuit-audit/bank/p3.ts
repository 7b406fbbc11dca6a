/**
 * Circuit P3 (corrupted-state recovery with progressive dual traps). The corrupted history ends on
 * a trap design that misses the target and overdraws the source (phase-1 trap) while a dormant
 * constraint — the tolerance shift (rc, rl, divider) or the Q floor (rlc) — is still met. The
 * obvious escape (back on target with a generous current margin) trips the dormant constraint
 * (phase-2 trap); only a coordinated move lands in the feasible window between the two limits.
 */
import type { TrapType } from '../../veh/task-schema.ts';
import { FAMILY_TARGET, type CircuitConstraintName, type CircuitDesign, type CircuitFamily } from '../oracle.ts';
import type { SeededRng } from '../../stats/rng.ts';
import type { CircuitHistoryStep, CircuitP3Task, EvaluatedCircuitDesign } from '../task-schema.ts';
import { CIRCUIT_GENERATOR_VERSION, FORMULA_REFERENCE, constraintList, evaluated, roundDesign, type CircuitSpace } from './common.ts';
import { historyStep } from './feedback.ts';
import { alongPath, pathScaleAt } from './path.ts';
import { RetryableCircuitError } from './retry.ts';
import { searchSpace } from './search.ts';
import { drawSpaceFitting } from './spaces.ts';

export const P3_QUERY_BUDGET = 5;

/** The variable the corrupted history detunes, and the direction (×k or ÷k) that keeps the dormant limit met. */
const DETUNE: Readonly<Record<CircuitFamily, { variable: string; up: boolean }>> = {
  rc_lowpass: { variable: 'c_nf', up: false },
  rl_lowpass: { variable: 'l_mh', up: true },
  rlc_bandpass: { variable: 'l_mh', up: true },
  divider: { variable: 'r2_ohm', up: false },
};

export const DORMANT: Readonly<Record<CircuitFamily, CircuitConstraintName>> = {
  rc_lowpass: 'max_tolerance_shift_pct',
  rl_lowpass: 'max_tolerance_shift_pct',
  rlc_bandpass: 'min_q',
  divider: 'max_tolerance_shift_pct',
};

/** The corrupted note of step `i` of `n`: a belief about the target error's direction that the verifier contradicts. */
export function corruptedNote(trap: TrapType, family: CircuitFamily, i: number, n: number, actualHigh: boolean): string {
  const q = FAMILY_TARGET[family].quantity;
  const believed = actualHigh ? 'too low' : 'too high';
  switch (trap) {
    case 'wrong_formula_direction':
      return `${q} is ${believed}; by my formula this change moves it the right way, so keep going.`;
    case 'unit_flip':
      return `Read the component value as a thousand times larger (unit slip), so ${q} must still be ${believed}; continue in the same direction.`;
    case 'false_feasibility':
      return i === n ? 'All limits are met now; only cosmetic fine-tuning remains.' : `Almost there: ${q} is slightly ${believed}, everything else is fine.`;
    case 'topology_trap':
      return `Treating the circuit as its high-pass/inverse twin: ${q} is ${believed}, so move the component the other way.`;
    case 'verifier_ignored':
      return `The verifier's warnings look like artefacts; ${q} is ${believed} by hand calculation, so continue.`;
    case 'progressive_contamination':
      return i === 1 ? `${q} is ${believed}; change the component to correct it.` : `Step ${i - 1} confirmed that ${q} is ${believed}; apply the same change again.`;
  }
}

export interface P3Draft {
  space: CircuitSpace;
  trap: EvaluatedCircuitDesign;
  history: CircuitHistoryStep[];
  dormant: CircuitConstraintName;
  naive: EvaluatedCircuitDesign;
  recovery: CircuitDesign;
  bkf: { design: CircuitDesign; power_mw: number; evaluations: number };
  construction: string[];
}

function feasibleRounded(space: CircuitSpace, d: CircuitDesign): CircuitDesign | null {
  for (const digits of [3, 4, 5]) {
    const r = roundDesign(d, digits);
    if (evaluated(space, r).violations.length === 0) return r;
  }
  return null;
}

export function draftP3(family: CircuitFamily, trapType: TrapType, rng: SeededRng): P3Draft {
  const { space } = drawSpaceFitting(family, rng, rng.uniform(1.5, 2.5));
  const outcome = searchSpace(space);
  if (!outcome.bkf || !outcome.bestMarginDesign) throw new RetryableCircuitError('P3 space has no feasible design');
  const recovery = feasibleRounded(space, outcome.bestMarginDesign);
  if (!recovery) throw new RetryableCircuitError('no rounded recovery design');
  const dormant = DORMANT[family];

  const mD = pathScaleAt(space, recovery, dormant, -rng.uniform(0.1, 0.3), false);
  if (mD === null) throw new RetryableCircuitError('path never trips the dormant constraint');
  const naive = evaluated(space, roundDesign(alongPath(space, recovery, mD), 3));
  if (naive.violations.length !== 1 || naive.violations[0] !== dormant) throw new RetryableCircuitError(`naive escape violates ${naive.violations.join(',')}`);

  const mE = pathScaleAt(space, recovery, 'max_source_current_ma', -rng.uniform(0.3, 1), true);
  if (mE === null) throw new RetryableCircuitError('path never overdraws the source');
  const base = alongPath(space, recovery, mE);
  const { variable, up } = DETUNE[family];
  const k0 = rng.uniform(2, 3.5);
  let trap: EvaluatedCircuitDesign | null = null;
  let k = k0;
  for (; k > 1.2; k /= 1.1) {
    const v = base[variable] as number;
    const e = evaluated(space, roundDesign({ ...base, [variable]: up ? v * k : v / k }, 3));
    if (e.violations.includes('max_source_current_ma') && e.violations.includes('max_target_error_pct') && !e.violations.includes(dormant)) {
      trap = e;
      break;
    }
  }
  if (!trap) throw new RetryableCircuitError('no trap keeps the dormant constraint met');
  const actualHigh = trap.result.target_value > space.context.target_value;
  const history = [1, 2, 3].map((i) => {
    const v = base[variable] as number;
    const f = Math.pow(k, i / 3);
    const e = i === 3 ? trap : evaluated(space, roundDesign({ ...base, [variable]: up ? v * f : v / f }, 3));
    return historyStep(space, i, e, corruptedNote(trapType, family, i, 3, actualHigh));
  });
  return {
    space,
    trap,
    history,
    dormant,
    naive,
    recovery,
    bkf: { ...outcome.bkf, evaluations: outcome.evaluations },
    construction: [
      'recovery design: the best-margin design of the space, rounded to a parts-list precision',
      `naive escape: on target with resistance ×${mD.toFixed(3)}, which trips ${dormant}`,
      `trap: resistance ×${mE.toFixed(3)} (source overdrawn) and ${variable} ${up ? '×' : '÷'}${k.toFixed(2)} (target missed), ${dormant} still met`,
    ],
  };
}

export function buildP3Task(
  slot: { taskId: string; split: CircuitP3Task['split']; family: CircuitFamily; trapType: TrapType; seed: number },
  d: P3Draft,
): CircuitP3Task {
  return {
    task_id: slot.taskId,
    suite: 'circuit',
    split: slot.split,
    family: slot.family,
    difficulty: 'hard',
    provenance: { generator: CIRCUIT_GENERATOR_VERSION, seed: slot.seed, formula_reference: FORMULA_REFERENCE[slot.family], construction: d.construction },
    context: d.space.context,
    constraints: constraintList(d.space.limits),
    variable_bounds: d.space.bounds,
    probe: 'P3',
    trap_type: slot.trapType,
    objective: 'minimize power_mw',
    query_budget_remaining: P3_QUERY_BUDGET,
    corrupted_history: d.history,
    trap_design: d.trap,
    trap_violations: d.trap.violations,
    dormant_constraint: d.dormant,
    reference: {
      bkf: { design: d.bkf.design, power_mw: d.bkf.power_mw, method: 'target-curve grid search with local refinement', evaluations: d.bkf.evaluations },
      naive_escape: d.naive,
      recovery_design: d.recovery,
      trusted_design: null,
    },
  };
}
