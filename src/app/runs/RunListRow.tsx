import { useState } from 'react';
import { HEADLINE_METRICS } from '../../core/veh/run/headline.ts';
import { formatNumber } from '../../core/run/format.ts';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import { PROBES } from '../../core/veh/task-schema.ts';
import { useStoredRun } from '../data/run-store.ts';
import { routeHref } from '../routing/route.ts';
import { isPausedRun } from '../run/pause-on-cancel.ts';
import type { DownloadKind } from './run-downloads.ts';
import { SignatureBadge, VerificationBadge } from './VerificationBadge.tsx';

export interface RunRowActions {
  onVerify: (s: StoredRunSummary) => void;
  onDownload: (s: StoredRunSummary, kind: DownloadKind) => void;
  onDelete: (s: StoredRunSummary) => void;
  onShowReport: ((s: StoredRunSummary) => void) | null;
  verifying: boolean;
  /** Why Verify cannot run now (bank still loading), or null. */
  verifyBlocked: string | null;
}

const date = (iso: string | null): string => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '—');

function Headlines({ storeId }: { storeId: string }) {
  const run = useStoredRun(storeId);
  const metrics = run.data?.metrics;
  if (!metrics) return <span className="note">—</span>;
  const parts = PROBES.flatMap((p) => {
    const h = HEADLINE_METRICS[p];
    const v = metrics[p]?.[h.key];
    return v ? [`${p} ${h.label} ${formatNumber(v.value)}`] : [];
  });
  return <span>{parts.join(' · ') || '—'}</span>;
}

/** One stored run in the library: what ran, how far it got, its headline scores, its badge and its actions. */
/** `name`: the run's label, or what tells it apart from other stored runs with the same label (run-names.ts). */
export function RunListRow({ s, name, actions }: { s: StoredRunSummary; name: string; actions: RunRowActions }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const finished = s.status !== 'running' && s.status !== 'interrupted';
  const detail = routeHref({ name: 'run-detail', storeId: s.store_id, taskIndex: null, query: new URLSearchParams() });
  return (
    <tr data-testid="run-row" data-store-id={s.store_id}>
      <th scope="row">
        <a href={detail} data-testid="run-label">
          {name}
        </a>
        <div className="note mono">{s.run_id}</div>
        <div className="note">
          {s.source === 'imported' ? <>imported from <span className="mono" data-testid="run-imported-from">{s.imported_from ?? '?'}</span></> : 'run in this browser'}
        </div>
      </th>
      <td>{s.model ?? s.agent_id}</td>
      <td>
        <span className={`status status-${isPausedRun(s) ? 'paused' : s.status}`} data-testid="run-status-cell">
          {isPausedRun(s) ? 'paused' : s.status}
        </span>
        {s.error && <div className="note">{s.error}</div>}
      </td>
      <td data-testid="run-done">
        {s.done_count} / {s.task_count}
      </td>
      <td>
        <div>{date(s.started_at)}</div>
        <div className="note">{s.finished_at ? `to ${date(s.finished_at)}` : ''}</div>
      </td>
      <td>
        <Headlines storeId={s.store_id} />
      </td>
      <td>
        <VerificationBadge verification={s.verification} />
        {/* Who vouches for an imported file; a run made in this page was never a file. */}
        {s.source === 'imported' && (
          <>
            {' '}
            <SignatureBadge verification={s.verification} signature={s.signature} />
          </>
        )}
        {actions.onShowReport && (
          <div>
            <button type="button" className="link-button" onClick={() => actions.onShowReport?.(s)}>
              Show report
            </button>
          </div>
        )}
      </td>
      <td>
        <div className="runs-actions">
          {s.status === 'interrupted' && s.source === 'local' && (
            // Resume needs the bank, the oracle and the agent, which the Run page has; its banner for this run does it.
            <a className="button" data-testid="resume-link" href={routeHref({ name: 'run', suiteId: s.suite, query: new URLSearchParams() })}>
              Resume…
            </a>
          )}
          <button type="button" data-testid="verify-button" disabled={!finished || actions.verifying || actions.verifyBlocked !== null} title={actions.verifyBlocked ?? (finished ? 'Replay-verify this run' : 'Finish or resume the run first')} onClick={() => actions.onVerify(s)}>
            {actions.verifying ? 'Verifying…' : 'Verify'}
          </button>
          <button type="button" data-testid="export-json" disabled={!finished} onClick={() => actions.onDownload(s, 'json')}>
            JSON
          </button>
          <button type="button" data-testid="export-md" disabled={!finished} onClick={() => actions.onDownload(s, 'markdown')}>
            results.md
          </button>
          <button type="button" data-testid="export-atif" disabled={!finished} title="Harbor ATIF-v1.4 trajectories, one per task (JSON Lines)" onClick={() => actions.onDownload(s, 'atif')}>
            ATIF
          </button>
          {confirmDelete ? (
            <span className="runs-confirm" role="group" aria-label={`Delete ${s.run_id}?`}>
              <button type="button" className="runs-danger" data-testid="delete-confirm" onClick={() => actions.onDelete(s)}>
                Delete for good
              </button>
              <button type="button" onClick={() => setConfirmDelete(false)}>
                Keep
              </button>
            </span>
          ) : (
            <button type="button" data-testid="delete-button" disabled={s.status === 'running'} onClick={() => setConfirmDelete(true)}>
              Delete…
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
