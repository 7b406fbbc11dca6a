/**
 * Verify in the page: replay verification (src/core/verify/verify.ts) of a stored run with a FRESH
 * oracle worker, made for this check and terminated after it (nothing cached from the page's runs),
 * and the bank this build ships. The outcome is stored with the run (badge in the list); the full
 * report is returned for the report view.
 */
import { vehSuite } from '../../core/veh/suite.ts';
import type { RunStore, StoredVerification } from '../../core/store/run-store.ts';
import type { VehOracle } from '../../core/veh/run/types.ts';
import { verifyRun, type ShippedBank, type VerifyReport } from '../../core/verify/verify.ts';
import { readStoredRunContent } from './stored-run-content.ts';

export interface DisposableOracle extends VehOracle {
  terminate(): void;
}

export interface PageVerifyDeps {
  createOracle: () => Promise<DisposableOracle>;
  /** null when the bank could not be loaded: bank checks are then unverifiable. */
  bank: ShippedBank | null;
  appVersion: string;
  /** ISO date now (injected clock). */
  now: () => string;
}

const MAX_SUMMARY_ITEMS = 3;

/** One line for the badge's title: "17 tasks verified", "mismatch: P2-dev-007 final.result.load_power_uw, …". */
export function verificationSummary(r: VerifyReport): string {
  if (r.outcome === 'verified') return `${r.counts.verified} task${r.counts.verified === 1 ? '' : 's'} verified, ${r.oracle_calls} oracle calls re-executed`;
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
  const oracle = await deps.createOracle();
  let report: VerifyReport;
  try {
    report = await verifyRun(vehSuite, { results: run, transcripts: run.transcripts }, { env: oracle, bank: deps.bank });
  } finally {
    oracle.terminate();
  }
  const verification = toStoredVerification(report, deps.appVersion, deps.now());
  await store.setVerification(storeId, verification);
  return { report, verification, oracleBackend: oracle.backendId };
}
