/**
 * Verify in the page: replay verification (src/core/verify/verify.ts) of a stored run with a FRESH
 * oracle worker, made for this check and terminated after it (nothing cached from the page's runs),
 * and the bank this build ships. The outcome is stored with the run (badge in the list); the full
 * report is returned for the report view.
 *
 * A run imported from a signed export keeps its signature block; it is checked again here against
 * the content as stored now, so a run changed in the store after import reads as a bad signature.
 */
import type { SuiteEnvironment } from '../../core/run/types.ts';
import type { RunStore, StoredVerification } from '../../core/store/run-store.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import { verifyRun, type ShippedBank, type VerifyReport } from '../../core/verify/verify.ts';
import { readStoredRunContent } from './stored-run-content.ts';
import { VERDICT_TEXT } from '../../core/verify/rederive.ts';
import { runContentHash } from '../../core/export/run-export.ts';
import { checkExportSignature, type ExportSignatureState } from '../../core/verify/export-signature.ts';

export interface DisposableEnvironment extends SuiteEnvironment {
  terminate(): void;
}

export interface PageVerifyDeps {
  /** Where the run's suite comes from (the registry): by the stored run's suite id. */
  suites: { get(id: string): AnySuite };
  /** A fresh environment (worker) of the run's suite, for this check only. */
  createEnvironment: (suiteId: string) => Promise<DisposableEnvironment>;
  /** The suite's shipped bank; null when it could not be loaded: bank checks are then unverifiable. */
  bank: (suiteId: string) => ShippedBank | null;
  appVersion: string;
  /** ISO date now (injected clock). */
  now: () => string;
  /** WebCrypto for the signature check (default the page's; null where the page has none: not checked). */
  subtle?: SubtleCrypto | null;
}

const MAX_SUMMARY_ITEMS = 3;

/** One line for the badge's title: "17 tasks verified", "mismatch: P2-dev-007 final.result.load_power_uw, …". */
export function verificationSummary(r: VerifyReport): string {
  if (r.outcome === 'verified') return `${r.counts.verified} task${r.counts.verified === 1 ? '' : 's'} verified, ${r.oracle_calls} oracle calls re-executed${r.verdict ? `; ${VERDICT_TEXT[r.verdict]}` : ''}`;
  if (r.outcome === 'mismatch') {
    const items = [
      ...r.file_diffs.map((d) => `file ${d.path}`),
      ...r.tasks.filter((t) => t.outcome === 'mismatch').map((t) => `${t.task_id} ${t.diffs[0]?.path ?? ''}`.trim()),
      ...r.metric_diffs.map((d) => `metric ${d.path}`),
    ];
    const more = items.length > MAX_SUMMARY_ITEMS ? `, … (${items.length - MAX_SUMMARY_ITEMS} more)` : '';
    return `mismatch: ${items.slice(0, MAX_SUMMARY_ITEMS).join(', ')}${more}`;
  }
  const why = r.unverifiable[0] ?? r.tasks.find((t) => t.outcome === 'unverifiable')?.unverifiable[0] ?? 'a check could not be made';
  return `unverifiable: ${why}`;
}

export function toStoredVerification(r: VerifyReport, appVersion: string, checkedAt: string, signature?: ExportSignatureState): StoredVerification {
  return { outcome: r.outcome, checked_at: checkedAt, app_version: appVersion, counts: { ...r.counts }, summary: verificationSummary(r), ...(signature !== undefined ? { signature } : {}) };
}

export async function verifyStoredRun(store: RunStore, storeId: string, deps: PageVerifyDeps): Promise<{ report: VerifyReport; verification: StoredVerification; oracleBackend: string }> {
  const run = await readStoredRunContent(store, storeId);
  const suite = deps.suites.get(run.manifest.suite);
  const oracle = await deps.createEnvironment(suite.descriptor.id);
  let report: VerifyReport;
  try {
    report = await verifyRun(suite, { results: run, transcripts: run.transcripts }, { env: oracle, bank: deps.bank(suite.descriptor.id) });
  } finally {
    oracle.terminate();
  }
  const subtle = deps.subtle === undefined ? (globalThis.crypto?.subtle ?? null) : deps.subtle;
  let signature: ExportSignatureState | undefined;
  if (run.summary.signature === undefined) signature = { state: 'unsigned' };
  else if (subtle !== null) signature = await checkExportSignature({ ...run, content_sha256: runContentHash(run), signature: run.summary.signature }, subtle);
  if (signature?.state === 'bad') {
    // As in the CLI: a signature that no longer verifies is a failure on the field `signature`.
    report.file_diffs.unshift({ check: 'file', path: 'signature', claimed: 'a valid signature over the content', recomputed: 'bad signature', note: signature.reason });
    report.outcome = 'mismatch';
  }
  const verification = toStoredVerification(report, deps.appVersion, deps.now(), signature);
  await store.setVerification(storeId, verification);
  return { report, verification, oracleBackend: oracle.backendId };
}
