/**
 * Verify in the page: replay verification (src/core/verify/verify.ts) of a stored run with a FRESH
 * oracle worker, made for this check and terminated after it (nothing cached from the page's runs),
 * and the bank this build ships. The outcome is stored with the run (badge in the list); the full
 * report is returned for the report view.
 */
import type { SuiteEnvironment } from '../../core/run/types.ts';
import type { RunStore, StoredVerification } from '../../core/store/run-store.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import { verifyRun, type ShippedBank, type VerifyReport } from '../../core/verify/verify.ts';
import { readStoredRunContent } from './stored-run-content.ts';
import { VERDICT_TEXT } from '../../core/verify/rederive.ts';

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

export function toStoredVerification(r: VerifyReport, appVersion: string, checkedAt: string): StoredVerification {
  return { outcome: r.outcome, checked_at: checkedAt, app_version: appVersion, counts: { ...r.counts }, summary: verificationSummary(r) };
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
  const verification = toStoredVerification(report, deps.appVersion, deps.now());
  await store.setVerification(storeId, verification);
  return { report, verification, oracleBackend: oracle.backendId };
}
