import { describe, expect, it } from 'vitest';
import { MemoryRunStore } from './memory-run-store.ts';
import { ObservableRunStore, type RunStoreChange } from './observable-run-store.ts';
import { fixtureRecipe, fixtureRun } from './test-run-fixture.ts';

describe('ObservableRunStore', () => {
  it('tells listeners what each write changed, after the write, and nothing for reads', async () => {
    const store = new ObservableRunStore(Promise.resolve(new MemoryRunStore()));
    const seen: RunStoreChange[] = [];
    const seenCounts: number[] = [];
    const unsubscribe = store.subscribe((c) => {
      seen.push(c);
      void store.listRuns().then((l) => seenCounts.push(l.length));
    });
    const id = await store.beginRun({ run_id: 'r', label: 'Reference', model: null, started_at: '2026-01-01T00:00:00.000Z', recipe: fixtureRecipe(['a']) });
    await store.listRuns();
    const run = await fixtureRun();
    const [row, transcript] = [run.rows[0], run.transcripts[0]];
    if (!row || !transcript) throw new Error('fixture is empty');
    await store.commitTask(id, { task_index: 0, row, transcript });
    await store.markInterrupted(id, 'reload');
    await store.deleteRun(id);
    await store.clearAll();
    expect(seen).toEqual([
      { kind: 'run', storeId: 'r', rows: false },
      { kind: 'task', storeId: 'r' },
      { kind: 'run', storeId: 'r', rows: false },
      { kind: 'run', storeId: 'r', rows: true },
      { kind: 'all' },
    ]);
    // The first listener call already saw the new run: it is told after the write, not before.
    expect(seenCounts[0]).toBe(1);
    unsubscribe();
    await store.beginRun({ run_id: 's', label: 'Reference', model: null, started_at: '2026-01-01T00:00:00.000Z', recipe: fixtureRecipe(['a']) });
    expect(seen).toHaveLength(5);
  });

  it('notifies after a failed write too (a reader may have seen part of it) and passes the error on', async () => {
    const store = new ObservableRunStore(Promise.resolve(new MemoryRunStore()));
    const seen: RunStoreChange[] = [];
    store.subscribe((c) => seen.push(c));
    await expect(store.resumeRun('missing')).rejects.toThrow(/no stored run/);
    expect(seen).toEqual([{ kind: 'run', storeId: 'missing', rows: false }]);
  });
});
