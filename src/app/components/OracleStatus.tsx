import { useSuiteEnvironment } from '../data/use-suite-environment.ts';

/** Header badge: which oracle backend the suite's worker runs (wasm, or the TypeScript fallback). */
export function OracleStatus({ suiteId }: { suiteId: string }) {
  const oracle = useSuiteEnvironment(suiteId);
  if (oracle.isPending || oracle.isFetching) {
    return (
      <span className="oracle-status" role="status">
        oracle: starting…
      </span>
    );
  }
  if (oracle.isError) {
    return (
      <span className="oracle-status error" role="alert">
        oracle failed{' '}
        <button type="button" className="link-button" onClick={() => void oracle.refetch()}>
          retry
        </button>
      </span>
    );
  }
  const skipped = oracle.data.skipped;
  return (
    <span
      className="oracle-status ok"
      title={skipped.length > 0 ? `Backends skipped: ${skipped.join('; ')}` : 'Oracle running in a web worker'}
    >
      oracle: <strong data-testid="oracle-backend">{oracle.data.backendId}</strong>
    </span>
  );
}
