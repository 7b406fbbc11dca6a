/**
 * Every stored run, re-scored from its rows for the leaderboard (src/core/leaderboard/leaderboard.ts).
 * One query per run, keyed under the run's rows so that a new commit or an import refreshes exactly
 * that run; the verification outcome is in the key, so a Verify moves the entry's badge at once.
 * Runs still `running` are left out: their numbers change with every task. Trusted runs (made here,
 * or replay-verified) keep their stored metrics; every other run is re-scored on the main thread.
 */
import { useQueries } from '@tanstack/react-query';
import { scoreRun, type ScoredRun } from '../../core/leaderboard/leaderboard.ts';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import { getRunStore, runsQueryKeys, useStoredRuns } from '../data/run-store.ts';
import { SUITES } from '../../core/suites.ts';

export interface ScoredRunsState {
  runs: ScoredRun[];
  /** All stored summaries (for the compare picker and the filter menus). */
  summaries: StoredRunSummary[];
  pending: boolean;
  error: unknown;
  refetch: () => void;
}

async function loadAndScore(s: StoredRunSummary): Promise<ScoredRun> {
  const store = getRunStore();
  const [run, tasks] = await Promise.all([store.getRun(s.store_id), store.readRows(s.store_id)]);
  return scoreRun(SUITES.get(s.suite), {
    summary: run?.summary ?? s,
    rows: tasks.map((t) => t.row),
    claimed: run?.metrics ?? null,
    task_filter: run?.manifest?.task_filter ?? s.recipe?.filters ?? {},
  }, { reuseTrustedMetrics: true });
}

export function useScoredRuns(): ScoredRunsState {
  const list = useStoredRuns();
  const summaries = list.data ?? [];
  // A damaged record or a run of a suite this build lacks has nothing to score.
  const scorable = summaries.filter((s) => s.status !== 'running' && SUITES.has(s.suite));
  const scored = useQueries({
    queries: scorable.map((s) => ({
      queryKey: [...runsQueryKeys.rows(s.store_id), 'scored', s.done_count, s.status, s.verification?.outcome ?? 'none'] as const,
      queryFn: () => loadAndScore(s),
      retry: false,
      staleTime: Infinity,
    })),
  });
  const firstError = scored.find((q) => q.isError)?.error ?? (list.isError ? list.error : null);
  return {
    runs: scored.flatMap((q) => (q.data ? [q.data] : [])),
    summaries,
    pending: list.isPending || scored.some((q) => q.isPending),
    error: firstError,
    refetch: () => {
      void list.refetch();
      for (const q of scored) if (q.isError) void q.refetch();
    },
  };
}
