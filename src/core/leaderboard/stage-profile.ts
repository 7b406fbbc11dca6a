/**
 * A run's stage profile: each group's headline on one [0, 1] scale, for the radar plot. Headlines
 * live on different scales; the suite maps each onto [0, 1] (scoring.normaliseHeadline; VEH clips
 * P2b's power ratio at 1 and maps Kendall τb to (τ + 1) / 2, so 0.5 is a random order). Profiles are
 * for looking at, not ranking (the VEH paper ranks stage by stage).
 */
import type { AnySuite } from '../suite/contract.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';

export interface StageScore {
  group: string;
  label: string;
  /** The headline as computed (null when the run has no rows of the group or it is undefined). */
  raw: number | null;
  /** On [0, 1]; null with raw. */
  normalised: number | null;
}

export function stageProfile(suite: AnySuite, metrics: SuiteMetrics): StageScore[] {
  return suite.groups.ids.map((group) => {
    const headline = suite.groups.headline[group];
    const raw = headline ? (metrics[group]?.[headline.key]?.value ?? null) : null;
    return { group, label: headline?.label ?? group, raw, normalised: raw === null ? null : suite.scoring.normaliseHeadline(group, raw) };
  });
}
