/**
 * The flags that pick tasks: `--suite` (checked against the suite registry), `--probe` and
 * `--split` (the VEH bank's facets), and the filter they make. Kept apart from cli/args.ts because
 * the registry loads every suite's code and schemas, which a command like `solve` never needs.
 */
import { SUITES as SUITE_REGISTRY } from '../src/core/suites.ts';
import { PROBES, SPLITS, type Probe, type Split } from '../src/core/veh/task-schema.ts';
import { oneOf } from './args.ts';

/** A suite id the registry knows (src/core/suites.ts). */
export type Suite = string;
export const DEFAULT_SUITE: Suite = 'veh';

/** `--suite`: a registered suite's id; absent means 'veh'. */
export function parseSuite(value: string | undefined): Suite {
  const v = value ?? DEFAULT_SUITE;
  const known = SUITE_REGISTRY.ids();
  if (!known.includes(v)) oneOf('--suite', 'suite', v, known);
  return v;
}

/** `--probe`: P1–P4, any case; absent means every probe (null). */
export function parseProbe(value: string | undefined): Probe | null {
  if (value === undefined) return null;
  const v = value.toUpperCase();
  if (!(PROBES as readonly string[]).includes(v)) oneOf('--probe', 'probe', value, PROBES);
  return v as Probe;
}

/** `--split`: dev, test_id or test_ood; absent means every split (null). */
export function parseSplit(value: string | undefined): Split | null {
  if (value === undefined) return null;
  if (!(SPLITS as readonly string[]).includes(value)) oneOf('--split', 'split', value, SPLITS);
  return value as Split;
}

export interface TaskFilter {
  probe: Probe | null;
  split: Split | null;
}

/** The tasks of the chosen probe and split (null: any). */
export function filterTasks<T extends { probe: string; split: string }>(tasks: readonly T[], filter: TaskFilter): T[] {
  return tasks.filter((t) => (filter.probe === null || t.probe === filter.probe) && (filter.split === null || t.split === filter.split));
}

/** The filter as the `filters` record a run stores ({} for the whole bank). */
export function filterRecord(filter: TaskFilter): Record<string, string> {
  const r: Record<string, string> = {};
  if (filter.probe !== null) r.probe = filter.probe;
  if (filter.split !== null) r.split = filter.split;
  return r;
}
