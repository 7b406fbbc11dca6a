import { describe, expect, it } from 'vitest';
import { createSecretStore, endpointId, type RememberedKey, type RememberedKeyPersistence } from './secret-store.ts';

const KEY = 'sk-test-secret-value-1234';
const OPENAI = { provider: 'openai', baseUrl: 'https://api.openai.com/v1' } as const;
const OLLAMA = { provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1' } as const;

function memoryRow(initial?: unknown): RememberedKeyPersistence & { row: unknown; writes: number } {
  const state = {
    row: initial,
    writes: 0,
    read: () => Promise.resolve(state.row),
    write: (r: RememberedKey) => {
      state.writes++;
      state.row = structuredClone(r);
      return Promise.resolve();
    },
    remove: () => {
      state.row = undefined;
      return Promise.resolve();
    },
  };
  return state;
}

describe('secret store: memory by default', () => {
  it('holds keys per endpoint in memory and writes nothing to persistence', async () => {
    const row = memoryRow();
    const store = createSecretStore(row);
    store.set(OPENAI, KEY);
    expect(store.get(OPENAI)).toBe(KEY);
    expect(store.get(OLLAMA)).toBe('');
    expect(row.writes).toBe(0);
    expect(await store.remembered()).toBeNull();
  });

  it('treats a trailing slash or host case as the same endpoint, a different provider as another', () => {
    const store = createSecretStore(memoryRow());
    store.set(OPENAI, KEY);
    expect(store.get({ provider: 'openai', baseUrl: 'https://API.openai.com/v1/' })).toBe(KEY);
    expect(store.get({ provider: 'anthropic', baseUrl: 'https://api.openai.com/v1' })).toBe('');
    expect(endpointId(OPENAI)).toBe('openai https://api.openai.com/v1');
  });

  it('an empty key and forget() both drop it', () => {
    const store = createSecretStore(memoryRow());
    store.set(OPENAI, KEY);
    store.set(OPENAI, '');
    expect(store.get(OPENAI)).toBe('');
    store.set(OPENAI, KEY);
    store.forget(OPENAI);
    expect(store.get(OPENAI)).toBe('');
  });
});

describe('secret store: remember on this device (opt-in)', () => {
  it('remember() writes exactly one row; unremember() deletes it and keeps the tab’s key', async () => {
    const row = memoryRow();
    const store = createSecretStore(row);
    await store.remember(OPENAI, KEY);
    expect(row.row).toEqual({ provider: 'openai', base_url: 'https://api.openai.com/v1', api_key: KEY });
    expect(await store.remembered()).toEqual(OPENAI);
    await store.unremember();
    expect(row.row).toBeUndefined();
    expect(await store.remembered()).toBeNull();
    expect(store.get(OPENAI)).toBe(KEY);
  });

  it('remembering another endpoint replaces the row (one remembered key at a time)', async () => {
    const row = memoryRow();
    const store = createSecretStore(row);
    await store.remember(OPENAI, KEY);
    await store.remember(OLLAMA, 'local-key');
    expect(row.row).toEqual({ provider: 'openai', base_url: 'http://127.0.0.1:11434/v1', api_key: 'local-key' });
  });

  it('refuses to remember an empty key', async () => {
    await expect(createSecretStore(memoryRow()).remember(OPENAI, '')).rejects.toThrow(/no key to remember/);
  });

  it('restore() loads a remembered key into memory at page start; a key typed in the tab wins', async () => {
    const fresh = createSecretStore(memoryRow({ provider: 'openai', base_url: 'https://api.openai.com/v1', api_key: KEY }));
    expect(await fresh.restore()).toEqual(OPENAI);
    expect(fresh.get(OPENAI)).toBe(KEY);

    const typed = createSecretStore(memoryRow({ provider: 'openai', base_url: 'https://api.openai.com/v1', api_key: KEY }));
    typed.set(OPENAI, 'typed-key');
    await typed.restore();
    expect(typed.get(OPENAI)).toBe('typed-key');
  });

  it('a corrupt remembered row is treated as absent', async () => {
    const store = createSecretStore(memoryRow({ provider: 'openai', api_key: 42 }));
    expect(await store.restore()).toBeNull();
    expect(await store.remembered()).toBeNull();
  });
});
