/**
 * Verifier-authored state summary for the P3 intervention (Appendix N.4): the raw corrupted history
 * is replaced by a deterministic digest of already-observed, trusted fields only — the verifier's
 * own responses and the designs it evaluated. Free-text notes (where the corruption lives) are
 * dropped. Fields: current step, latest proposal, latest verifier state, best-so-far feasible
 * proposal, short-horizon objective and violation trends, and whether new violations appeared.
 */
import type { VehDesign } from '../oracle.ts';
import type { HistoryStep } from '../task-schema.ts';

/** Steps covered by the short-horizon trends. */
export const TREND_HORIZON = 3;

export interface StateSummary {
  current_step: number;
  latest_proposal: VehDesign;
  latest_verifier_state: {
    feasible: boolean;
    metrics: Record<string, number>;
    violations: string[];
  };
  best_feasible_so_far: { step: number; design: VehDesign; load_power_uw: number | null } | null;
  recent_trend: {
    steps: number[];
    load_power_uw: (number | null)[];
    /** The verifier's total violation where its metrics carry it, else null. */
    total_violation: (number | null)[];
    violation_count: number[];
    objective: 'rising' | 'falling' | 'flat' | 'unknown';
    violations: 'rising' | 'falling' | 'flat';
  };
  new_violations_introduced: boolean;
  new_violations: string[];
}

const metric = (s: HistoryStep, key: string): number | null => {
  const v = s.verifier_response.metrics[key];
  return typeof v === 'number' ? v : null;
};
const power = (s: HistoryStep): number | null => metric(s, 'load_power_uw');

function direction(first: number, last: number): 'rising' | 'falling' | 'flat' {
  if (last > first * (1 + 1e-9) + 1e-12) return 'rising';
  if (last < first * (1 - 1e-9) - 1e-12) return 'falling';
  return 'flat';
}

export function buildStateSummary(history: readonly HistoryStep[]): StateSummary {
  const latest = history[history.length - 1];
  if (!latest) throw new Error('state summary needs at least one history step');
  const previous = history[history.length - 2];

  let best: StateSummary['best_feasible_so_far'] = null;
  for (const s of history) {
    if (!s.verifier_response.feasible) continue;
    const p = power(s);
    if (best === null || (p !== null && (best.load_power_uw === null || p > best.load_power_uw))) {
      best = { step: s.step, design: s.design, load_power_uw: p };
    }
  }

  const recent = history.slice(-TREND_HORIZON);
  const powers = recent.map(power);
  const counts = recent.map((s) => s.verifier_response.violations.length);
  const firstP = powers[0];
  const lastP = powers[powers.length - 1];
  const objective = firstP == null || lastP == null ? 'unknown' : direction(firstP, lastP);

  const before = new Set(previous ? previous.verifier_response.violations : []);
  const fresh = previous ? latest.verifier_response.violations.filter((v) => !before.has(v)) : [];

  return {
    current_step: latest.step,
    latest_proposal: latest.design,
    latest_verifier_state: {
      feasible: latest.verifier_response.feasible,
      metrics: latest.verifier_response.metrics,
      violations: latest.verifier_response.violations,
    },
    best_feasible_so_far: best,
    recent_trend: {
      steps: recent.map((s) => s.step),
      load_power_uw: powers,
      total_violation: recent.map((s) => metric(s, 'total_violation')),
      violation_count: counts,
      objective,
      violations: direction(counts[0] ?? 0, counts[counts.length - 1] ?? 0),
    },
    new_violations_introduced: fresh.length > 0,
    new_violations: fresh,
  };
}
