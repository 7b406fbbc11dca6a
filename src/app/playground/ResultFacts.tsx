import { formatCell, type Cell } from './result-tables.ts';

/** The result's single values (backend, counts, figures of merit) as a definition list. */
export function ResultFacts({ facts }: { facts: readonly [string, Cell][] }) {
  if (facts.length === 0) return null;
  return (
    <dl className="facts pg-facts" data-testid="pg-facts">
      {facts.map(([k, v]) => (
        <div key={k} className="pg-fact">
          <dt>
            <code>{k}</code>
          </dt>
          <dd className="mono" title={typeof v === 'number' ? String(v) : undefined}>
            {formatCell(v)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
