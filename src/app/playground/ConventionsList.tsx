import { isRecord } from './plots/plot-spec.ts';

/** The conventions the solver states (index sign, r_p sign, Qback normalisation, layouts), collapsed by default. */
export function ConventionsList({ conventions }: { conventions: unknown }) {
  if (!isRecord(conventions)) return null;
  const entries = Object.entries(conventions);
  if (entries.length === 0) return null;
  return (
    <details className="pg-conventions">
      <summary>Conventions used ({entries.length})</summary>
      <dl className="facts">
        {entries.map(([k, v]) => (
          <div key={k} className="pg-fact">
            <dt>
              <code>{k}</code>
            </dt>
            <dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
