import { describe, expect, it } from 'vitest';
import { describeTaskFilter } from './filter-description.ts';

describe('describeTaskFilter', () => {
  it('lists the set filters, or says all tasks', () => {
    expect(describeTaskFilter({ probe: 'P1', split: 'dev', subtype: '' })).toBe('probe=P1 split=dev');
    expect(describeTaskFilter({})).toBe('all tasks');
  });
});
