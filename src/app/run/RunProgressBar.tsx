import type { LiveProgress } from './use-suite-run.ts';

/** An accessible progress bar (role=progressbar, aria-valuenow) the e2e tests read. */
export function RunProgressBar({ progress, running }: { progress: LiveProgress; running: boolean }) {
  const fraction = progress.total > 0 ? progress.done / progress.total : 0;
  return (
    <div className="progress-wrap">
      <div
        className="progress"
        role="progressbar"
        aria-label="Tasks finished"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={`${progress.done} of ${progress.total} tasks`}
        data-testid="run-progress"
      >
        <div className="progress-fill" style={{ width: `${(fraction * 100).toFixed(2)}%` }} />
      </div>
      <p className="note" aria-live="polite">
        {progress.done} / {progress.total} tasks
        {running && progress.lastTaskId && (
          <>
            {' '}
            · last finished <span className="mono">{progress.lastTaskId}</span>
          </>
        )}
      </p>
    </div>
  );
}
