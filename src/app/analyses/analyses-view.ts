/**
 * What the Analyses page shows, kept in the URL hash (`#/analyses?kind=profiles&runs=id1,id2`) so a
 * view can be bookmarked and shared; store ids are URL-encoded by URLSearchParams.
 */
import { isAnalysisKind, type AnalysisKind } from '../../core/analyses/analyses.ts';

export interface AnalysesView {
  kind: AnalysisKind;
  runs: string[];
}

export const DEFAULT_KIND: AnalysisKind = 'profiles';

export function analysesViewFromQuery(query: URLSearchParams): AnalysesView {
  const k = query.get('kind') ?? '';
  const runs = (query.get('runs') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return { kind: isAnalysisKind(k) ? k : DEFAULT_KIND, runs: [...new Set(runs)] };
}

export function analysesQuery(view: AnalysesView): URLSearchParams {
  const q = new URLSearchParams({ kind: view.kind });
  if (view.runs.length > 0) q.set('runs', view.runs.join(','));
  return q;
}

/** The selection with `id` toggled, keeping the order runs were picked in (paired deltas read A then B). */
export function toggleRun(runs: readonly string[], id: string): string[] {
  return runs.includes(id) ? runs.filter((r) => r !== id) : [...runs, id];
}
