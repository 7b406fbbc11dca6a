import { TRUST_LABEL, type Trust } from '../../core/leaderboard/trust.ts';

const CLASS: Readonly<Record<Trust, string>> = {
  verified: 'runs-badge runs-badge-verified',
  local: 'runs-badge runs-badge-none',
  unverified: 'runs-badge runs-badge-unverifiable',
  mismatch: 'runs-badge runs-badge-mismatch',
};

const WHY: Readonly<Record<Trust, string>> = {
  verified: 'Replay verification re-derived every row and re-executed every oracle call.',
  local: 'Run in this browser by this build; not replay-verified.',
  unverified: 'Imported and not verified: the scores are recomputed from its rows, but the rows themselves are only claimed. Verify it on the Runs page.',
  mismatch: 'Replay verification found rows that differ from what this build recomputes.',
};

/** How far an entry can be trusted (src/core/leaderboard/trust.ts), with the reason as a tooltip. */
export function TrustBadge({ trust }: { trust: Trust }) {
  return (
    <span className={CLASS[trust]} data-testid="lb-trust" data-trust={trust} title={WHY[trust]}>
      {TRUST_LABEL[trust]}
    </span>
  );
}
