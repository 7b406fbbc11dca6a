/**
 * A suite's facets as CLI filters (--probe, --split, …): a value is taken in the spelling the tasks
 * use (p2 → P2). Facets with a fixed set of values are checked as flags are parsed; the rest once
 * the bank is loaded, against the values the bank holds.
 */
import type { AnySuite } from '../src/core/suite/contract.ts';
import { UsageError, type FlagOptions } from './args.ts';

export function facetFlags(suite: AnySuite): FlagOptions {
  return Object.fromEntries(suite.facets.map((f) => [f.key, { type: 'string' }]));
}

export function matchFacetValue(flag: string, value: string, known: readonly string[]): string {
  const hit = known.find((k) => k === value) ?? known.find((k) => k.toLowerCase() === value.toLowerCase());
  if (hit === undefined) throw new UsageError(`unknown ${flag} "${value}": --${flag} must be ${known.length === 1 ? known[0] : `one of ${known.join(', ')}`}`);
  return hit;
}

/** The facet flags given, checked where the suite fixes their values. */
export function parseFacetFlags(suite: AnySuite, values: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of suite.facets) {
    const v = Object.hasOwn(values, f.key) ? values[f.key] : undefined;
    if (typeof v !== 'string') continue;
    out[f.key] = f.values ? matchFacetValue(f.key, v, f.values) : v;
  }
  return out;
}

/** The tasks matching every given facet, and the run's filter record; values checked against the bank. */
export function filterByFacets<T extends { task_id: string }>(suite: AnySuite, all: readonly T[], facets: Readonly<Record<string, string>>): { tasks: T[]; filters: Record<string, string> } {
  let tasks = [...all];
  const filters: Record<string, string> = {};
  for (const f of suite.facets) {
    const given = Object.hasOwn(facets, f.key) ? facets[f.key] : undefined;
    if (given === undefined) continue;
    const value = matchFacetValue(f.key, given, f.values ?? [...new Set(all.map((t) => f.of(t)))]);
    filters[f.key] = value;
    tasks = tasks.filter((t) => f.of(t) === value);
  }
  return { tasks, filters };
}
