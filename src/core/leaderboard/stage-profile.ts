/**
 * A run's stage profile: the four headline scores on one [0, 1] scale, for the radar plot. The
 * headlines live on different scales: P1-Composite and P3-Success are already in [0, 1]; P2b is a
 * power ratio to the best-known-feasible design, which a good design may exceed, so it is clipped at
 * 1; Kendall τb is in [−1, 1] and maps to (τ + 1) / 2, so 0.5 is a random order. Profiles are for
 * looking at, not ranking (the paper ranks stage by stage).
 */
import { HEADLINE_METRICS } from '../veh/run/headline.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import { PROBES, type Probe } from '../veh/task-schema.ts';

export interface StageScore {
  probe: Probe;
  label: string;
  /** The headline as computed (null when the run has no rows of the probe or it is undefined). */
  raw: number | null;
  /** On [0, 1]; null with raw. */
  normalised: number | null;
}

const clip01 = (x: number): number => Math.min(1, Math.max(0, x));

export function normaliseHeadline(probe: Probe, value: number): number {
  return probe === 'P4' ? clip01((value + 1) / 2) : clip01(value);
}

export function stageProfile(metrics: SuiteMetrics): StageScore[] {
  return PROBES.map((probe) => {
    const { key, label } = HEADLINE_METRICS[probe];
    const raw = metrics[probe]?.[key]?.value ?? null;
    return { probe, label, raw, normalised: raw === null ? null : normaliseHeadline(probe, raw) };
  });
}
