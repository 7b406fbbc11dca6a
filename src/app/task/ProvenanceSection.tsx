import type { VehTask } from '../../core/veh/task-schema.ts';

/** Which literature anchor the task comes from, and how it was projected onto the oracle. */
export function ProvenanceSection({ task }: { task: VehTask }) {
  const p = task.provenance;
  return (
    <section className="panel" aria-labelledby="provenance-heading">
      <h2 id="provenance-heading">Provenance</h2>
      <dl className="facts">
        <dt>Anchor</dt>
        <dd className="mono" data-testid="task-anchor">
          {p.anchor_id}
        </dd>
        <dt>Anchor group</dt>
        <dd>{p.anchor_group}</dd>
        <dt>Source</dt>
        <dd>
          {p.anchor_doi ? (
            <a href={`https://doi.org/${p.anchor_doi}`} target="_blank" rel="noreferrer noopener">
              doi:{p.anchor_doi}
            </a>
          ) : (
            'no DOI recorded'
          )}
        </dd>
        <dt>Generator</dt>
        <dd className="mono">
          {p.generator} · seed {p.seed}
        </dd>
      </dl>
      {p.projection.length > 0 && (
        <>
          <h3>Projection notes</h3>
          <ul className="projection-notes">
            {p.projection.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
