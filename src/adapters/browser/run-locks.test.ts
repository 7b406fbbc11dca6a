import { describe, expect, it } from 'vitest';
import { MemoryRunStore } from '../../core/store/memory-run-store.ts';
import { fixtureRecipe } from '../../core/store/test-run-fixture.ts';
import { holdRunLock, INTERRUPTED_REASON, markOrphanedRuns } from './run-locks.ts';

/** A LockManager for one origin: exclusive locks by name, released when the callback's promise settles. */
function fakeLocks(): LockManager {
  const held = new Set<string>();
  const manager = {
    request: async (name: string, callback: () => Promise<unknown>) => {
      held.add(name);
      try {
        return await callback();
      } finally {
        held.delete(name);
      }
    },
    query: () => Promise.resolve({ held: [...held].map((name) => ({ name, mode: 'exclusive' as const, clientId: 'tab' })), pending: [] }),
  };
  return manager as unknown as LockManager;
}

async function storeWithRunning(ids: string[]) {
  const store = new MemoryRunStore();
  for (const id of ids) await store.beginRun({ run_id: id, label: 'Reference', model: null, started_at: '2026-01-01T00:00:00.000Z', recipe: fixtureRecipe(['a', 'b']) });
  return store;
}

describe('run ownership across tabs', () => {
  it('marks a running run interrupted when no tab holds its lock, and leaves one another tab is writing', async () => {
    const locks = fakeLocks();
    const store = await storeWithRunning(['orphan', 'live']);
    const release = holdRunLock('live', locks);
    await Promise.resolve();
    expect(await markOrphanedRuns(store, locks)).toEqual(['orphan']);
    expect((await store.getRun('orphan'))?.summary).toMatchObject({ status: 'interrupted', error: INTERRUPTED_REASON });
    expect((await store.getRun('live'))?.summary.status).toBe('running');
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await markOrphanedRuns(store, locks)).toEqual(['live']);
  });

  it('when the locks cannot be queried, no run is marked (a live one could be among them)', async () => {
    const store = await storeWithRunning(['a']);
    const broken = { ...fakeLocks(), query: () => Promise.reject(new Error('SecurityError')) } as unknown as LockManager;
    expect(await markOrphanedRuns(store, broken)).toEqual([]);
    expect((await store.getRun('a'))?.summary.status).toBe('running');
  });

  it('without Web Locks, every running run found at load is orphaned', async () => {
    const store = await storeWithRunning(['a', 'b']);
    expect((await markOrphanedRuns(store, null)).sort()).toEqual(['a', 'b']);
  });
});
