import { presetsFor } from './presets.ts';
import type { PhotonicsKind } from './kinds.ts';
import type { JsonValue } from './schema-form/json-schema.ts';

/** Example problems of the kind, ready to solve; choosing one replaces the problem being edited. */
export function PresetPicker({ kind, onPick }: { kind: PhotonicsKind; onPick: (problem: JsonValue) => void }) {
  const presets = presetsFor(kind);
  return (
    <label className="pg-presets">
      Start from an example
      <select
        data-testid="pg-preset"
        value=""
        onChange={(e) => {
          const preset = presets.find((p) => p.id === e.target.value);
          if (preset) onPick(structuredClone(preset.problem));
        }}
      >
        <option value="">(choose an example to load it)</option>
        {presets.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </select>
    </label>
  );
}
