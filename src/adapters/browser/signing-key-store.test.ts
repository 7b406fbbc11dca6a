import { describe, expect, it } from 'vitest';
import { createSigningKeyStore, type SigningKeyPersistence, type StoredSigningKey } from './signing-key-store.ts';
import { generateSigningKey } from '../../core/verify/signing.ts';

function fakeRow() {
  let row: unknown = undefined;
  const writes: StoredSigningKey[] = [];
  const persistence: SigningKeyPersistence = {
    read: () => Promise.resolve(row),
    write: (r) => {
      writes.push(r);
      row = r;
      return Promise.resolve();
    },
    remove: () => {
      row = undefined;
      return Promise.resolve();
    },
  };
  return { persistence, writes, set: (r: unknown) => (row = r), get: () => row };
}

describe('signing key store', () => {
  it('a generated key lives in memory only, non-extractable, until kept; removing it unsigns exports', async () => {
    const f = fakeRow();
    const store = createSigningKeyStore(f.persistence);
    expect(await store.active()).toBeNull();
    const key = await store.generate();
    expect(key.privateKey.extractable).toBe(false);
    expect(await store.active()).toBe(key);
    expect(f.get()).toBeUndefined();
    expect(await store.kept()).toBe(false);

    await store.keep();
    expect(f.writes).toEqual([{ private_key: key.privateKey, public_key: key.publicKey }]);
    expect(await store.kept()).toBe(true);
    // A new tab restores the kept key.
    const next = createSigningKeyStore(f.persistence);
    expect((await next.active())?.publicKey.fingerprint).toBe(key.publicKey.fingerprint);

    await store.unkeep();
    expect(f.get()).toBeUndefined();
    expect(await store.active()).toBe(key);
    await store.remove();
    expect(await store.active()).toBeNull();
  });

  it('a kept row that is not a non-extractable private key is treated as absent', async () => {
    const f = fakeRow();
    const extractable = await generateSigningKey(globalThis.crypto.subtle, 'ECDSA-P256-SHA256', true);
    f.set({ private_key: extractable.privateKey, public_key: extractable.publicKey });
    expect(await createSigningKeyStore(f.persistence).active()).toBeNull();
    f.set({ private_key: 'not a key', public_key: extractable.publicKey });
    expect(await createSigningKeyStore(f.persistence).kept()).toBe(false);
  });

  it('generating again while kept replaces the kept key, and without WebCrypto it says why', async () => {
    const f = fakeRow();
    const store = createSigningKeyStore(f.persistence);
    await store.generate();
    await store.keep();
    const second = await store.generate();
    expect((f.get() as StoredSigningKey).public_key.fingerprint).toBe(second.publicKey.fingerprint);
    await expect(createSigningKeyStore(f.persistence, () => undefined).generate()).rejects.toThrow(/https or localhost/);
  });
});
