/**
 * The three downloads of a stored run: the versioned JSON export (what import and `verify` read),
 * results.md and ATIF trajectories (JSON Lines). Built in the page from the store; no network.
 * The JSON export is signed when the user made a signing key in Settings (signing-key-store.ts):
 * only the public key and the signature go into the file.
 */
import { runToAtifJsonl } from '../../core/export/atif.ts';
import { renderExportMarkdown } from '../../core/export/results-markdown.ts';
import { buildRunExport, exportFileStem, type RunExport } from '../../core/export/run-export.ts';
import { signRunExport } from '../../core/verify/export-signature.ts';
import type { SigningKeyPair } from '../../adapters/browser/signing-key-store.ts';
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
  /** The key to sign the JSON export with, if the user made one (null or absent: unsigned). */
  signingKey?: () => Promise<SigningKeyPair | null>;
  /** WebCrypto to sign with (default the page's). */
  subtle?: SubtleCrypto;
}

/** The run's JSON export as the download writes it: signed when a signing key is active. */
export async function storedRunExport(store: RunStore, storeId: string, ctx: DownloadContext): Promise<RunExport> {
  const run = await readStoredRunContent(store, storeId);
  const suite = SUITES.get(run.manifest.suite);
  const suiteVersion = ctx.bank !== null && ctx.bank.hash === run.manifest.bank_hash ? ctx.bank.version : null;
  const file = buildRunExport(suite, run, { exported_at: ctx.now(), app_version: ctx.appVersion, build_id: ctx.buildId, suite_version: suiteVersion });
  const key = ctx.signingKey ? await ctx.signingKey() : null;
  if (key === null) return file;
  const subtle = ctx.subtle ?? globalThis.crypto.subtle;
  return signRunExport(file, subtle, key.privateKey, key.publicKey);
}

export async function downloadStoredRun(store: RunStore, storeId: string, kind: DownloadKind, ctx: DownloadContext): Promise<void> {
  const run = await readStoredRunContent(store, storeId);
  const suite = SUITES.get(run.manifest.suite);
  // The run id starts with the suite's own prefix (veh-…, circuit-…).
  const stem = exportFileStem(run.manifest.run_id);
  if (kind === 'json') {
    const file = await storedRunExport(store, storeId, ctx);
    downloadBlob(`${stem}.json`, new Blob([JSON.stringify(file, null, 1)], { type: 'application/json' }));
  } else if (kind === 'markdown') {
    downloadBlob(`${stem}.results.md`, new Blob([renderExportMarkdown(suite, run)], { type: 'text/markdown' }));
  } else {
    downloadBlob(`${stem}.atif.jsonl`, new Blob([runToAtifJsonl(suite.interop, run.manifest, run.transcripts)], { type: 'application/jsonl' }));
  }
}
