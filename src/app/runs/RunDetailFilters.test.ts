import { vehSuite } from '../../core/veh/suite.ts';
import { PROBES } from '../../core/veh/task-schema.ts';
import { describe, expect, it } from 'vitest';
import { p1Row, p4Row } from '../../core/veh/metrics/test-utils.ts';
import { filterTaskList, filtersFromQuery, filtersToQuery, NO_FILTERS, taskListItems } from './RunDetailFilters.tsx';

const tasks = [
  { task_index: 0, row: { ...p1Row('solvable_base', 'propose_design', 'propose_design'), task_id: 'P1-dev-001' } },
  { task_index: 1, row: { ...p1Row('solvable_base', 'propose_design', 'declare_infeasible'), task_id: 'P1-test-002' } },
  { task_index: 2, row: { ...p4Row({ oracle: ['a', 'b'], predicted: null }), task_id: 'P4-dev-003', status: 'parse_failure' as const } },
];

describe('run detail task list', () => {
  const items = taskListItems(vehSuite, tasks);

  it('items carry the headline outcome', () => {
    expect(items.map((i) => [i.index, i.probe, i.passed])).toEqual([
      [0, 'P1', true],
      [1, 'P1', false],
      [2, 'P4', false],
    ]);
  });

  it('filters combine: probe, status, outcome and a case-insensitive id search', () => {
    expect(filterTaskList(items, NO_FILTERS)).toHaveLength(3);
    expect(filterTaskList(items, { ...NO_FILTERS, probe: 'P1' }).map((i) => i.index)).toEqual([0, 1]);
    expect(filterTaskList(items, { ...NO_FILTERS, outcome: 'fail' }).map((i) => i.index)).toEqual([1, 2]);
    expect(filterTaskList(items, { ...NO_FILTERS, status: 'parse_failure' }).map((i) => i.index)).toEqual([2]);
    expect(filterTaskList(items, { ...NO_FILTERS, text: ' dev ' }).map((i) => i.index)).toEqual([0, 2]);
    expect(filterTaskList(items, { ...NO_FILTERS, probe: 'P1', outcome: 'fail', text: 'TEST' }).map((i) => i.index)).toEqual([1]);
  });

  it('filters round-trip through the hash query; unknown values are dropped', () => {
    const f = { probe: 'P2' as const, status: 'completed' as const, outcome: 'pass' as const, text: 'dev-00' };
    expect(filtersFromQuery(PROBES, filtersToQuery(f))).toEqual(f);
    expect(filtersFromQuery(PROBES, new URLSearchParams('probe=P9&status=odd&outcome=maybe'))).toEqual(NO_FILTERS);
    expect(filtersToQuery(NO_FILTERS).toString()).toBe('');
  });
});
