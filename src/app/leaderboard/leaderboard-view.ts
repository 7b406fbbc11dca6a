/**
 * Which leaderboard the page shows, from the URL: `suite` picks the benchmark (boards never mix
 * suites), `view` is `suite` (every task group side by side) or one group (VEH: a probe), `metric`
 * a metric key of that group (its headline by default). Kept beside the filters
 * (src/core/leaderboard/filters.ts) in the hash, so a leaderboard view is a shareable link.
 */
import type { AnySuite } from '../../core/suite/contract.ts';

/** `probe` is the task group (VEH's probes; other suites' categories), kept under its first name. */
export type LeaderboardView = { kind: 'suite' } | { kind: 'probe'; probe: string; metric: string };

export function viewFromQuery(suite: AnySuite, q: URLSearchParams): LeaderboardView {
  const v = q.get('view');
  const probe = suite.groups.ids.find((p) => p === v);
  if (!probe) return { kind: 'suite' };
  const metric = q.get('metric');
  return { kind: 'probe', probe, metric: metric && /^[a-z0-9_]+$/.test(metric) ? metric : (suite.groups.headline[probe]?.key ?? '') };
}

/** A copy of `q` with `changes` applied; an empty string or null removes the parameter. */
export function withParams(q: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(q);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === '') next.delete(k);
    else next.set(k, v);
  }
  return next;
}
