/**
 * Cancel on the Run page is a pause: the stored run is left `interrupted` (with a note saying the
 * user paused it) instead of being finished as `cancelled`, so the interrupted-run banner on the Run
 * page, and the Runs page, offer Resume, which continues with the tasks not yet committed through
 * the same path as a run whose tab closed (resume-plan.ts, resumeStoredRun). The engine still
 * reports the run as cancelled with its finished rows and partial metrics; only the stored record
 * differs, and a resumed run then finishes with a manifest and metrics over every task.
 */
import type { RunStore, StoredRunSummary } from '../../core/store/run-store.ts';

/** The note a paused run carries (its summary's `error`), which is how lists tell a pause from a crash. */
export const PAUSED_NOTE = 'Paused: you cancelled this run. Resume continues with the tasks it has not done.';

export function isPausedRun(summary: Pick<StoredRunSummary, 'status' | 'error'>): boolean {
  return summary.status === 'interrupted' && summary.error === PAUSED_NOTE;
}

/** `store`, except that finishing a run as cancelled leaves it interrupted (paused) for Resume. */
export function pauseOnCancel(store: RunStore): RunStore {
  return Object.assign(Object.create(store) as RunStore, {
    finishRun: (storeId: string, end: Parameters<RunStore['finishRun']>[1]) =>
      end.status === 'cancelled' ? store.markInterrupted(storeId, PAUSED_NOTE) : store.finishRun(storeId, end),
  });
}
