/**
 * Which tab owns a running run, through the Web Locks API: the tab running a run holds a lock named
 * after its store id until the run ends, and the browser drops it when the tab closes or crashes. At
 * page load a run still `running` whose lock nobody holds was orphaned and is marked interrupted; a
 * run that another open tab is writing keeps going. Without Web Locks every running run found at
 * load is taken as orphaned (this tab has started none yet), which is wrong only with two tabs open.
 */
import type { RunStore } from '../../core/store/run-store.ts';

const lockName = (storeId: string): string => `proving-ground-run:${storeId}`;

function lockManager(): LockManager | null {
  const nav = (globalThis as { navigator?: { locks?: LockManager } }).navigator;
  return nav?.locks ?? null;
}

/** Holds the run's lock until the returned release is called. */
export function holdRunLock(storeId: string, locks: LockManager | null = lockManager()): () => void {
  if (!locks) return () => undefined;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  locks.request(lockName(storeId), () => held).catch(() => undefined);
  return release;
}

/** Names of the run locks held by any tab now; null when the browser cannot say. */
async function heldRunLocks(locks: LockManager | null): Promise<Set<string> | null> {
  if (!locks) return null;
  try {
    const snapshot = await locks.query();
    return new Set((snapshot.held ?? []).map((l) => l.name ?? ''));
  } catch {
    return null;
  }
}

export const INTERRUPTED_REASON = 'The page was closed, reloaded or crashed while this run was in progress.';

/** Marks every orphaned `running` run interrupted; returns the store ids it marked. */
export async function markOrphanedRuns(store: RunStore, locks: LockManager | null = lockManager()): Promise<string[]> {
  const running = (await store.listRuns()).filter((s) => s.status === 'running');
  if (running.length === 0) return [];
  const held = await heldRunLocks(locks);
  // Web Locks exist but could not be queried: we cannot tell a live run from an orphan, so mark none.
  if (locks && held === null) return [];
  const orphaned = running.filter((s) => !held?.has(lockName(s.store_id)));
  for (const s of orphaned) await store.markInterrupted(s.store_id, INTERRUPTED_REASON);
  return orphaned.map((s) => s.store_id);
}
