/**
 * Verify's suite hooks the probe suites share: the one setting a transcript must agree on with its
 * manifest (the P3 variant), and the oracle calls to replay (one event type per suite).
 */
import type { RecordedCall, VerifyDiff } from '../verify/verify.ts';

export function p3VariantDiffs(t: { settings: { p3_variant?: string | undefined } }, manifest: { p3_variant?: string | undefined }): VerifyDiff[] {
  if (t.settings.p3_variant === manifest.p3_variant) return [];
  return [{ check: 'settings', path: 'settings.p3_variant', claimed: t.settings.p3_variant, recomputed: manifest.p3_variant, note: "the manifest's P3 variant" }];
}

interface OracleCallEvent {
  type: string;
  purpose?: string;
  label?: string;
  step?: number | null;
  request?: unknown;
  result?: unknown;
}

/** The recorded oracle calls of a transcript whose oracle events have type `eventType`. */
export function oracleCallsOf(eventType: string): (t: { events: readonly OracleCallEvent[] }) => RecordedCall[] {
  return (t) => {
    const calls: RecordedCall[] = [];
    t.events.forEach((e, index) => {
      if (e.type === eventType) calls.push({ index, request: e.request, result: e.result, where: `${eventType} ${e.purpose} "${e.label}"${e.step != null ? `, step ${e.step}` : ''}` });
    });
    return calls;
  };
}
