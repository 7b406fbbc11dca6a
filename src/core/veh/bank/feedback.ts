/**
 * Verifier responses as a P3 history shows them: the true oracle outputs, the violated constraints
 * and a plain-language feedback line written from those outputs (never from the corrupted notes).
 */
import type { Limits, OracleResult } from '../oracle.ts';
import { totalViolation, violatedConstraints } from '../violation.ts';
import { sig } from './task-common.ts';

export function verifierResponse(r: OracleResult, limits: Limits, frequencyHz: number) {
  return {
    feasible: r.feasible,
    metrics: {
      resonant_freq_hz: r.resonant_freq_hz,
      load_power_uw: r.load_power_uw,
      tip_stress_mpa: r.tip_stress_mpa,
      tip_disp_mm: r.tip_disp_mm,
      freq_error_pct: r.freq_error_pct,
      total_violation: totalViolation(r, limits),
    },
    violations: violatedConstraints(r, limits),
    oracle_feedback: feedbackText(r, limits, frequencyHz),
  };
}

export function feedbackText(r: OracleResult, limits: Limits, frequencyHz: number): string {
  const tol = limits.max_freq_error_pct / 100;
  const band = `${sig(frequencyHz * (1 - tol), 4)}–${sig(frequencyHz * (1 + tol), 4)} Hz`;
  const parts: string[] = [];
  const fr = sig(r.resonant_freq_hz, 4);
  if (r.slack_freq_pct >= 0) parts.push(`frequency ${fr} Hz within the ${band} band`);
  else if (r.resonant_freq_hz < frequencyHz) parts.push(`frequency ${fr} Hz is below the ${band} band; decrease length or tip mass, or stiffen the beam`);
  else parts.push(`frequency ${fr} Hz is above the ${band} band; increase length or tip mass, or make the beam more compliant`);
  const p = sig(r.load_power_uw, 4);
  parts.push(r.slack_power_uw >= 0 ? `power ${p} µW meets the ${limits.min_power_uw} µW floor` : `power ${p} µW is below the ${limits.min_power_uw} µW floor`);
  const s = sig(r.tip_stress_mpa, 4);
  parts.push(r.slack_stress_mpa >= 0 ? `stress ${s} MPa within ${limits.max_stress_mpa} MPa` : `stress ${s} MPa exceeds ${limits.max_stress_mpa} MPa`);
  const w = sig(r.tip_disp_mm, 4);
  parts.push(r.slack_disp_mm >= 0 ? `tip displacement ${w} mm within ${limits.max_disp_mm} mm` : `tip displacement ${w} mm exceeds ${limits.max_disp_mm} mm`);
  return `${r.feasible ? 'feasible' : 'infeasible'}: ${parts.join('; ')}.`;
}
