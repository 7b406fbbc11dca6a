/**
 * The page's one secret store: API keys in a module-level map for the life of the tab, plus the
 * opt-in "remember on this device" row in IndexedDB. Module state on purpose: a key must survive
 * navigating between the settings and run pages, but never reach React state that devtools,
 * error boundaries or query caches could serialise.
 */
import { createSecretStore } from '../../adapters/browser/secret-store.ts';
import { rememberedKeyRow } from '../../adapters/browser/settings-db.ts';

export const sessionSecrets = createSecretStore(rememberedKeyRow);
