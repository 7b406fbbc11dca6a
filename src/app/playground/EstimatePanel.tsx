import type { SolveEstimate } from '../../core/photonics/estimate.ts';

export { CONFIRM_ABOVE_SECONDS } from './estimate-first.ts';

const formatBytes = (b: number): string => (b >= 1024 * 1024 ? `${(b / (1024 * 1024)).toFixed(1)} MiB` : `${Math.ceil(b / 1024)} KiB`);

export function formatSeconds(s: number): string {
  if (s < 1) return `${Math.max(1, Math.round(s * 1000))} ms`;
  if (s < 120) return `${s.toFixed(1)} s`;
  return `${(s / 60).toFixed(1)} min`;
}

/**
 * The estimate of the problem in the editor: size, memory, time on this device, and advice. A problem
 * the solver would refuse (estimate.refused) is not offered "Solve anyway": the panel says what to change.
 */
export function EstimatePanel({ estimate, onSolve, onDismiss }: { estimate: SolveEstimate; onSolve?: () => void; onDismiss: () => void }) {
  return (
    <section className="panel pg-estimate" aria-label="Cost estimate" data-testid="pg-estimate">
      <h3>Cost estimate</h3>
      <dl className="facts">
        <dt>unknowns</dt>
        <dd>{estimate.unknowns}</dd>
        <dt>memory</dt>
        <dd>{formatBytes(estimate.memory_bytes)}</dd>
        <dt>expected time here</dt>
        <dd data-testid="pg-estimate-time">{formatSeconds(estimate.expected_seconds)}</dd>
        <dt>calibrated by</dt>
        <dd>
          {estimate.calibration.probe}: {estimate.calibration.probe_ms.toFixed(1)} ms, scaled ×{estimate.calibration.scale.toPrecision(3)}
        </dd>
      </dl>
      <ul>
        {estimate.advice.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      {estimate.refused !== undefined && (
        <p className="error" data-testid="pg-estimate-refused">
          Solve is not offered: {estimate.refused}.
        </p>
      )}
      <div className="button-row">
        {onSolve && estimate.refused === undefined && (
          <button type="button" className="primary" onClick={onSolve} data-testid="pg-solve-anyway">
            Solve anyway
          </button>
        )}
        <button type="button" onClick={onDismiss}>
          {onSolve && estimate.refused === undefined ? 'Not now' : 'Close'}
        </button>
      </div>
    </section>
  );
}
