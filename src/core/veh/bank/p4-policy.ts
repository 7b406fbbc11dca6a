/**
 * P4 ranking policies. Each is an explicit linear score over a candidate's metrics, stated in the
 * task's policy_text so a careful agent can execute it exactly:
 *   S = w_P·P/P_max + w_σ·(1 − σ/σ_lim) + w_w·(1 − w/w_lim) − w_V·V/V_max
 * with P_max and V_max the largest power and piezo volume in the pool and σ_lim, w_lim the task's
 * stress and displacement limits. Higher S ranks first.
 */
import type { Policy } from '../task-schema.ts';

export interface PolicyWeights {
  power: number;
  stressMargin: number;
  dispMargin: number;
  volumeCost: number;
}

export const POLICY_WEIGHTS: Readonly<Record<Policy, PolicyWeights>> = {
  balanced: { power: 0.4, stressMargin: 0.25, dispMargin: 0.2, volumeCost: 0.15 },
  performance_first: { power: 0.7, stressMargin: 0.1, dispMargin: 0.1, volumeCost: 0.1 },
  reliability_first: { power: 0.15, stressMargin: 0.45, dispMargin: 0.3, volumeCost: 0.1 },
};

const PREAMBLE: Readonly<Record<Policy, string>> = {
  balanced: 'Balanced policy: weigh output power against structural margins and piezo material cost.',
  performance_first: 'Performance-first policy: output power dominates; margins and material cost only break near-ties.',
  reliability_first: 'Reliability-first policy: stress and displacement margins dominate; power and material cost matter less.',
};

export interface ScoredMetrics {
  load_power_uw: number;
  tip_stress_mpa: number;
  tip_disp_mm: number;
  piezo_volume_mm3: number;
}

export function policyText(policy: Policy, stressLimit: number, dispLimit: number): string {
  const w = POLICY_WEIGHTS[policy];
  return (
    `${PREAMBLE[policy]} Rank all five candidates by S = ${w.power.toFixed(2)}·P/P_max + ${w.stressMargin.toFixed(2)}·(1 − σ/${stressLimit} MPa) ` +
    `+ ${w.dispMargin.toFixed(2)}·(1 − w/${dispLimit} mm) − ${w.volumeCost.toFixed(2)}·V/V_max, highest first, where P is load_power_uw, ` +
    `σ is tip_stress_mpa, w is tip_disp_mm, V is piezo_volume_mm3 (beam length × width × piezo thickness), and P_max, V_max are the ` +
    `largest power and piezo volume among the five candidates. All candidates are oracle-feasible; do not modify them.`
  );
}

export function policyScores(policy: Policy, pool: readonly ScoredMetrics[], stressLimit: number, dispLimit: number): number[] {
  const w = POLICY_WEIGHTS[policy];
  const pMax = Math.max(...pool.map((c) => c.load_power_uw));
  const vMax = Math.max(...pool.map((c) => c.piezo_volume_mm3));
  return pool.map(
    (c) =>
      w.power * (c.load_power_uw / pMax) +
      w.stressMargin * (1 - c.tip_stress_mpa / stressLimit) +
      w.dispMargin * (1 - c.tip_disp_mm / dispLimit) -
      w.volumeCost * (c.piezo_volume_mm3 / vMax),
  );
}
