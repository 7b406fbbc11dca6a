import { alreadyStored } from './ImportPanel.tsx';
import { useResultsUrlImport } from '../data/results-url.ts';
import { routeHref } from '../routing/route.ts';

/** What became of `?results=<url>` in the page address (nothing when there was none). */
export function ResultsUrlStatus() {
  const s = useResultsUrlImport();
  if (s.phase === 'none') return null;
  if (s.phase === 'loading') {
    return (
      <p className="panel" role="status" data-testid="results-url-status">
        Opening results from <span className="mono">{s.url}</span>…{' '}
        <button type="button" onClick={s.cancel} data-testid="results-url-cancel">
          Cancel
        </button>
      </p>
    );
  }
  if (s.phase === 'error') {
    return (
      <div className="error-panel" role="alert" data-testid="results-url-error">
        <strong>The results file in the page address could not be opened</strong>
        <p className="mono">{s.message}</p>
      </div>
    );
  }
  const href = routeHref({ name: 'run-detail', storeId: s.outcome.storeId, taskIndex: null, query: new URLSearchParams() });
  return (
    <p className="panel" role="status" data-testid="results-url-status">
      {s.outcome.kind === 'imported' ? 'Imported' : alreadyStored(s.outcome.storedAs)}: <a href={href}>{s.outcome.runId}</a> from{' '}
      <span className="mono">{s.url}</span>
    </p>
  );
}
