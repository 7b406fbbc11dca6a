/**
 * How much this origin stores and whether the browser promised to keep it
 * (navigator.storage.estimate / persist / persisted). Every part is optional: older browsers, some
 * private modes and non-secure origins have no StorageManager, and the page then says "unknown"
 * rather than failing.
 */
import type { StorageEstimate } from '../../core/store/run-store.ts';

/** The part of StorageManager used here (injected for tests). */
export interface StorageManagerLike {
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
}

function pageStorageManager(): StorageManagerLike | null {
  const nav = (globalThis as { navigator?: { storage?: StorageManagerLike } }).navigator;
  return nav?.storage ?? null;
}

async function orNull<T>(f: (() => Promise<T>) | undefined): Promise<T | null> {
  if (!f) return null;
  try {
    return await f();
  } catch {
    // A browser that throws here (blocked storage) simply cannot tell us.
    return null;
  }
}

export async function readStorageEstimate(manager: StorageManagerLike | null = pageStorageManager()): Promise<StorageEstimate> {
  const estimate = await orNull(manager?.estimate?.bind(manager));
  const persisted = await orNull(manager?.persisted?.bind(manager));
  return {
    usage_bytes: typeof estimate?.usage === 'number' ? estimate.usage : null,
    quota_bytes: typeof estimate?.quota === 'number' ? estimate.quota : null,
    persisted,
  };
}

/**
 * Asks the browser to keep this origin's data under storage pressure. Returns the answer, or null
 * where the API is missing. Chromium decides silently from site engagement; Firefox may ask the user.
 */
export async function requestPersistentStorage(manager: StorageManagerLike | null = pageStorageManager()): Promise<boolean | null> {
  return orNull(manager?.persist?.bind(manager));
}

/** "12.3 MB of 2.1 GB", for the storage line of the Run and Runs pages. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return u === 0 ? `${v} B` : `${v.toFixed(v < 10 ? 1 : 0)} ${units[u] ?? ''}`;
}

export function describeStorage(e: StorageEstimate): string {
  if (e.usage_bytes === null) return 'Storage use: unknown in this browser';
  const quota = e.quota_bytes === null ? '' : ` of ${formatBytes(e.quota_bytes)} available`;
  const kept = e.persisted === true ? ' (persistent)' : e.persisted === false ? ' (may be cleared by the browser under storage pressure)' : '';
  return `Storage used: ${formatBytes(e.usage_bytes)}${quota}${kept}`;
}
