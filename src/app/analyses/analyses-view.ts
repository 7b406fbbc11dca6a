/**
 * What the Analyses page shows, kept in the URL hash (`#/analyses?suite=veh&kind=profiles&runs=id1,id2`)
 * so a view can be bookmarked and shared; store ids are URL-encoded by URLSearchParams. The kind is
 * one of the suite's analyses (its first by default).
 */
import type { AnySuite } from '../../core/suite/contract.ts';

export interface AnalysesView {
  suite: string;
  kind: string;
  runs: string[];
}

export function analysesViewFromQuery(suite: AnySuite, query: URLSearchParams): AnalysesView {
  const k = query.get('kind') ?? '';
  const kinds = suite.analyses.map((a) => a.kind);
  const runs = (query.get('runs') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return { suite: suite.descriptor.id, kind: kinds.includes(k) ? k : (kinds[0] ?? ''), runs: [...new Set(runs)] };
}

export function analysesQuery(view: AnalysesView): URLSearchParams {
  const q = new URLSearchParams({ suite: view.suite, kind: view.kind });
  if (view.runs.length > 0) q.set('runs', view.runs.join(','));
  return q;
}

/** The selection with `id` toggled, keeping the order runs were picked in (paired deltas read A then B). */
export function toggleRun(runs: readonly string[], id: string): string[] {
  return runs.includes(id) ? runs.filter((r) => r !== id) : [...runs, id];
}
