/**
 * A stored run read back whole (manifest, rows, metrics, transcripts), for export, verification and
 * the `?results=` dedupe. Only finished runs have a manifest and metrics; a running or interrupted
 * run gets a clear error instead.
 */
import type { RunContent } from '../../core/export/run-export.ts';
import type { RunStore, StoredRunSummary } from '../../core/store/run-store.ts';

export class RunNotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunNotReadyError';
  }
}

export interface StoredRunContent extends RunContent {
  summary: StoredRunSummary;
}

export async function readStoredRunContent(store: RunStore, storeId: string): Promise<StoredRunContent> {
  const run = await store.getRun(storeId);
  if (!run) throw new RunNotReadyError(`Run ${storeId} is no longer stored.`);
  const { summary, manifest, metrics } = run;
  if (!manifest || !metrics || summary.status === 'running' || summary.status === 'interrupted') {
    throw new RunNotReadyError(`Run ${summary.run_id} is ${summary.status}: it has no final manifest and metrics yet. Finish or resume it first.`);
  }
  const [tasks, transcripts] = await Promise.all([store.readRows(storeId), store.readTranscripts(storeId)]);
  return { summary, status: manifest.status, error: summary.error, manifest, metrics, rows: tasks.map((t) => t.row), transcripts };
}
