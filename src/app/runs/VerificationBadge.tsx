import type { StoredVerification } from '../../core/store/run-store.ts';

const LABEL = { verified: 'verified', mismatch: 'mismatch', unverifiable: 'unverifiable' } as const;

/** The last replay verification of a run: verified / mismatch / unverifiable, or "not verified". */
export function VerificationBadge({ verification }: { verification: StoredVerification | null }) {
  if (!verification) {
    return (
      <span className="runs-badge runs-badge-none" data-testid="verify-badge" data-outcome="none">
        not verified
      </span>
    );
  }
  return (
    <span
      className={`runs-badge runs-badge-${verification.outcome}`}
      data-testid="verify-badge"
      data-outcome={verification.outcome}
      title={`${verification.summary} (checked ${verification.checked_at} by version ${verification.app_version})`}
    >
      {LABEL[verification.outcome]}
    </span>
  );
}
