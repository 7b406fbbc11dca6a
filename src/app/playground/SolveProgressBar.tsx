import type { SolveProgress } from '../../core/photonics/progress.ts';

/** "k-point 12 / 60" as a <progress> bar; before the first event (or for a solver that does not report) an indeterminate bar. */
export function SolveProgressBar({ progress }: { progress: SolveProgress | null }) {
  const label = progress ? `${progress.stage} ${progress.done} / ${progress.total}` : 'solving…';
  return (
    <span className="pg-progress" data-testid="pg-progress">
      {progress ? <progress max={progress.total} value={progress.done} aria-label={label} /> : <progress aria-label={label} />}
      <span className="pg-progress-label" aria-live="polite" data-testid="pg-progress-label">
        {label}
      </span>
    </span>
  );
}
