/**
 * Loads the picked stored runs (manifest and rows) for the analyses. Uses the run store's query keys,
 * so a run that gets new rows or is deleted refreshes the analysis. `combine` is a module-level
 * function, so react-query re-runs it (and hands back a new `runs` array) only when a query's result
 * changes: the page can memoise the analysis on that array.
 */
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { AnalysisInput as AnalysisRun } from '../../core/analyses/suite-analyses.ts';
import type { StoredRun, StoredTask } from '../../core/store/run-store.ts';
import { getRunStore, runsQueryKeys } from '../data/run-store.ts';

export interface AnalysisRunsState {
  runs: AnalysisRun[] | null;
  /** Positions (in the picked ids) of runs that are not stored (deleted since the link was made). */
  missing: number[];
  error: unknown;
  pending: boolean;
  refetch: () => void;
}

type Result = UseQueryResult<StoredRun | null> | UseQueryResult<StoredTask[]>;

/** Results come as [getRun × n, readRows × n], in the order of the picked ids. */
function combine(results: Result[]): AnalysisRunsState {
  const n = results.length / 2;
  const refetch = () => results.forEach((q) => void q.refetch());
  const failed = results.find((q) => q.isError);
  if (failed) return { runs: null, missing: [], error: failed.error, pending: false, refetch };
  if (results.some((q) => q.isPending)) return { runs: null, missing: [], error: null, pending: true, refetch };
  const runs: AnalysisRun[] = [];
  const missing: number[] = [];
  for (let i = 0; i < n; i++) {
    const run = results[i]?.data as StoredRun | null | undefined;
    const tasks = results[n + i]?.data as StoredTask[] | undefined;
    if (!run || !tasks) {
      missing.push(i);
      continue;
    }
    // Keyed by store id, so two imports of one run stay apart and every source links back to it.
    runs.push({ run_id: run.summary.store_id, manifest: run.manifest, rows: tasks.map((t) => t.row) });
  }
  return { runs, missing, error: null, pending: false, refetch };
}

export function useAnalysisRuns(ids: readonly string[]): AnalysisRunsState {
  return useQueries({
    queries: [
      ...ids.map((id) => ({ queryKey: runsQueryKeys.detail(id), queryFn: () => getRunStore().getRun(id), retry: false })),
      ...ids.map((id) => ({ queryKey: runsQueryKeys.rows(id), queryFn: () => getRunStore().readRows(id), retry: false })),
    ],
    combine: combine as (results: UseQueryResult[]) => AnalysisRunsState,
  });
}
