import { describe, expect, it } from 'vitest';
import type { ManifestCore } from '../run/manifest-core.ts';
import { selectByFilters, selectionDiffs } from './selection.ts';

interface T {
  task_id: string;
  probe: string;
}
const bank: T[] = Array.from({ length: 10 }, (_, i) => ({ task_id: `t${i}`, probe: i % 2 === 0 ? 'P1' : 'P2' }));
const facets = [{ key: 'probe', of: (t: T) => t.probe }];
const manifest = (task_filter: Record<string, string>, task_count: number, status: ManifestCore['status'] = 'completed') => ({ task_filter, task_count, status }) as ManifestCore;
const held = (ids: string[], start = 0) => ids.map((task_id, i) => ({ task_id, task_index: start + i }));

describe('selection binding', () => {
  it('facets select, a shard is the contiguous block with its global indices', () => {
    const sel = selectByFilters(bank, { probe: 'P2', shard: '2/2' }, facets);
    expect(sel.tasks.map((t) => t.task_id)).toEqual(['t1', 't3', 't5', 't7', 't9']);
    expect(selectionDiffs(sel, manifest({ probe: 'P2', shard: '2/2' }, 3), held(['t5', 't7', 't9'], 2))).toEqual([]);
    // Indices restarted at 0 are not this shard's.
    expect(selectionDiffs(sel, manifest({ probe: 'P2', shard: '2/2' }, 3), held(['t5', 't7', 't9'])).map((d) => d.path)).toEqual(['tasks[0].task_index', 'tasks[1].task_index', 'tasks[2].task_index']);
  });

  it('a missing, an extra, a repeated task and a wrong count are named', () => {
    const sel = selectByFilters(bank, { probe: 'P1' }, facets);
    const d = selectionDiffs(sel, manifest({ probe: 'P1' }, 4), [
      { task_id: 't0', task_index: 0 },
      { task_id: 't1', task_index: 1 },
      { task_id: 't0', task_index: 2 },
    ]);
    expect(d.map((x) => [x.path, x.claimed, x.recomputed])).toEqual([
      ['manifest.task_count', 4, 5],
      ['tasks[1].task_id', 't1', 't2'],
      ['tasks[2].task_id', 't0', 't4'],
      ['tasks[1].task_id', undefined, 't2'],
      ['tasks[2].task_id', undefined, 't4'],
      ['tasks[3].task_id', undefined, 't6'],
      ['tasks[4].task_id', undefined, 't8'],
    ]);
    expect(d[2]?.note).toMatch(/t0 is held twice/);
  });

  it('a cancelled run may hold a prefix, not a gap', () => {
    const sel = selectByFilters(bank, {}, facets);
    expect(selectionDiffs(sel, manifest({}, 10, 'cancelled'), held(['t0', 't1', 't2']))).toEqual([]);
    expect(selectionDiffs(sel, manifest({}, 10, 'cancelled'), [{ task_id: 't0', task_index: 0 }, { task_id: 't2', task_index: 2 }]).map((x) => x.path)).toEqual(['tasks[1].task_id']);
  });

  it('a filter this build does not know, or a bad shard, is a mismatch', () => {
    const sel = selectByFilters(bank, { colour: 'red' }, facets);
    expect(sel.unknown).toEqual(['colour']);
    expect(selectionDiffs(sel, manifest({ colour: 'red' }, 10), held(bank.map((t) => t.task_id)))[0]).toMatchObject({ path: 'manifest.task_filter.colour', claimed: 'red' });
    const bad = selectByFilters(bank, { shard: '3/2' }, facets);
    expect(selectionDiffs(bad, manifest({ shard: '3/2' }, 10), held(bank.map((t) => t.task_id)))[0]).toMatchObject({ path: 'manifest.task_filter.shard' });
  });
});
