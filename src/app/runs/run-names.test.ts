import { describe, expect, it } from 'vitest';
import { runNames, type RunNameInput } from './run-names.ts';

const recipe = (filters: Record<string, string>) => ({ suite: 'veh' as const, agent_id: 'random', seed: 1, options: { p3Variant: 'raw_history' }, filters, bank_hash: 'h', task_ids: [], app_version: 'v' });

function run(over: Partial<RunNameInput> & { store_id: string }): RunNameInput {
  return { run_id: over.store_id, label: 'Uniform random 64', started_at: '2026-12-02T00:40:12.345Z', seed: 7, task_count: 80, recipe: recipe({ probe: 'P2', split: 'dev' }), ...over };
}

describe('runNames', () => {
  it('keeps a unique label as it is', () => {
    expect(runNames([run({ store_id: 'a' }), run({ store_id: 'b', label: 'Reference' })])).toEqual(new Map([['a', 'Uniform random 64'], ['b', 'Reference']]));
  });

  it('adds the selection when that is what differs', () => {
    const names = runNames([run({ store_id: 'a' }), run({ store_id: 'b', recipe: recipe({ probe: 'P1' }), task_count: 40 })]);
    expect(names.get('a')).toBe('Uniform random 64 · P2 dev, 80 tasks');
    expect(names.get('b')).toBe('Uniform random 64 · P1, 40 tasks');
  });

  it('tells four identical runs apart by seed, then start time to the second', () => {
    const names = runNames([
      run({ store_id: 'a', seed: 1 }),
      run({ store_id: 'b', seed: 2 }),
      run({ store_id: 'c', seed: 2, started_at: '2026-12-02T00:40:59.000Z' }),
      run({ store_id: 'd', seed: 2, started_at: '2026-12-02T00:41:03.000Z' }),
    ]);
    expect(new Set(names.values()).size).toBe(4);
    expect(names.get('a')).toBe('Uniform random 64 · P2 dev, 80 tasks · seed 1 · 2026-12-02 00:40:12 UTC');
    expect(names.get('c')).toBe('Uniform random 64 · P2 dev, 80 tasks · seed 2 · 2026-12-02 00:40:59 UTC');
  });

  it('names imported copies of one run (store ids run~2, run~3) by copy, not only by a suffix', () => {
    const id = 'veh-random-s7-20261202T004012Z-0a1b2c3d';
    const names = runNames([run({ store_id: id, run_id: id, recipe: null }), run({ store_id: `${id}~2`, run_id: id, recipe: null }), run({ store_id: `${id}~3`, run_id: id, recipe: null })]);
    expect(names.get(id)).toBe('Uniform random 64 · 80 tasks · seed 7 · 2026-12-02 00:40:12 UTC · #1b2c3d');
    expect(names.get(`${id}~2`)).toBe('Uniform random 64 · 80 tasks · seed 7 · 2026-12-02 00:40:12 UTC · #1b2c3d copy 2');
    expect(names.get(`${id}~3`)).toMatch(/copy 3$/);
  });
});
