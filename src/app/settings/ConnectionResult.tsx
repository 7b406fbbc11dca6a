import { formatUsd } from '../../core/run/usage.ts';
import type { ConnectionTestResult } from './connection-test.ts';

/** A successful connection test: who answered, what, and what it cost. */
export function ConnectionResult({ result }: { result: ConnectionTestResult }) {
  return (
    <div className="connection-ok" role="status" data-testid="connection-ok">
      <strong>Connected.</strong> The endpoint answered in {Math.round(result.duration_ms)} ms
      {result.model_version && (
        <>
          {' '}
          as <span className="mono">{result.model_version}</span>
        </>
      )}
      .
      <dl className="facts">
        <dt>reply</dt>
        <dd className="mono" data-testid="connection-reply">
          {result.text === '' ? '(empty text)' : result.text}
        </dd>
        <dt>finish reason</dt>
        <dd className="mono">{result.finish_reason}</dd>
        <dt>tokens</dt>
        <dd>{result.usage ? `${result.usage.input_tokens} in / ${result.usage.output_tokens} out` : 'not reported by the endpoint'}</dd>
        <dt>cost</dt>
        <dd data-testid="connection-cost">{formatUsd(result.cost_usd)}</dd>
      </dl>
    </div>
  );
}
