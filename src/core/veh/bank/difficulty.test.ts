import { describe, expect, it } from 'vitest';
import { assignByRank } from './difficulty.ts';

describe('assignByRank', () => {
  it('cuts tasks sorted by hardness into the given counts, ties broken by id', () => {
    const items = [
      { id: 'c', hardness: 0.5 },
      { id: 'a', hardness: 0.9 },
      { id: 'b', hardness: 0.5 },
      { id: 'd', hardness: 0.1 },
    ];
    const labels = assignByRank(items, [
      { label: 'easy', count: 1 },
      { label: 'medium', count: 2 },
      { label: 'hard', count: 1 },
    ]);
    expect(Object.fromEntries(labels)).toEqual({ d: 'easy', b: 'medium', c: 'medium', a: 'hard' });
  });

  it('refuses counts that do not add up to the number of tasks', () => {
    expect(() => assignByRank([{ id: 'x', hardness: 0 }], [{ label: 'hard', count: 2 }])).toThrow(/sum to 2/);
  });
});
