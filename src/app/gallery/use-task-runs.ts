/**
 * The stored runs (the Runs page's store) that include one task: for each run of the suite, the
 * task's index in it and its stored row, so the gallery links straight to that task's transcript.
 */
import { useQueries } from '@tanstack/react-query';
import type { StoredRunSummary, StoredTask } from '../../core/store/run-store.ts';
import { getRunStore, runsQueryKeys, useStoredRuns } from '../data/run-store.ts';

export interface TaskInRun {
  summary: StoredRunSummary;
  task: StoredTask;
}

export function useTaskRuns(suiteId: string, taskId: string): { runs: TaskInRun[]; pending: boolean; error: unknown } {
  const list = useStoredRuns();
  const summaries = (list.data ?? []).filter((s) => s.suite === suiteId && s.done_count > 0);
  return useQueries({
    queries: summaries.map((s) => ({ queryKey: runsQueryKeys.rows(s.store_id), queryFn: () => getRunStore().readRows(s.store_id), retry: false })),
    combine: (results) => ({
      runs: results.flatMap((r, i) => {
        const summary = summaries[i];
        const task = r.data?.find((t) => t.row.task_id === taskId);
        return summary && task ? [{ summary, task }] : [];
      }),
      pending: list.isPending || results.some((r) => r.isPending),
      error: list.error ?? results.find((r) => r.error)?.error ?? null,
    }),
  });
}
