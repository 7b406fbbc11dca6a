/**
 * The page's one export signing key (src/adapters/browser/signing-key-store.ts): module state, like
 * the API keys, so it survives navigation but never reaches React state or a query cache.
 */
import { signingKeyRow } from '../../adapters/browser/settings-db.ts';
import { createSigningKeyStore } from '../../adapters/browser/signing-key-store.ts';

export const sessionSigningKey = createSigningKeyStore(signingKeyRow);
