import { formatCell, type Cell } from './result-tables.ts';

/** A text value longer than this takes a whole row of the grid and wraps, instead of squeezing its label into a column of letters. */
const LONG_TEXT = 28;

/** The result's single values (backend, counts, figures of merit) as a definition list. */
export function ResultFacts({ facts }: { facts: readonly [string, Cell][] }) {
  if (facts.length === 0) return null;
  return (
    <dl className="facts pg-facts" data-testid="pg-facts">
      {facts.map(([k, v]) => (
        <div key={k} className={typeof v === 'string' && v.length > LONG_TEXT ? 'pg-fact pg-fact-text' : 'pg-fact'}>
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
