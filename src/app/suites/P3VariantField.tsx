import type { P3Variant } from '../../core/veh/protocol/prompts.ts';

/** The P3 prompt variant (VEHBench §3.3 and the circuit audit): the raw corrupted history or the verifier's state summary. */
export function P3VariantField({ value, onChange, disabled, note }: { value: P3Variant; onChange: (v: P3Variant) => void; disabled: boolean; note?: string }) {
  return (
    <fieldset className="inline-options" disabled={disabled}>
      <legend>P3 prompt variant</legend>
      <label>
        <input type="radio" name="p3Variant" value="raw_history" checked={value === 'raw_history'} onChange={() => onChange('raw_history')} />
        raw corrupted history
      </label>
      <label>
        <input type="radio" name="p3Variant" value="state_summary" checked={value === 'state_summary'} onChange={() => onChange('state_summary')} />
        verifier-authored state summary
      </label>
      {note && <span className="note">{note}</span>}
    </fieldset>
  );
}
