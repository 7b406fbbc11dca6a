import { KIND_LABELS, PHOTONICS_KINDS, type PhotonicsKind } from './kinds.ts';

/** The four problem kinds as a row of radio buttons (one concept each; the choice lives in the URL). */
export function KindPicker({ kind, onChange }: { kind: PhotonicsKind; onChange: (kind: PhotonicsKind) => void }) {
  return (
    <fieldset className="pg-kinds" data-testid="pg-kind-picker">
      <legend>Problem kind</legend>
      {PHOTONICS_KINDS.map((k) => (
        <label key={k} className={k === kind ? 'pg-kind selected' : 'pg-kind'} title={KIND_LABELS[k].blurb}>
          <input type="radio" name="pg-kind" value={k} checked={k === kind} onChange={() => onChange(k)} data-testid={`pg-kind-${k}`} />
          <span>
            <strong>{KIND_LABELS[k].title}</strong>
            <span className="pg-kind-blurb">{KIND_LABELS[k].blurb}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
