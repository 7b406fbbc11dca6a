import { describe, expect, it } from 'vitest';
import { compareViewFromQuery, defaultComparePair } from './compare-view.ts';

describe('compare view from the URL', () => {
  it('reads both runs, the outcome filter and the task', () => {
    expect(compareViewFromQuery(new URLSearchParams('a=run-1&b=run-2~2&outcome=regression&task=P1-dev-007'))).toEqual({ a: 'run-1', b: 'run-2~2', outcome: 'regression', task: 'P1-dev-007' });
  });

  it('drops an unknown outcome and treats empty ids as missing', () => {
    expect(compareViewFromQuery(new URLSearchParams('a=&outcome=better'))).toEqual({ a: null, b: null, outcome: null, task: null });
  });
});

describe('defaultComparePair', () => {
  const veh = (...ids: string[]) => ids.map((store_id) => ({ store_id, suite: 'veh' }));

  it('starts with the two newest runs, B the newest, and never a run against itself', () => {
    expect(defaultComparePair(veh('new', 'old', 'older'), null, null)).toEqual({ a: 'old', b: 'new' });
    expect(defaultComparePair(veh('new', 'old'), 'new', null)).toEqual({ a: 'new', b: 'old' });
    expect(defaultComparePair(veh('new', 'old'), null, 'old')).toEqual({ a: 'new', b: 'old' });
    expect(defaultComparePair(veh('new', 'old'), 'old', 'old')).toEqual({ a: 'old', b: 'new' });
    expect(defaultComparePair(veh('x', 'y'), 'x', 'y')).toEqual({ a: 'x', b: 'y' });
  });

  it('pairs runs of one suite: a newest run with no partner in its suite is skipped, a given run gets a partner of its own suite', () => {
    const runs = [{ store_id: 'repro-1', suite: 'reproduction' }, ...veh('veh-new'), { store_id: 'circuit-1', suite: 'circuit' }, ...veh('veh-old')];
    expect(defaultComparePair(runs, null, null)).toEqual({ a: 'veh-old', b: 'veh-new' });
    expect(defaultComparePair(runs, 'veh-old', null)).toEqual({ a: 'veh-old', b: 'veh-new' });
    expect(defaultComparePair(runs, null, 'veh-old')).toEqual({ a: 'veh-new', b: 'veh-old' });
    // No same-suite partner at all: still two different runs (the page then says why they cannot pair).
    expect(defaultComparePair(runs, 'repro-1', null)).toEqual({ a: 'repro-1', b: 'veh-new' });
    expect(defaultComparePair([{ store_id: 'r', suite: 'reproduction' }, { store_id: 'c', suite: 'circuit' }], null, null)).toEqual({ a: 'c', b: 'r' });
  });
});
