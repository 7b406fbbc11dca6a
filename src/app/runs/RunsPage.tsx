import { useState } from 'react';
import { createPageEnvironment } from '../../adapters/browser/suite-environments.ts';
import { SUITES } from '../../core/suites.ts';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import { HASH_NOTE } from '../../core/verify/verify.ts';
import { APP_VERSION } from '../app-version.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Loading } from '../components/Loading.tsx';
import { getRunStore, useStoredRuns } from '../data/run-store.ts';
import { useSuiteBanks } from '../data/use-suite-bank.ts';
import { BUILD_ID } from './build-id.ts';
import { ClearAllPanel } from './ClearAllPanel.tsx';
import { ImportPanel } from './ImportPanel.tsx';
import { RunListRow } from './RunListRow.tsx';
import { runName, runNames } from './run-names.ts';
import { downloadStoredRun, type DownloadKind } from './run-downloads.ts';
import { sessionSigningKey } from '../data/signing-key.ts';
import { StoragePanel } from './StoragePanel.tsx';
import { verifyStoredRun } from './verify-stored-run.ts';
import { VerifyReportView, type ShownReport } from './VerifyReportView.tsx';

const nowIso = (): string => new Date().toISOString();

/** The runs library (`#/runs`): every stored run, local or imported, with import, export, Verify and delete. */
export function RunsPage({ query }: { query: URLSearchParams }) {
  const runs = useStoredRuns();
  const { banks, pending: banksPending } = useSuiteBanks();
  const [verifying, setVerifying] = useState<ReadonlySet<string>>(new Set());
  const [reports, setReports] = useState<ReadonlyMap<string, ShownReport>>(new Map());
  const [shown, setShown] = useState<string | null>(query.get('report'));
  const [actionError, setActionError] = useState<{ title: string; error: unknown } | null>(null);

  const verifyBlocked = banksPending ? 'Loading the task banks…' : null;

  const onVerify = (s: StoredRunSummary) => {
    setActionError(null);
    setVerifying((v) => new Set(v).add(s.store_id));
    verifyStoredRun(getRunStore(), s.store_id, {
      // A fresh worker for this check only, terminated after it: nothing cached from the page's own runs.
      suites: SUITES,
      createEnvironment: createPageEnvironment,
      bank: (suiteId) => {
        const b = banks.get(suiteId);
        return b ? { hash: b.bankHash, tasks: b.tasks } : null;
      },
      appVersion: APP_VERSION,
      now: nowIso,
    })
      .then(({ report, oracleBackend }) => {
        setReports((m) => new Map(m).set(s.store_id, { storeId: s.store_id, label: `${s.label} (${s.run_id})`, report, oracleBackend }));
        setShown(s.store_id);
      })
      .catch((e: unknown) => setActionError({ title: `Verify of ${s.run_id} failed`, error: e }))
      .finally(() =>
        setVerifying((v) => {
          const next = new Set(v);
          next.delete(s.store_id);
          return next;
        }),
      );
  };

  const onDownload = (s: StoredRunSummary, kind: DownloadKind) => {
    setActionError(null);
    // The suite version is named only for a run on the bank this build ships for its suite.
    const b = banks.get(s.suite);
    const ctx = { appVersion: APP_VERSION, buildId: BUILD_ID, bank: b && SUITES.has(s.suite) ? { hash: b.bankHash, version: SUITES.get(s.suite).descriptor.version } : null, now: nowIso, signingKey: sessionSigningKey.active };
    downloadStoredRun(getRunStore(), s.store_id, kind, ctx).catch((e: unknown) => setActionError({ title: `Export of ${s.run_id} failed`, error: e }));
  };

  const onDelete = (s: StoredRunSummary) => {
    setActionError(null);
    getRunStore()
      .deleteRun(s.store_id)
      .then(() => {
        setReports((m) => {
          const next = new Map(m);
          next.delete(s.store_id);
          return next;
        });
      })
      .catch((e: unknown) => setActionError({ title: `Delete of ${s.run_id} failed`, error: e }));
  };

  const onClearAll = async () => {
    setActionError(null);
    try {
      await getRunStore().clearAll();
      setReports(new Map());
      setShown(null);
    } catch (e) {
      setActionError({ title: 'Clearing the stored runs failed', error: e });
    }
  };

  const shownReport = shown !== null ? reports.get(shown) : undefined;
  const names = runNames(runs.data ?? []);

  return (
    <>
      <h1>Runs</h1>
      <p className="intro">
        Every run made in this browser is kept here as it goes, task by task, next to runs imported from files or links. Export a run
        as one JSON file (what import and <code>proving-ground verify</code> read), as results.md or as ATIF trajectories. Verify
        re-grades every task from its transcript and re-executes every logged oracle call on a fresh oracle worker.
      </p>
      {actionError && <ErrorPanel title={actionError.title} error={actionError.error} />}
      <section className="panel" aria-labelledby="runs-list-heading">
        <div className="panel-heading">
          <h2 id="runs-list-heading">Stored runs{runs.data ? ` (${runs.data.length})` : ''}</h2>
          <ClearAllPanel runCount={runs.data?.length ?? 0} onClear={onClearAll} />
        </div>
        {runs.isPending && <Loading what="the stored runs" />}
        {runs.isError && <ErrorPanel title="The stored runs could not be read" error={runs.error} onRetry={() => void runs.refetch()} />}
        {runs.data?.length === 0 && <p data-testid="runs-empty">No runs stored yet. Run an agent on the Run page, or import a run file below.</p>}
        {runs.data && runs.data.length > 0 && (
          <div className="table-scroll">
            <table className="data-table runs-table" data-testid="runs-table">
              <caption className="visually-hidden">Stored runs</caption>
              <thead>
                <tr>
                  <th scope="col">Agent / run</th>
                  <th scope="col">Model</th>
                  <th scope="col">Status</th>
                  <th scope="col">Tasks done</th>
                  <th scope="col">Dates (UTC)</th>
                  <th scope="col">Headline metrics</th>
                  <th scope="col">Verification</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.map((s) => (
                  <RunListRow
                    key={s.store_id}
                    s={s}
                    name={runName(names, s)}
                    actions={{
                      onVerify,
                      onDownload,
                      onDelete,
                      onShowReport: reports.has(s.store_id) ? (x) => setShown(x.store_id) : null,
                      verifying: verifying.has(s.store_id),
                      verifyBlocked,
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="note">Verification badges: verified (every check agrees), mismatch (the file differs from what this build recomputes; the report names the task and field), unverifiable (a check could not be made, e.g. a run on another bank). {HASH_NOTE}</p>
      </section>
      {shownReport && <VerifyReportView shown={shownReport} onClose={() => setShown(null)} />}
      <ImportPanel />
      <StoragePanel />
    </>
  );
}
