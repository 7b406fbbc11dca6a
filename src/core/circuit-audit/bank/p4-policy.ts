/**
 * Policy scoring of a circuit P4 pool. Each metric (all lower-is-better: source power, target error,
 * tolerance shift) is min–max normalised within the pool, and a policy is a weighted sum:
 * performance_first favours low power, reliability_first a low tolerance shift, balanced weighs both.
 * Score = 1 − Σ w·n, so the best candidate on every metric scores 1. Ties break by candidate id.
 */
import type { Policy } from '../../veh/task-schema.ts';
import type { CircuitP4Candidate } from '../task-schema.ts';

type Metric = 'power_mw' | 'tolerance_shift_pct' | 'target_error_pct';

export const POLICY_WEIGHTS: Readonly<Record<Policy, Readonly<Record<Metric, number>>>> = {
  performance_first: { power_mw: 0.6, tolerance_shift_pct: 0.2, target_error_pct: 0.2 },
  reliability_first: { power_mw: 0.2, tolerance_shift_pct: 0.6, target_error_pct: 0.2 },
  balanced: { power_mw: 0.4, tolerance_shift_pct: 0.4, target_error_pct: 0.2 },
};

export const POLICY_TEXT: Readonly<Record<Policy, string>> = {
  performance_first:
    'Efficiency first: rank lowest source power highest (weight 0.6); tolerance shift and target error count 0.2 each, all normalised within the pool.',
  reliability_first:
    'Robustness first: rank the smallest tolerance shift highest (weight 0.6); source power and target error count 0.2 each, all normalised within the pool.',
  balanced: 'Balanced: source power and tolerance shift weigh 0.4 each and target error 0.2, all normalised within the pool.',
};

export function policyScores(candidates: readonly CircuitP4Candidate[], policy: Policy): Record<string, number> {
  const w = POLICY_WEIGHTS[policy];
  const metrics = Object.keys(w) as Metric[];
  const range = Object.fromEntries(
    metrics.map((m) => {
      const xs = candidates.map((c) => c.metrics[m]);
      return [m, [Math.min(...xs), Math.max(...xs)]];
    }),
  ) as Record<Metric, [number, number]>;
  const scores: Record<string, number> = {};
  for (const c of candidates) {
    let s = 1;
    for (const m of metrics) {
      const [lo, hi] = range[m];
      s -= w[m] * (hi > lo ? (c.metrics[m] - lo) / (hi - lo) : 0);
    }
    scores[c.id] = s;
  }
  return scores;
}

/** Candidate ids, best first under `policy`. */
export function policyOrder(candidates: readonly CircuitP4Candidate[], policy: Policy): string[] {
  const s = policyScores(candidates, policy);
  return candidates
    .map((c) => c.id)
    .sort((a, b) => (s[b] as number) - (s[a] as number) || a.localeCompare(b));
}
