/**
 * The three downloads of a stored run: the versioned JSON export (what import and `verify` read),
 * results.md and ATIF trajectories (JSON Lines). Built in the page from the store; no network.
 */
import { runToAtifJsonl } from '../../core/export/atif.ts';
import { renderExportMarkdown } from '../../core/export/results-markdown.ts';
import { buildRunExport, exportFileStem } from '../../core/export/run-export.ts';
import type { RunStore } from '../../core/store/run-store.ts';
import { downloadBlob } from '../charts/chart-export.ts';
import { readStoredRunContent } from './stored-run-content.ts';
import { SUITES } from '../../core/suites.ts';

export type DownloadKind = 'json' | 'markdown' | 'atif';

export interface DownloadContext {
  appVersion: string;
  buildId: string | null;
  /** The shipped bank's hash and generator version: the suite version is named only for runs on that bank. */
  bank: { hash: string; version: string } | null;
  now: () => string;
}

export async function downloadStoredRun(store: RunStore, storeId: string, kind: DownloadKind, ctx: DownloadContext): Promise<void> {
  const run = await readStoredRunContent(store, storeId);
  const suite = SUITES.get(run.manifest.suite);
  // The run id starts with the suite's own prefix (veh-…, circuit-…).
  const stem = exportFileStem(run.manifest.run_id);
  if (kind === 'json') {
    const suiteVersion = ctx.bank !== null && ctx.bank.hash === run.manifest.bank_hash ? ctx.bank.version : null;
    const file = buildRunExport(suite, run, { exported_at: ctx.now(), app_version: ctx.appVersion, build_id: ctx.buildId, suite_version: suiteVersion });
    downloadBlob(`${stem}.json`, new Blob([JSON.stringify(file, null, 1)], { type: 'application/json' }));
  } else if (kind === 'markdown') {
    downloadBlob(`${stem}.results.md`, new Blob([renderExportMarkdown(suite, run)], { type: 'text/markdown' }));
  } else {
    downloadBlob(`${stem}.atif.jsonl`, new Blob([runToAtifJsonl(suite.interop, run.manifest, run.transcripts)], { type: 'application/jsonl' }));
  }
}
