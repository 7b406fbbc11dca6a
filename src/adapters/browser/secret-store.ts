/**
 * Where API keys live in the page. By default only in memory: a map per endpoint (provider + base
 * URL) that dies with the tab. "Remember on this device" is an explicit opt-in that copies the key of
 * one endpoint into a single persisted row (the settings database's `remembered-api-key` row);
 * turning it off or "Forget key" deletes that row. Nothing else in the page ever writes a key.
 *
 * The persistence is handed in (RememberedKeyPersistence), so this file has no IndexedDB in it and
 * its rules are unit-tested with an in-memory fake; settings-db.ts provides the real one.
 */
import { z } from 'zod';
import { ProviderIdSchema, type ProviderId } from '../../core/llm/types.ts';

export interface EndpointRef {
  readonly provider: ProviderId;
  readonly baseUrl: string;
}

/** The one persisted row's shape. Validated on read: a corrupt row is treated as absent. */
export const RememberedKeySchema = z.strictObject({
  provider: ProviderIdSchema,
  base_url: z.string(),
  api_key: z.string().min(1),
});
export type RememberedKey = z.infer<typeof RememberedKeySchema>;

export interface RememberedKeyPersistence {
  read(): Promise<unknown>;
  write(row: RememberedKey): Promise<void>;
  remove(): Promise<void>;
}

/** The same endpoint written with or without a trailing slash, or with different case in the host, is one endpoint. */
export function endpointId(e: EndpointRef): string {
  return `${e.provider} ${normaliseBaseUrl(e.baseUrl)}`;
}

export function normaliseBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  try {
    const u = new URL(trimmed);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return trimmed;
  }
}

export interface SecretStore {
  /** The key held for this endpoint, or '' (local servers often need none). */
  get(endpoint: EndpointRef): string;
  /** Holds the key in memory; an empty key removes it. */
  set(endpoint: EndpointRef, key: string): void;
  /** Drops the in-memory key of this endpoint. */
  forget(endpoint: EndpointRef): void;
  /** Which endpoint's key is remembered on this device, if any (read from the persisted row). */
  remembered(): Promise<EndpointRef | null>;
  /** Opt in: persists this endpoint's key (replacing any other remembered key). */
  remember(endpoint: EndpointRef, key: string): Promise<void>;
  /** Opt out: deletes the persisted row. The in-memory key stays until forget(). */
  unremember(): Promise<void>;
  /** Loads a remembered key into memory (at page start), so runs can use it; returns its endpoint. */
  restore(): Promise<EndpointRef | null>;
}

export function createSecretStore(persistence: RememberedKeyPersistence): SecretStore {
  const keys = new Map<string, string>();

  const readRow = async (): Promise<RememberedKey | null> => {
    const parsed = RememberedKeySchema.safeParse(await persistence.read());
    return parsed.success ? parsed.data : null;
  };
  const refOf = (row: RememberedKey): EndpointRef => ({ provider: row.provider, baseUrl: row.base_url });

  return {
    get: (endpoint) => keys.get(endpointId(endpoint)) ?? '',
    set: (endpoint, key) => {
      const id = endpointId(endpoint);
      if (key === '') keys.delete(id);
      else keys.set(id, key);
    },
    forget: (endpoint) => {
      keys.delete(endpointId(endpoint));
    },
    remembered: async () => {
      const row = await readRow();
      return row === null ? null : refOf(row);
    },
    remember: async (endpoint, key) => {
      if (key === '') throw new Error('There is no key to remember: enter the API key first.');
      keys.set(endpointId(endpoint), key);
      await persistence.write({ provider: endpoint.provider, base_url: normaliseBaseUrl(endpoint.baseUrl), api_key: key });
    },
    unremember: () => persistence.remove(),
    restore: async () => {
      const row = await readRow();
      if (row === null) return null;
      const ref = refOf(row);
      // A key typed in this tab wins over the remembered one.
      if (!keys.has(endpointId(ref))) keys.set(endpointId(ref), row.api_key);
      return ref;
    },
  };
}
