import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadVehBank } from '../../core/veh/bank/load.ts';
import type { VehTask } from '../../core/veh/task-schema.ts';
import { activeFilters, applyFilters as apply, emptyFilters, facetOptions as options, filtersFromQuery as fromQuery, filtersToQuery, type PageFacet, type TaskFilters } from './task-filters.ts';
import { VEH_PAGE_FACETS } from '../suites/veh/facets.ts';

const EMPTY_FILTERS = emptyFilters(VEH_PAGE_FACETS);
const applyFilters = (tasks: readonly VehTask[], f: TaskFilters) => apply(VEH_PAGE_FACETS, tasks, f);
const facet = (key: string): PageFacet => VEH_PAGE_FACETS.find((f) => f.key === key)!;
const facetOptions = (tasks: readonly VehTask[], f: TaskFilters, key: string) => options(VEH_PAGE_FACETS, tasks, f, facet(key));
const filtersFromQuery = (q: URLSearchParams) => fromQuery(VEH_PAGE_FACETS, q);

const BANK_DIR = join(import.meta.dirname, '../../../public/banks/veh');
let tasks: VehTask[] = [];

beforeAll(async () => {
  ({ tasks } = await loadVehBank((file) => readFile(join(BANK_DIR, file), 'utf8')));
});

describe('task-browser filters on the shipped bank', () => {
  it('selects P1 dev: 80 tasks', () => {
    const selected = applyFilters(tasks, { ...EMPTY_FILTERS, probe: 'P1', split: 'dev' });
    expect(selected).toHaveLength(80);
    expect(selected.every((t) => t.probe === 'P1' && t.split === 'dev')).toBe(true);
  });

  it('counts facet options against the other filters', () => {
    const filters = { ...EMPTY_FILTERS, probe: 'P4' };
    const policies = facetOptions(tasks, filters, 'subtype');
    expect(policies.map((o) => o.value).sort()).toEqual(['balanced', 'performance_first', 'reliability_first']);
    expect(policies.reduce((n, o) => n + o.count, 0)).toBe(tasks.filter((t) => t.probe === 'P4').length);
    // The probe facet ignores its own filter, so every probe stays selectable.
    expect(facetOptions(tasks, filters, 'probe').map((o) => o.value)).toEqual(['P1', 'P2', 'P3', 'P4']);
  });

  it('searches ids case-insensitively', () => {
    const selected = applyFilters(tasks, { ...EMPTY_FILTERS, q: 'P3-DEV-00' });
    expect(selected.length).toBeGreaterThan(0);
    expect(selected.every((t) => t.task_id.toLowerCase().includes('p3-dev-00'))).toBe(true);
  });

  it('round-trips through the hash query, and only set filters reach the run manifest', () => {
    const filters = { ...EMPTY_FILTERS, probe: 'P2', anchor: 'x y' };
    expect(filtersFromQuery(filtersToQuery(filters))).toEqual(filters);
    expect(activeFilters(filters)).toEqual({ probe: 'P2', anchor: 'x y' });
  });
});
