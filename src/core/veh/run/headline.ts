/** The headline metric of each probe (Table 2 of the paper), for summaries and progress lines. */
import type { Probe } from '../task-schema.ts';

export const HEADLINE_METRICS: Readonly<Record<Probe, { key: string; label: string }>> = {
  P1: { key: 'p1_composite', label: 'P1-Composite' },
  P2: { key: 'p2b', label: 'P2b (final feasible power ratio)' },
  P3: { key: 'p3_success', label: 'P3-Success' },
  P4: { key: 'kendall_tau', label: 'Kendall τ' },
};
