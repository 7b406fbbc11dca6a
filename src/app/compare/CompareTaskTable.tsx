import { PAIR_OUTCOMES, type PairOutcome, type TaskPair } from '../../core/leaderboard/compare-runs.ts';
import { formatMetric } from '../format.ts';
import { routeHref } from '../routing/route.ts';
import { OUTCOME_LABEL } from './compare-view.ts';

const transcriptHref = (storeId: string, index: number): string => routeHref({ name: 'run-detail', storeId, taskIndex: index, query: new URLSearchParams() });

function Verdict({ pass, score }: { pass: boolean; score: number }) {
  return (
    <span className={pass ? 'pass' : 'fail'}>
      {pass ? 'pass' : 'fail'} <span className="mono note">{formatMetric(score)}</span>
    </span>
  );
}

/** Every paired task (optionally one outcome), with a side-by-side link and each run's transcript. */
export function CompareTaskTable({
  pairs,
  a,
  b,
  outcome,
  sideBySideHref,
  onOutcome,
}: {
  pairs: readonly TaskPair[];
  a: string;
  b: string;
  outcome: PairOutcome | null;
  sideBySideHref: (taskId: string) => string;
  onOutcome: (o: PairOutcome | null) => void;
}) {
  const shown = outcome === null ? pairs : pairs.filter((p) => p.outcome === outcome);
  return (
    <>
      <div className="filter-bar">
        <label>
          Show
          <select data-testid="compare-outcome-filter" value={outcome ?? ''} onChange={(e) => onOutcome((PAIR_OUTCOMES as readonly string[]).includes(e.target.value) ? (e.target.value as PairOutcome) : null)}>
            <option value="">all paired tasks ({pairs.length})</option>
            {PAIR_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {OUTCOME_LABEL[o]} ({pairs.filter((p) => p.outcome === o).length})
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="table-scroll pg-cmp-tasks">
        <table className="data-table compact" data-testid="compare-tasks">
          <caption className="visually-hidden">Paired tasks</caption>
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col">Outcome</th>
              <th scope="col">A</th>
              <th scope="col">B</th>
              <th scope="col">Transcripts</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p.task_id} data-testid="compare-task-row" data-outcome={p.outcome}>
                <th scope="row" className="mono">
                  {p.task_id}
                </th>
                <td className={p.outcome === 'improvement' ? 'pass' : p.outcome === 'regression' ? 'fail' : undefined}>{p.outcome.replace('_', ' ')}</td>
                <td>
                  <Verdict pass={p.a_pass} score={p.a_score} />
                </td>
                <td>
                  <Verdict pass={p.b_pass} score={p.b_score} />
                </td>
                <td>
                  <a href={sideBySideHref(p.task_id)} data-testid="compare-task-link">
                    side by side
                  </a>
                  {' · '}
                  <a href={transcriptHref(a, p.a_index)} target="_blank" rel="noopener" data-testid="compare-task-a">
                    A
                  </a>
                  {' · '}
                  <a href={transcriptHref(b, p.b_index)} target="_blank" rel="noopener" data-testid="compare-task-b">
                    B
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
