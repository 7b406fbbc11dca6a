import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readSettingRow, SETTINGS_ROWS, writeSettingRow } from '../../adapters/browser/settings-db.ts';
import type { EndpointRef } from '../../adapters/browser/secret-store.ts';
import { StoredModelConfigRowSchema, type StoredModelConfig } from '../settings/stored-settings.ts';
import { sessionSecrets } from './secrets.ts';

export const MODEL_CONFIG_QUERY_KEY = ['model-config'] as const;
export const REMEMBERED_KEY_QUERY_KEY = ['remembered-key-endpoint'] as const;

export interface LoadedModelConfig {
  /** null until the user saves a configuration. */
  config: StoredModelConfig | null;
  /** Set when the stored row was unreadable and defaults are shown. */
  note: string | null;
}

async function loadModelConfig(): Promise<LoadedModelConfig> {
  const { value, note } = await readSettingRow(SETTINGS_ROWS.modelSettings, StoredModelConfigRowSchema, null, 'model settings');
  return { config: value, note };
}

/** The saved model configuration (IndexedDB), read once per page load. */
export function useModelConfig() {
  return useQuery({ queryKey: MODEL_CONFIG_QUERY_KEY, queryFn: loadModelConfig, staleTime: Infinity, retry: false });
}

export function useSaveModelConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (config: StoredModelConfig) => {
      await writeSettingRow(SETTINGS_ROWS.modelSettings, config);
      return config;
    },
    onSuccess: (config) => client.setQueryData<LoadedModelConfig>(MODEL_CONFIG_QUERY_KEY, { config, note: null }),
  });
}

/**
 * Which endpoint's key is remembered on this device (null: none). Loading it also puts that key
 * into the in-memory store, so a remembered key works on the run page without visiting settings.
 */
export function useRememberedKeyEndpoint() {
  return useQuery<EndpointRef | null>({ queryKey: REMEMBERED_KEY_QUERY_KEY, queryFn: () => sessionSecrets.restore(), staleTime: Infinity, retry: false });
}

export function useRememberKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: { remember: true; endpoint: EndpointRef; key: string } | { remember: false }) => {
      if (change.remember) await sessionSecrets.remember(change.endpoint, change.key);
      else await sessionSecrets.unremember();
      return change.remember ? change.endpoint : null;
    },
    onSuccess: (endpoint) => client.setQueryData(REMEMBERED_KEY_QUERY_KEY, endpoint),
  });
}
