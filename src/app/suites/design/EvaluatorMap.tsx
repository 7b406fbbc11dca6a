/**
 * The temperature or field map of one evaluated design. A recorded verdict leaves the map out (the
 * agent need not read kilobytes of numbers), so on request the page re-runs the evaluator on the
 * design's source in its own worker and draws the map the fresh verdict carries. The worker starts
 * on the first press and stops when the view goes.
 */
import { useEffect, useRef, useState } from 'react';
import { createWorkerDesignEvaluator } from '../../../adapters/browser/design-env.ts';
import type { Verdict } from '../../../core/design/evaluator.ts';
import { ExportableFigure } from '../../charts/ExportableFigure.tsx';
import { Heatmap } from '../../charts/Heatmap.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { resampleMap } from './map-resample.ts';

type Evaluator = ReturnType<typeof createWorkerDesignEvaluator>;

/** A worker-backed evaluate for this component's lifetime (started lazily, terminated on unmount). */
function useDesignEvaluator(): (taskId: string, source: string) => Promise<Verdict> {
  const ref = useRef<Evaluator | null>(null);
  useEffect(
    () => () => {
      ref.current?.terminate();
      ref.current = null;
    },
    [],
  );
  return (taskId, source) => (ref.current ??= createWorkerDesignEvaluator()).evaluate(taskId, source);
}

type State = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; verdict: Verdict } | { kind: 'error'; error: unknown };

export function EvaluatorMap({ taskId, source, recordedSha256 }: { taskId: string; source: string; recordedSha256: string }) {
  const evaluate = useDesignEvaluator();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const run = () => {
    setState({ kind: 'running' });
    evaluate(taskId, source).then(
      (verdict) => setState({ kind: 'done', verdict }),
      (error: unknown) => setState({ kind: 'error', error }),
    );
  };
  return (
    <div className="design-map" data-testid="design-map-panel">
      {state.kind !== 'done' && (
        <button type="button" data-testid="design-map-button" onClick={run} disabled={state.kind === 'running'}>
          {state.kind === 'running' ? 'Re-running the evaluator…' : 'Show the evaluator’s map'}
        </button>
      )}
      {state.kind === 'error' && <ErrorPanel title="The evaluator could not re-run this design" error={state.error} onRetry={run} />}
      {state.kind === 'done' && <MapResult verdict={state.verdict} recordedSha256={recordedSha256} />}
    </div>
  );
}

function MapResult({ verdict, recordedSha256 }: { verdict: Verdict; recordedSha256: string }) {
  const same = verdict.source_sha256 === recordedSha256;
  const map = verdict.map;
  return (
    <>
      {!same && (
        <p className="note" data-testid="design-map-mismatch">
          The re-run hashed the source as {verdict.source_sha256.slice(0, 12)}…, not the recorded {recordedSha256.slice(0, 12)}…: the map below is of another source.
        </p>
      )}
      {map ? (
        <ExportableFigure title={`${map.kind === 'temperature' ? 'Temperature' : 'Field'} map`} testId="design-map" testIdOnFigure={false}>
          {(ref) => <Heatmap ref={ref} data={resampleMap(map, map.kind === 'temperature' ? 'Temperature at the operating point' : 'Field')} testId="design-map" />}
        </ExportableFigure>
      ) : (
        <p className="note" data-testid="design-map-none">
          The evaluator computes no map for this design{verdict.valid ? '' : ' (it stopped at a failed gate before the physics ran, or this task draws none)'}.
        </p>
      )}
    </>
  );
}
