/**
 * Which leaderboard the page shows, from the URL: `view` is `suite` (all four stages side by side)
 * or a probe, `metric` a metric key of that probe (its headline by default). Kept beside the filters
 * (src/core/leaderboard/filters.ts) in the hash, so a leaderboard view is a shareable link.
 */
import { HEADLINE_METRICS } from '../../core/veh/run/headline.ts';
import { PROBES, type Probe } from '../../core/veh/task-schema.ts';

export type LeaderboardView = { kind: 'suite' } | { kind: 'probe'; probe: Probe; metric: string };

export function viewFromQuery(q: URLSearchParams): LeaderboardView {
  const v = q.get('view');
  const probe = PROBES.find((p) => p === v);
  if (!probe) return { kind: 'suite' };
  const metric = q.get('metric');
  return { kind: 'probe', probe, metric: metric && /^[a-z0-9_]+$/.test(metric) ? metric : HEADLINE_METRICS[probe].key };
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
