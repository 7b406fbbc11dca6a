import { describe, expect, it } from 'vitest';
import { analysesQuery, analysesViewFromQuery, toggleRun } from './analyses-view.ts';
import { vehSuite } from '../../core/veh/suite.ts';

describe('analyses view in the hash', () => {
  it('round-trips kind and runs, ignores an unknown kind and repeated ids', () => {
    const v = { suite: 'veh', kind: 'paired', runs: ['a_1', 'b~2'] };
    expect(analysesViewFromQuery(vehSuite, analysesQuery(v))).toEqual(v);
    // An unknown kind falls back to the suite's first analysis.
    expect(analysesViewFromQuery(vehSuite, new URLSearchParams('kind=nope&runs=x,,x,y'))).toEqual({ suite: 'veh', kind: 'paired', runs: ['x', 'y'] });
  });

  it('toggles a run, keeping the pick order', () => {
    expect(toggleRun(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleRun(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
