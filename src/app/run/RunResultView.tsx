import { useEffect, useRef, type RefObject } from 'react';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { DownloadResultButton } from './DownloadResultButton.tsx';
import { LiveLlmPanel } from './LiveLlmPanel.tsx';
import { MetricsPanel } from './MetricsPanel.tsx';
import { ModelRunSummary } from './ModelRunSummary.tsx';
import { suiteView } from '../suites/registry.ts';
import { RunProgressBar } from './RunProgressBar.tsx';
import type { SuiteRun } from './use-suite-run.ts';
import { StoredRunNote } from './StoredRunNote.tsx';

interface RunResultViewProps {
  run: SuiteRun;
  /** Starts a fresh oracle worker: the one a failed run used may be dead. */
  onRestartOracle: () => void;
}

/**
 * The results sit below the controls, often below the fold: when a run starts they are scrolled
 * into view, and when it ends focus moves to their heading (the Cancel button that had it is gone
 * by then, which would otherwise leave focus on <body>).
 */
function useRevealRun(running: boolean, heading: RefObject<HTMLHeadingElement | null>): void {
  const wasRunning = useRef(running);
  useEffect(() => {
    if (running && !wasRunning.current) heading.current?.scrollIntoView({ block: 'start' });
    if (!running && wasRunning.current) heading.current?.focus();
    wasRunning.current = running;
  }, [running, heading]);
}

/** Progress, status, outcomes and metrics of the current (or last) run. */
export function RunResultView({ run, onRestartOracle }: RunResultViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useRevealRun(run.running, heading);
  if (!run.request) return null;
  const view = suiteView(run.request.suite.descriptor.id);
  // A cancelled run is stored paused (pause-on-cancel.ts): say so, since Resume continues it.
  const engineStatus = run.running ? 'running' : run.error ? 'failed' : (run.result?.status ?? 'idle');
  const status = engineStatus === 'cancelled' && run.stored?.finishError === null ? 'paused' : engineStatus;
  return (
    <>
      <section className="panel" aria-labelledby="run-heading">
        <div className="panel-heading">
          <h2 id="run-heading" ref={heading} tabIndex={-1} data-testid="run-heading">
            Run: {run.request.agent.label}, seed {run.request.seed}, {run.request.tasks.length} tasks
          </h2>
          <p>
            Status: <strong data-testid="run-status" className={`status status-${status}`}>{status}</strong>
          </p>
        </div>
        <RunProgressBar progress={run.progress} running={run.running} />
        {run.error && (
          <ErrorPanel
            title="The run stopped with an error; the tasks that finished are listed below"
            error={run.error}
            onRetry={onRestartOracle}
            retryLabel="Restart the oracle worker"
          />
        )}
        {status === 'paused' && (
          <p className="note" data-testid="paused-note">
            Paused after {run.progress.done} of {run.progress.total} tasks; the metrics below cover those. Resume (above) continues with the rest.
          </p>
        )}
        {run.result && <DownloadResultButton result={run.result} />}
        {run.stored && <StoredRunNote storeId={run.stored.storeId} finishError={run.stored.finishError} />}
      </section>
      {run.live && <LiveLlmPanel live={run.live} running={run.running} />}
      {run.result && <ModelRunSummary manifest={run.result.manifest} />}
      {run.result && <MetricsPanel suite={view.suite} metrics={run.result.metrics} partial={run.result.status === 'cancelled'} />}
      <view.ResultTables suite={view.suite} rows={run.progress.rows} transcripts={run.progress.transcripts} running={run.running} />
    </>
  );
}
