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
  it('starts with the two newest runs, B the newest, and never a run against itself', () => {
    expect(defaultComparePair(['new', 'old', 'older'], null, null)).toEqual({ a: 'old', b: 'new' });
    expect(defaultComparePair(['new', 'old'], 'new', null)).toEqual({ a: 'new', b: 'old' });
    expect(defaultComparePair(['new', 'old'], null, 'old')).toEqual({ a: 'new', b: 'old' });
    expect(defaultComparePair(['new', 'old'], 'old', 'old')).toEqual({ a: 'old', b: 'new' });
    expect(defaultComparePair(['x', 'y'], 'x', 'y')).toEqual({ a: 'x', b: 'y' });
  });
});
