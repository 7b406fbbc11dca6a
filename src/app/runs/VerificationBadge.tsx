import type { ExportSignature } from '../../core/export/run-export.ts';
import type { StoredVerification } from '../../core/store/run-store.ts';
import { signatureStateText, type ExportSignatureState } from '../../core/verify/export-signature.ts';

const LABEL = { verified: 'verified', mismatch: 'mismatch', unverifiable: 'unverifiable' } as const;

const SIGNATURE_LABEL = { signed: 'signed by', bad: 'bad signature', unsigned: 'unsigned' } as const;

/** Who vouches for a file: "signed by <first 16 hex>", "bad signature: why", or "unsigned (…)". */
export function SignatureText({ state }: { state: ExportSignatureState }) {
  return (
    <span data-testid="signature-state" data-state={state.state} title={state.state === 'signed' ? state.fingerprint : undefined}>
      {signatureStateText(state)}
    </span>
  );
}

/**
 * The signature of a stored run: as the last verification re-checked it against the stored
 * content, else as it was checked on import (a bad one is never imported), else unsigned.
 */
export function SignatureBadge({ verification, signature }: { verification: StoredVerification | null; signature: ExportSignature | undefined }) {
  const state: ExportSignatureState = verification?.signature ?? (signature !== undefined ? { state: 'signed', fingerprint: signature.public_key.fingerprint } : { state: 'unsigned' });
  const label = state.state === 'signed' ? `${SIGNATURE_LABEL.signed} ${state.fingerprint.slice(0, 16)}` : SIGNATURE_LABEL[state.state];
  return (
    <span className={`runs-badge runs-badge-${state.state === 'bad' ? 'mismatch' : state.state === 'signed' ? 'verified' : 'none'}`} data-testid="signature-badge" data-state={state.state} title={signatureStateText(state)}>
      {label}
    </span>
  );
}

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
