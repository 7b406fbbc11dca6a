/**
 * Verifier text for an evaluated circuit design (the oracle_feedback of corrupted-history steps):
 * the primary quantity against its target and band, then each enforced limit with its verdict.
 */
import { FAMILY_TARGET } from '../oracle.ts';
import type { CircuitHistoryStep, EvaluatedCircuitDesign } from '../task-schema.ts';
import { sig, type CircuitSpace } from './common.ts';

export function circuitFeedback(space: CircuitSpace, e: EvaluatedCircuitDesign): string {
  const { quantity, unit } = FAMILY_TARGET[space.family];
  const r = e.result;
  const l = space.limits;
  const parts: string[] = [];
  const band = l.max_target_error_pct;
  if (band !== undefined) {
    const dir = r.target_error_pct <= band ? 'within band' : r.target_value > space.context.target_value ? 'too high' : 'too low';
    parts.push(`${quantity} = ${sig(r.target_value, 4)} ${unit} (target ${space.context.target_value} ${unit} ± ${band} %): ${dir}`);
  }
  if (l.max_source_current_ma !== undefined) {
    const ok = r.source_current_ma <= l.max_source_current_ma;
    parts.push(`source current ${sig(r.source_current_ma, 4)} mA ${ok ? '≤' : '>'} ${l.max_source_current_ma} mA${ok ? '' : ' (violated)'}`);
  }
  if (l.max_tolerance_shift_pct !== undefined) {
    const ok = r.tolerance_shift_pct <= l.max_tolerance_shift_pct;
    parts.push(`tolerance shift ${sig(r.tolerance_shift_pct, 4)} % ${ok ? '≤' : '>'} ${l.max_tolerance_shift_pct} %${ok ? '' : ' (violated)'}`);
  }
  if (l.min_q !== undefined) {
    const ok = r.q_factor >= l.min_q;
    parts.push(`Q ${sig(r.q_factor, 4)} ${ok ? '≥' : '<'} ${l.min_q}${ok ? '' : ' (violated)'}`);
  }
  parts.push(r.feasible ? 'feasible' : 'infeasible');
  return parts.join('; ');
}

/** The metrics a history step reports (the oracle's numbers, full precision). */
export function stepMetrics(e: EvaluatedCircuitDesign): Record<string, number> {
  const r = e.result;
  const m: Record<string, number> = {
    target_value: r.target_value,
    target_error_pct: r.target_error_pct,
    source_current_ma: r.source_current_ma,
    power_mw: r.power_mw,
    tolerance_shift_pct: r.tolerance_shift_pct,
  };
  if (e.result.family === 'rlc_bandpass') m.q_factor = r.q_factor;
  return m;
}

export function historyStep(space: CircuitSpace, step: number, e: EvaluatedCircuitDesign, note: string): CircuitHistoryStep {
  return {
    step,
    design: e.design,
    verifier_response: { feasible: e.result.feasible, metrics: stepMetrics(e), violations: e.violations, oracle_feedback: circuitFeedback(space, e) },
    note,
  };
}
