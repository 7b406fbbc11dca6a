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
        {/* Scaled, not resized: a transform animates on the compositor, while an animated width
            re-laid out and repainted the page (the whole live table) every frame of a run (issue 20). */}
        <div className="progress-fill" style={{ transform: `scaleX(${fraction.toFixed(4)})` }} />
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
