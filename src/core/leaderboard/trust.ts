/**
 * How far a leaderboard entry can be trusted. A run made in this page was scored by this build from
 * its own oracle calls; an imported file is only someone's claim until replay verification
 * (src/core/verify) has re-derived every row and re-executed every oracle call.
 */
import type { StoredRunSummary } from '../store/run-store.ts';

export type Trust = 'verified' | 'local' | 'unverified' | 'mismatch';

export const TRUST_LABEL: Readonly<Record<Trust, string>> = {
  verified: 'verified (replayed)',
  local: 'local run',
  unverified: 'unverified import',
  mismatch: 'verification failed',
};

export function runTrust(summary: Pick<StoredRunSummary, 'source' | 'verification'>): Trust {
  const outcome = summary.verification?.outcome;
  if (outcome === 'verified') return 'verified';
  if (outcome === 'mismatch') return 'mismatch';
  return summary.source === 'local' ? 'local' : 'unverified';
}

/** Trusted = verified, or computed in this page; an unverified import or a failed check is not. */
export const isTrusted = (t: Trust): boolean => t === 'verified' || t === 'local';
