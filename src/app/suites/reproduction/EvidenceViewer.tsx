/**
 * The evidence of a submitted package, as its verdict records it: how the clean replay went (status,
 * reason, timing), the SHA-256 of every source it restored and the files it dropped, the score with
 * its stage bars, the graded rubric tree, every artifact the replay regenerated, the replay's log
 * and its oracle calls. Everything shown comes from the verdict (validated in verdict-of.ts).
 */
import type { ToolCallEvent } from '../../../core/llm/tool-events.ts';
import type { ReproductionVerdict } from '../../../core/reproduction/evaluator.ts';
import { formatMetric, formatNumber } from '../../format.ts';
import { ArtifactView } from './ArtifactView.tsx';
import { OracleCalls } from './OracleCalls.tsx';
import { RubricTree, StageBars } from './RubricTree.tsx';

const MAX_LOG_LINES = 500;

export function EvidenceViewer({ verdict: v, call, files }: { verdict: ReproductionVerdict; call: ToolCallEvent; files: readonly { path: string; text: string }[] }) {
  const chars = new Map(files.map((f) => [f.path, f.text.length]));
  return (
    <section data-testid="repro-evidence" data-status={v.status} aria-label="Evidence of the submitted package">
      <h3>Replay</h3>
      <dl className="facts">
        <dt>Status</dt>
        <dd className={v.status === 'completed' ? 'pass' : 'fail'} data-testid="repro-replay-status">
          {v.status}
        </dd>
        {v.reason !== null && (
          <>
            <dt>Reason</dt>
            <dd data-testid="repro-replay-reason">{v.reason}</dd>
          </>
        )}
        <dt>Entry point</dt>
        <dd className="mono">{v.entry}</dd>
        <dt>Timing</dt>
        <dd data-testid="repro-timing">
          replay {formatNumber(v.elapsed_ms)} ms; submit call {formatNumber(call.duration_ms)} ms at step {call.step} (wall clock on the evaluating machine; verify does not compare it)
        </dd>
        <dt>Evaluator</dt>
        <dd className="mono">{v.evaluator_version}</dd>
      </dl>
      <h3>Score</h3>
      <p data-testid="repro-score">
        <strong className={v.rubric.full ? 'pass' : 'fail'}>{v.rubric.full ? 'Full' : 'not Full'}</strong>, score {formatMetric(v.rubric.score)}, coverage {formatMetric(v.rubric.coverage)}
        {v.rubric.coverage < 1 && ' (unjudged leaves are left out of the score)'}
      </p>
      <StageBars stages={v.rubric.stages} />
      <h3>Rubric</h3>
      <RubricTree tree={v.rubric.tree} />
      <h3>Sources restored ({Object.keys(v.source_sha256).length})</h3>
      <div className="table-scroll">
        <table className="data-table compact" data-testid="repro-sources">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Characters</th>
              <th scope="col">SHA-256</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(v.source_sha256).map(([path, sha]) => (
              <tr key={path} data-testid="repro-source" data-path={path}>
                <th scope="row" className="mono">
                  {path}
                </th>
                <td className="num">{chars.get(path) ?? '—'}</td>
                <td className="mono" style={{ wordBreak: 'break-all' }}>
                  {sha}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {v.dropped.length > 0 && <p className="note" data-testid="repro-dropped">Dropped (not JavaScript, never evidence): {v.dropped.join(', ')}</p>}
      <h3>Artifacts ({v.artifacts.length})</h3>
      {v.artifacts.length === 0 && <p className="note">The replay regenerated no artifact.</p>}
      {v.artifacts.map((a) => (
        <ArtifactView key={a.name} artifact={a} />
      ))}
      <h3>Replay log ({v.logs.length} lines)</h3>
      <pre className="code-block" data-testid="repro-log">
        {v.logs.length === 0 ? '(empty)' : v.logs.slice(-MAX_LOG_LINES).join('\n')}
      </pre>
      {v.logs.length > MAX_LOG_LINES && <p className="note">The last {MAX_LOG_LINES} lines.</p>}
      <OracleCalls calls={v.calls} />
    </section>
  );
}
