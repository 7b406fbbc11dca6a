import { useId } from 'react';
import { ReasoningEffortSchema } from '../../core/llm/types.ts';
import { Field } from './Field.tsx';
import type { DraftErrors, SettingsDraft } from './settings-draft.ts';

interface ModelSectionProps {
  draft: SettingsDraft;
  errors: DraftErrors;
  onChange: (patch: Partial<SettingsDraft>) => void;
  /** Ids the endpoint listed (empty until listed, or where listing is not supported). */
  models: readonly string[];
  onListModels: () => void;
  listing: boolean;
  /** One line about the last listing: how many, or why it failed. */
  listStatus: string | null;
}

/** Model id (free text, with the endpoint's list as suggestions) and decoding settings. */
export function ModelSection({ draft, errors, onChange, models, onListModels, listing, listStatus }: ModelSectionProps) {
  const listId = useId();
  return (
    <fieldset className="settings-group">
      <legend>Model</legend>
      <div className="model-picker">
        <Field label="Model id" error={errors.model} hint={models.length > 0 ? `Pick from the ${models.length} listed models or type any id.` : 'Type the id, or list the endpoint’s models.'}>
          <input type="text" data-testid="model-input" className="mono" spellCheck={false} autoComplete="off" list={listId} value={draft.model} onChange={(e) => onChange({ model: e.target.value })} />
        </Field>
        <datalist id={listId}>
          {models.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <div className="button-row">
          <button type="button" data-testid="list-models" onClick={onListModels} disabled={listing}>
            {listing ? 'Listing…' : 'List models'}
          </button>
          {listStatus && (
            <span className="note" data-testid="list-models-status">
              {listStatus}
            </span>
          )}
        </div>
      </div>
      <div className="settings-row">
        <Field label="Temperature" error={errors.temperature} hint="0 is what the VEH protocol fixes.">
          <input type="number" data-testid="temperature-input" min={0} max={2} step={0.1} value={draft.temperature} onChange={(e) => onChange({ temperature: e.target.value })} />
        </Field>
        <Field label="Max output tokens" error={errors.maxOutputTokens} hint="Per reply; reasoning models need more.">
          <input type="number" data-testid="max-tokens-input" min={1} step={1} value={draft.maxOutputTokens} onChange={(e) => onChange({ maxOutputTokens: e.target.value })} />
        </Field>
        <Field label="Reasoning effort" hint="Sent only where the provider supports it.">
          <select
            data-testid="reasoning-select"
            value={draft.reasoningEffort}
            onChange={(e) => onChange({ reasoningEffort: e.target.value === '' ? '' : ReasoningEffortSchema.parse(e.target.value) })}
          >
            <option value="">provider default</option>
            {ReasoningEffortSchema.options.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <label className="checkbox-field">
        <input type="checkbox" data-testid="stream-toggle" checked={draft.stream} onChange={(e) => onChange({ stream: e.target.checked })} />
        Stream replies into the live transcript as they arrive
      </label>
      <Field label="Extra headers (one “Name: value” per line)" error={errors.extraHeaders} hint="Saved with the settings and recorded in run manifests, so never a key here.">
        <textarea data-testid="extra-headers-input" className="mono" rows={2} spellCheck={false} value={draft.extraHeaders} onChange={(e) => onChange({ extraHeaders: e.target.value })} />
      </Field>
    </fieldset>
  );
}
