import { DEFAULT_SUITE_ID } from '../suites/registry.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_TIMERS } from '../../adapters/browser/page-timers.ts';
import { diagnoseLlmError, type Diagnosis } from '../../core/llm/diagnose.ts';
import { DEFAULT_PRICES, priceFor } from '../../core/llm/prices.ts';
import { createPageLlmClient } from '../data/page-llm-client.ts';
import { sessionSecrets } from '../data/secrets.ts';
import { useSaveModelConfig } from '../data/use-model-config.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { routeHref } from '../routing/route.ts';
import { ApiKeySection } from './ApiKeySection.tsx';
import { BudgetSection } from './BudgetSection.tsx';
import { ConnectionResult } from './ConnectionResult.tsx';
import { testConnection } from './connection-test.ts';
import { DiagnosisView } from './DiagnosisView.tsx';
import { EndpointSection } from './EndpointSection.tsx';
import { modelPrice } from './model-prices.ts';
import { ModelSection } from './ModelSection.tsx';
import { presetById } from './presets.ts';
import { configFromDraft, draftFromConfig, draftFromPreset, type DraftErrors, type SettingsDraft } from './settings-draft.ts';
import type { StoredModelConfig } from './stored-settings.ts';

const today = (): string => new Date().toISOString().slice(0, 10);

/** Thrown (and shown) when the form is not valid enough to send a request. */
class DraftInvalidError extends Error {
  constructor() {
    super('Fix the highlighted fields first.');
    this.name = 'DraftInvalidError';
  }
}

type Outcome<T> = { ok: true; value: T } | { ok: false; diagnosis: Diagnosis };

/** The settings form: edits a draft, saves it to this device, tests it against the endpoint. */
export function SettingsForm({ saved }: { saved: StoredModelConfig | null }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromConfig(saved));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [models, setModels] = useState<readonly string[]>([]);
  const [dirty, setDirty] = useState(false);
  const save = useSaveModelConfig();
  const endpoint = { provider: draft.provider, baseUrl: draft.baseUrl };

  const change = (patch: Partial<SettingsDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  const choosePreset = (id: SettingsDraft['preset']) => {
    setDraft((d) => draftFromPreset(id, d));
    setModels([]);
    setDirty(true);
  };

  /** Validates the draft; marks the fields when it is not valid. */
  const validated = (): StoredModelConfig | null => {
    const r = configFromDraft(draft, today());
    setErrors(r.ok ? {} : r.errors);
    return r.ok ? r.config : null;
  };

  const diagnose = (e: unknown, config: StoredModelConfig): Diagnosis =>
    diagnoseLlmError(e, {
      provider: config.settings.provider,
      baseUrl: config.settings.base_url,
      pageOrigin: window.location.origin,
      secrets: [sessionSecrets.get(endpoint)],
    });

  const connection = useMutation({
    mutationFn: async (): Promise<Outcome<Awaited<ReturnType<typeof testConnection>>>> => {
      const config = validated();
      if (!config) throw new DraftInvalidError();
      try {
        const client = createPageLlmClient(config.settings, sessionSecrets.get(endpoint));
        return { ok: true, value: await testConnection(client, config.settings, modelPrice(config), PAGE_TIMERS) };
      } catch (e) {
        return { ok: false, diagnosis: diagnose(e, config) };
      }
    },
  });

  const listing = useMutation({
    mutationFn: async (): Promise<Outcome<string[]>> => {
      const config = configFromDraft({ ...draft, model: draft.model.trim() === '' ? 'placeholder' : draft.model }, today());
      if (!config.ok) {
        setErrors(config.errors);
        throw new DraftInvalidError();
      }
      try {
        const client = createPageLlmClient(config.config.settings, sessionSecrets.get(endpoint));
        const ids = await client.listModels(AbortSignal.timeout(30_000));
        setModels(ids);
        return { ok: true, value: ids };
      } catch (e) {
        return { ok: false, diagnosis: diagnose(e, config.config) };
      }
    },
  });

  const onSave = () => {
    const config = validated();
    if (!config) return;
    save.mutate(config, { onSuccess: () => setDirty(false) });
  };

  const listStatus = listing.isError
    ? listing.error.message
    : listing.data
      ? listing.data.ok
        ? `${listing.data.value.length} models listed.`
        : `Could not list models: ${listing.data.diagnosis.title}. Type the id instead.`
      : null;
  const listedPrice = priceFor(DEFAULT_PRICES, draft.provider, draft.model);

  return (
    <form
      className="panel settings-form"
      aria-label="Model settings"
      onSubmit={(e) => {
        // First thing: a submitted form must never navigate (the browser would serialise fields into a URL).
        e.preventDefault();
        onSave();
      }}
    >
      <EndpointSection draft={draft} errors={errors} onPreset={choosePreset} onChange={change} />
      <ApiKeySection endpoint={endpoint} needsKey={presetById(draft.preset).needsKey} />
      <ModelSection draft={draft} errors={errors} onChange={change} models={models} onListModels={() => listing.mutate()} listing={listing.isPending} listStatus={listStatus} />
      <BudgetSection draft={draft} errors={errors} onChange={change} listedPrice={listedPrice} />
      <div className="button-row settings-actions">
        <button type="submit" className="primary" data-testid="save-settings" disabled={save.isPending}>
          Save settings
        </button>
        <button type="button" data-testid="test-connection" onClick={() => connection.mutate()} disabled={connection.isPending}>
          {connection.isPending ? 'Testing…' : 'Test connection'}
        </button>
        <span className="note" data-testid="save-status" aria-live="polite">
          {save.isPending ? 'Saving…' : dirty ? 'Unsaved changes.' : save.isSuccess || saved ? (
            <>
              Saved on this device. <a href={routeHref({ name: 'run', suiteId: DEFAULT_SUITE_ID, query: new URLSearchParams() })}>Run it on VEHBench</a>
            </>
          ) : (
            'Not saved yet.'
          )}
        </span>
      </div>
      {Object.keys(errors).length > 0 && <p className="field-error" role="alert">Some fields need fixing: see the messages above.</p>}
      {save.isError && <ErrorPanel title="The settings could not be saved" error={save.error} />}
      {connection.data?.ok === true && <ConnectionResult result={connection.data.value} />}
      {connection.data?.ok === false && <DiagnosisView diagnosis={connection.data.diagnosis} />}
    </form>
  );
}
