/** VEHBench's task-browser facets: its suite facets plus the probe-specific subtype and the anchor design. */
import type { VehTask } from '../../../core/veh/task-schema.ts';
import type { PageFacet } from '../../browser/task-filters.ts';

export { subtypeOf } from '../../../core/veh/subtype.ts';
import { subtypeOf } from '../../../core/veh/subtype.ts';

const veh = (of: (t: VehTask) => string) => (t: { task_id: string }) => of(t as VehTask);

/** In the order the browser (and so a run's task_filter) has always listed them. */
export const VEH_PAGE_FACETS: readonly PageFacet[] = [
  { key: 'probe', label: 'Probe', of: veh((t) => t.probe) },
  { key: 'split', label: 'Split', of: veh((t) => t.split) },
  { key: 'subtype', label: 'Subtype', of: veh(subtypeOf) },
  { key: 'difficulty', label: 'Difficulty', of: veh((t) => t.difficulty) },
  { key: 'anchor', label: 'Anchor', of: veh((t) => t.provenance.anchor_id) },
];
