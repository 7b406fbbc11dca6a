/**
 * A design episode's transcript: its facts and grade, every evaluated design (the probes, then the
 * submission) with S, J and validity, J and S over the probes, and the selected design in full —
 * its gates, its figures of merit, its layout drawn with the failed gates marked (or, for a stack or
 * parameter design, its source), and the evaluator's map on request. Every event follows.
 */
import { useId, useMemo, useState } from 'react';
import type { DesignTranscript } from '../../../core/design/episode.ts';
import type { TranscriptCore } from '../../../core/run/transcript-core.ts';
import type { AnySuite } from '../../../core/suite/contract.ts';
import type { TaskGrade } from '../../../core/suite/scoring.ts';
import { ChartFigure } from '../../charts/ChartFigure.tsx';
import { ExportableFigure } from '../../charts/ExportableFigure.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { formatNumber } from '../../format.ts';
import { TranscriptEventList } from '../../run/TranscriptEventList.tsx';
import { evaluatedDesignsOf, probeSeries, type EvaluatedDesignView } from './designs.ts';
import { EvaluatorMap } from './EvaluatorMap.tsx';
import { LayoutDrawing } from './LayoutDrawing.tsx';

const label = (d: EvaluatedDesignView): string => (d.call === 'submit' ? 'submission' : `probe ${d.n}`);

export function DesignTranscriptView({ suite, transcript: t, headingId }: { suite: AnySuite; transcript: TranscriptCore; headingId?: string }) {
  // Transcripts reach this view only from design runs, validated with the suite's transcript schema.
  const transcript = t as DesignTranscript;
  const own = useId();
  const designs = useMemo(() => evaluatedDesignsOf(transcript.events), [transcript]);
  // Opens on the last evaluated design: the submission when there is one, else the last probe.
  const [selected, setSelected] = useState(designs.length - 1);
  const grade = useMemo<TaskGrade | { error: unknown }>(() => {
    try {
      return suite.scoring.grade(suite.deriveRow(transcript));
    } catch (error) {
      return { error };
    }
  }, [suite, transcript]);
  const current = designs[selected];
  const unit = transcript.task.spec.objective.unit;
  return (
    <article className="tpane" data-testid="transcript-pane" aria-labelledby={headingId ?? own}>
      <h2 id={headingId ?? own} className="mono">
        {transcript.task.task_id}
      </h2>
      <dl className="facts">
        <dt>Task</dt>
        <dd>{transcript.task.title}</dd>
        <dt>Agent</dt>
        <dd>{transcript.agent.label}</dd>
        <dt>Status</dt>
        <dd data-testid="transcript-status">{transcript.status}</dd>
        <dt>Seeds</dt>
        <dd className="mono">
          run {transcript.settings.run_seed}, task {transcript.settings.task_seed}
        </dd>
        <dt>Evaluator</dt>
        <dd className="mono">{current?.verdict.evaluator_version ?? transcript.task.evaluator_version}</dd>
      </dl>
      {'error' in grade ? (
        <ErrorPanel title="Could not grade this task from its transcript" error={grade.error} />
      ) : (
        <p data-testid="transcript-grade">
          <strong className={grade.pass ? 'pass' : 'fail'}>{grade.pass ? 'valid' : 'not valid'}</strong>, S = {grade.score.toFixed(4)}
          {grade.failed.length > 0 && ` — ${grade.failed.map((c) => `${c.check}: ${c.detail}`).join('; ')}`}
        </p>
      )}
      <h3>Evaluated designs ({designs.length})</h3>
      {designs.length === 0 ? (
        <p className="note" data-testid="design-none">
          The agent had no design evaluated.
        </p>
      ) : (
        <>
          <DesignList designs={designs} selected={selected} onSelect={setSelected} unit={unit} />
          <ProbeCharts designs={designs} unit={unit} />
        </>
      )}
      {current && <SelectedDesign key={current.call_id} design={current} taskId={transcript.task.task_id} unit={unit} />}
      <details>
        <summary>Events ({transcript.events.length})</summary>
        <TranscriptEventList key={`${transcript.task.task_id} ${transcript.timings.started_at}`} events={transcript.events} />
      </details>
    </article>
  );
}

function DesignList({ designs, selected, onSelect, unit }: { designs: readonly EvaluatedDesignView[]; selected: number; onSelect: (i: number) => void; unit: string }) {
  return (
    <div className="table-scroll">
      <table className="data-table compact" data-testid="design-probes">
        <thead>
          <tr>
            <th scope="col">Design</th>
            <th scope="col">Step</th>
            <th scope="col">S</th>
            <th scope="col">J ({unit})</th>
            <th scope="col">Valid</th>
            <th scope="col">First failed gate</th>
            <th scope="col">Show</th>
          </tr>
        </thead>
        <tbody>
          {designs.map((d, i) => (
            <tr key={d.call_id} data-testid="design-probe-row" data-call={d.call} data-valid={d.verdict.valid ? 'true' : 'false'} aria-selected={i === selected}>
              <th scope="row">{label(d)}</th>
              <td className="num">{d.step}</td>
              <td className="num">{d.verdict.S.toFixed(4)}</td>
              <td className="num">{formatNumber(d.verdict.J)}</td>
              <td className={d.verdict.valid ? 'pass' : 'fail'}>{d.verdict.valid ? 'valid' : 'not valid'}</td>
              <td className="mono">{d.verdict.gates.find((g) => !g.pass)?.id ?? '—'}</td>
              <td>
                <button type="button" data-testid="design-show" aria-pressed={i === selected} onClick={() => onSelect(i)}>
                  {i === selected ? 'Shown' : 'Show'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProbeCharts({ designs, unit }: { designs: readonly EvaluatedDesignView[]; unit: string }) {
  const s = probeSeries(designs);
  return (
    <div className="design-charts">
      {s.J.some(Number.isFinite) ? (
        <ChartFigure title="J over probes" xLabel="evaluated design (probes, then the submission)" yLabel={`J (${unit})`} series={[{ name: 'J (invalid designs leave a gap)', x: s.n, y: s.J }]} testId="design-j-chart" width={520} height={260} />
      ) : (
        <p className="note" data-testid="design-j-none">
          No evaluated design was valid, so there is no J to plot.
        </p>
      )}
      <ChartFigure
        title="S over probes"
        xLabel="evaluated design (probes, then the submission)"
        yLabel="S"
        series={[
          { name: 'S', x: s.n, y: s.S },
          { name: 'best S so far', x: s.n, y: s.bestS },
        ]}
        yDomain={[0, 1]}
        testId="design-s-chart"
        width={520}
        height={260}
      />
    </div>
  );
}

function SelectedDesign({ design: d, taskId, unit }: { design: EvaluatedDesignView; taskId: string; unit: string }) {
  const failedBoxes = d.verdict.gates.flatMap((g) => (!g.pass && g.at ? [{ id: g.id, x: g.at.x, y: g.at.y }] : []));
  const metrics = Object.entries(d.verdict.metrics);
  const title = `Layout of ${label(d)}`;
  return (
    <section className="design-selected" data-testid="design-selected" data-call={d.call} aria-label={`The ${label(d)}`}>
      <h3>
        The {label(d)}: S = {d.verdict.S.toFixed(4)}, J = {formatNumber(d.verdict.J)} {unit}, {d.verdict.valid ? 'valid' : 'not valid'}
      </h3>
      <p className="note mono">source sha256 {d.verdict.source_sha256}</p>
      <div className="table-scroll">
        <table className="data-table compact" data-testid="design-gates">
          <thead>
            <tr>
              <th scope="col">Gate</th>
              <th scope="col">Category</th>
              <th scope="col">Pass</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {d.verdict.gates.map((g, i) => (
              <tr key={`${g.id}-${i}`} data-testid="design-gate" data-gate={g.id} data-pass={g.pass ? 'true' : 'false'}>
                <th scope="row" className="mono">
                  {g.id}
                </th>
                <td>{g.category}</td>
                <td className={g.pass ? 'pass' : 'fail'}>{g.pass ? 'pass' : 'fail'}</td>
                <td>{g.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {metrics.length > 0 && (
        <dl className="facts" data-testid="design-metrics">
          {metrics.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt className="mono">{k}</dt>
              <dd>{formatNumber(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {d.shapes ? (
        <>
          <ExportableFigure title={title} testId="design-layout" testIdOnFigure={false}>
            {(ref) => <LayoutDrawing ref={ref} title={title} shapes={d.shapes ?? []} failedGates={failedBoxes} testId="design-layout" />}
          </ExportableFigure>
          <details>
            <summary>Design source</summary>
            <pre className="code-block" data-testid="design-document">
              {d.source}
            </pre>
          </details>
        </>
      ) : (
        <>
          <h4>Design source (this task's design is a document, not a layout)</h4>
          <pre className="code-block" data-testid="design-document">
            {d.source}
          </pre>
        </>
      )}
      <EvaluatorMap taskId={taskId} source={d.source} recordedSha256={d.verdict.source_sha256} />
    </section>
  );
}
