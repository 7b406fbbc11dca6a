import { ProviderIdSchema, type ProviderId } from '../../core/llm/types.ts';
import { Field } from './Field.tsx';
import { PRESETS, PROVIDER_API_LABELS, PresetIdSchema, presetById } from './presets.ts';
import type { DraftErrors, SettingsDraft } from './settings-draft.ts';

interface EndpointSectionProps {
  draft: SettingsDraft;
  errors: DraftErrors;
  onPreset: (id: SettingsDraft['preset']) => void;
  onChange: (patch: Partial<SettingsDraft>) => void;
}

/** Preset, wire format and base URL: where requests go. */
export function EndpointSection({ draft, errors, onPreset, onChange }: EndpointSectionProps) {
  const preset = presetById(draft.preset);
  return (
    <fieldset className="settings-group">
      <legend>Endpoint</legend>
      <Field label="Preset" hint={preset.hint}>
        <select data-testid="preset-select" value={draft.preset} onChange={(e) => onPreset(PresetIdSchema.parse(e.target.value))}>
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Wire format (provider)">
        <select
          data-testid="provider-select"
          value={draft.provider}
          onChange={(e) => onChange({ provider: ProviderIdSchema.parse(e.target.value) as ProviderId, preset: 'custom' })}
        >
          {ProviderIdSchema.options.map((p) => (
            <option key={p} value={p}>
              {PROVIDER_API_LABELS[p]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Base URL" error={errors.baseUrl} hint="Without a trailing /chat/completions; never put a key in it.">
        <input
          type="url"
          data-testid="base-url-input"
          className="mono"
          spellCheck={false}
          autoComplete="off"
          value={draft.baseUrl}
          onChange={(e) => onChange({ baseUrl: e.target.value })}
        />
      </Field>
    </fieldset>
  );
}
