import { describe, expect, it } from 'vitest';
import { compareViewFromQuery } from './compare-view.ts';

describe('compare view from the URL', () => {
  it('reads both runs, the outcome filter and the task', () => {
    expect(compareViewFromQuery(new URLSearchParams('a=run-1&b=run-2~2&outcome=regression&task=P1-dev-007'))).toEqual({ a: 'run-1', b: 'run-2~2', outcome: 'regression', task: 'P1-dev-007' });
  });

  it('drops an unknown outcome and treats empty ids as missing', () => {
    expect(compareViewFromQuery(new URLSearchParams('a=&outcome=better'))).toEqual({ a: null, b: null, outcome: null, task: null });
  });
});
