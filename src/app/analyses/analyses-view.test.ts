import { describe, expect, it } from 'vitest';
import { analysesQuery, analysesViewFromQuery, toggleRun } from './analyses-view.ts';

describe('analyses view in the hash', () => {
  it('round-trips kind and runs, ignores an unknown kind and repeated ids', () => {
    const v = { kind: 'paired' as const, runs: ['a_1', 'b~2'] };
    expect(analysesViewFromQuery(analysesQuery(v))).toEqual(v);
    expect(analysesViewFromQuery(new URLSearchParams('kind=nope&runs=x,,x,y'))).toEqual({ kind: 'profiles', runs: ['x', 'y'] });
  });

  it('toggles a run, keeping the pick order', () => {
    expect(toggleRun(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleRun(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
