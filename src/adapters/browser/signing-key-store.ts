/**
 * The page's signing key for run exports (issue 17). Generated in the page with WebCrypto as a
 * NON-extractable private key: its bytes can never be read back by script, only used to sign. By
 * default it lives in memory and dies with the tab. "Keep it in this browser" is an explicit opt-in
 * that stores the CryptoKey object itself (IndexedDB structured-clones it; still non-extractable)
 * in one settings row; turning it off or "Remove key" deletes that row. Only the public half ever
 * goes into an export; the private key never enters an export, transcript, log or URL.
 *
 * The persistence is handed in, so the rules here are unit-tested with an in-memory fake;
 * settings-db.ts provides the real row.
 */
import { z } from 'zod';
import { PublicSigningKeySchema, generateSigningKey, type PublicSigningKey, type SigningAlgorithm } from '../../core/verify/signing.ts';

export interface SigningKeyPair {
  privateKey: CryptoKey;
  publicKey: PublicSigningKey;
}

/** The persisted row. Validated on read: anything else (a corrupt row, a key that can be exported) is treated as absent. */
const StoredSigningKeySchema = z.strictObject({
  private_key: z.custom<CryptoKey>((v) => typeof CryptoKey !== 'undefined' && v instanceof CryptoKey && v.type === 'private' && !v.extractable && v.usages.includes('sign'), 'a non-extractable private CryptoKey'),
  public_key: PublicSigningKeySchema,
});
export type StoredSigningKey = { private_key: CryptoKey; public_key: PublicSigningKey };

export interface SigningKeyPersistence {
  read(): Promise<unknown>;
  write(row: StoredSigningKey): Promise<void>;
  remove(): Promise<void>;
}

export interface SigningKeyStore {
  /** The key exports are signed with, once any kept key has been restored; null: exports are unsigned. */
  active(): Promise<SigningKeyPair | null>;
  /** Whether the key is kept in this browser (the row exists). */
  kept(): Promise<boolean>;
  /** A fresh key, in memory only (replaces the key in memory; a kept key is replaced too). */
  generate(algorithm?: SigningAlgorithm): Promise<SigningKeyPair>;
  /** Opt in: keep the in-memory key in this browser. */
  keep(): Promise<void>;
  /** Opt out: delete the kept row; the key stays in memory for this tab. */
  unkeep(): Promise<void>;
  /** Drop the key from memory and from the browser: exports are unsigned again. */
  remove(): Promise<void>;
  /** Called after every change (for the settings panel). */
  subscribe(listener: () => void): () => void;
}

export function createSigningKeyStore(persistence: SigningKeyPersistence, subtle: () => SubtleCrypto | undefined = () => globalThis.crypto?.subtle): SigningKeyStore {
  let key: SigningKeyPair | null = null;
  let restored: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());

  const readRow = async (): Promise<StoredSigningKey | null> => {
    const parsed = StoredSigningKeySchema.safeParse(await persistence.read().catch(() => null));
    return parsed.success ? (parsed.data as StoredSigningKey) : null;
  };
  // Once per tab: a kept key comes back into memory, unless one was made in this tab meanwhile.
  const restore = (): Promise<void> =>
    (restored ??= readRow().then((row) => {
      if (row !== null && key === null) {
        key = { privateKey: row.private_key, publicKey: row.public_key as PublicSigningKey };
        changed();
      }
    }));

  return {
    active: async () => {
      await restore();
      return key;
    },
    kept: async () => (await readRow()) !== null,
    generate: async (algorithm = 'ECDSA-P256-SHA256') => {
      const s = subtle();
      if (s === undefined) throw new Error('This page has no WebCrypto (it needs https or localhost), so it cannot make a signing key.');
      await restore();
      const wasKept = (await readRow()) !== null;
      key = await generateSigningKey(s, algorithm, false);
      // A kept key is replaced by the new one, never left behind under a key the page no longer shows.
      if (wasKept) await persistence.write({ private_key: key.privateKey, public_key: key.publicKey });
      changed();
      return key;
    },
    keep: async () => {
      await restore();
      if (key === null) throw new Error('There is no signing key to keep: generate one first.');
      await persistence.write({ private_key: key.privateKey, public_key: key.publicKey });
      changed();
    },
    unkeep: async () => {
      await persistence.remove();
      changed();
    },
    remove: async () => {
      await restore();
      key = null;
      await persistence.remove();
      changed();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
