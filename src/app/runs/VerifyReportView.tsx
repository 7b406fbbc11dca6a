import type { TaskVerification, VerifyDiff, VerifyReport } from '../../core/verify/verify.ts';
import { VERDICT_TEXT } from '../../core/verify/rederive.ts';
import { HASH_NOTE, formatValue } from '../../core/verify/verify.ts';
import { routeHref } from '../routing/route.ts';

export interface ShownReport {
  storeId: string;
  label: string;
  report: VerifyReport;
  oracleBackend: string;
}

function DiffTable({ diffs, caption }: { diffs: readonly VerifyDiff[]; caption: string }) {
  return (
    <div className="table-scroll">
      <table className="data-table runs-diff-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">check</th>
            <th scope="col">path</th>
            <th scope="col">claimed (file)</th>
            <th scope="col">recomputed</th>
            <th scope="col">note</th>
          </tr>
        </thead>
        <tbody>
          {diffs.map((d, i) => (
            <tr key={i} data-testid="verify-diff">
              <td>{d.check}</td>
              <td className="mono">{d.path}</td>
              <td className="mono">{formatValue(d.claimed)}</td>
              <td className="mono">{formatValue(d.recomputed)}</td>
              <td>{d.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TaskOutcome({ t, storeId }: { t: TaskVerification; storeId: string }) {
  const href = t.task_index === null ? null : routeHref({ name: 'run-detail', storeId, taskIndex: t.task_index, query: new URLSearchParams() });
  return (
    <li className="runs-task-outcome" data-testid="verify-task" data-task-id={t.task_id} data-outcome={t.outcome}>
      <p>
        <span className={`runs-badge runs-badge-${t.outcome}`}>{t.outcome}</span> <strong className="mono">{t.task_id}</strong>
        {href && (
          <>
            {' '}
            <a href={href}>open transcript</a>
          </>
        )}
        {t.oracle_calls > 0 && ` · ${t.oracle_calls} oracle calls re-executed`}
      </p>
      {t.unverifiable.length > 0 && <p className="note">Could not check: {t.unverifiable.join('; ')}</p>}
      {t.diffs.length > 0 && <DiffTable diffs={t.diffs} caption={`Differences in ${t.task_id}`} />}
    </li>
  );
}

/** The full replay-verification report of one run: file-level findings, metrics, then every task not verified. */
export function VerifyReportView({ shown, onClose }: { shown: ShownReport; onClose: () => void }) {
  const r = shown.report;
  const notVerified = r.tasks.filter((t) => t.outcome !== 'verified');
  return (
    <section className="panel runs-report" aria-labelledby="verify-report-heading" data-testid="verify-report">
      <div className="panel-heading">
        <h2 id="verify-report-heading">Verification report: {shown.label}</h2>
        <button type="button" onClick={onClose}>
          Close report
        </button>
      </div>
      <p>
        Outcome: <span className={`runs-badge runs-badge-${r.outcome}`} data-testid="verify-report-outcome">{r.outcome}</span> · {r.counts.verified} verified,{' '}
        {r.counts.mismatch} mismatch, {r.counts.unverifiable} unverifiable · {r.oracle_calls} oracle calls re-executed on a fresh {shown.oracleBackend} oracle worker
      </p>
      {r.verdict && (
        <p data-testid="verify-report-verdict" data-verdict={r.verdict}>
          Replies: {VERDICT_TEXT[r.verdict]}.
        </p>
      )}
      <p className="note">
        Each episode is re-derived from the shipped task and the recorded replies (a built-in agent is re-run from its seed), its row
        is re-derived and compared field by field, every logged oracle call is run again and must give bit-identical results, and the
        manifest's selection must give exactly the file's tasks. {HASH_NOTE}
      </p>
      <p className="note mono">content sha256 {r.content_sha256}</p>
      {r.unverifiable.length > 0 && (
        <>
          <h3>Could not be checked</h3>
          <ul>
            {r.unverifiable.map((u, i) => (
              <li key={i}>{u}</li>
            ))}
          </ul>
        </>
      )}
      {r.file_diffs.length > 0 && (
        <>
          <h3>File</h3>
          <DiffTable diffs={r.file_diffs} caption="File-level differences" />
        </>
      )}
      {r.metric_diffs.length > 0 && (
        <>
          <h3>Metrics that differ from the recomputation</h3>
          <DiffTable diffs={r.metric_diffs} caption="Metric differences" />
        </>
      )}
      <h3>Tasks {notVerified.length > 0 ? `not verified (${notVerified.length})` : ''}</h3>
      {notVerified.length === 0 ? (
        <p>Every task verified.</p>
      ) : (
        <ul className="runs-task-outcomes">
          {notVerified.map((t, i) => (
            <TaskOutcome key={`${t.task_id}-${i}`} t={t} storeId={shown.storeId} />
          ))}
        </ul>
      )}
    </section>
  );
}
