/**
 * Stops a model run on a dead endpoint (issue 21): when every request fails to connect, is refused
 * its key or gets no answer before the request timeout, each further task only fails the same way (and a paid endpoint's key may be
 * locked out), so after N such tasks in a row the run ends 'failed' with the Test-connection
 * diagnosis. Kinds that say nothing about the endpoint as a whole (a rate limit, a server error, a
 * bad reply) do not count; any task that reached the model resets the streak.
 */
import type { TranscriptCore } from '../run/transcript-core.ts';
import { diagnoseLlmError, type DiagnosisContext } from './diagnose.ts';
import { LlmError, type LlmErrorKind } from './types.ts';

export const DEFAULT_MAX_CONSECUTIVE_FAILURES = 3;

/**
 * The error kinds that mean the endpoint cannot be used at all: no connection, no valid key, or no
 * answer in time to any attempt (a hanging server: each such task costs every retry's full request
 * timeout, so three in a row is already many minutes).
 */
const DEAD_ENDPOINT_KINDS: ReadonlySet<LlmErrorKind> = new Set(['network', 'auth', 'timeout']);

interface FailedCall {
  kind: LlmErrorKind;
  status: number | null;
  message: string;
}

/** The last failed HTTP attempt of a task that ended in a model-request error, or null. */
export function endpointFailure(transcript: TranscriptCore): FailedCall | null {
  if (transcript.status !== 'error') return null;
  const errors = transcript.events.filter((e) => e.type === 'error') as unknown as { llm_calls?: { error_kind: LlmErrorKind | null; status: number | null; error: string | null }[] }[];
  const last = errors.at(-1)?.llm_calls?.at(-1);
  if (!last?.error_kind || !DEAD_ENDPOINT_KINDS.has(last.error_kind)) return null;
  return { kind: last.error_kind, status: last.status, message: last.error ?? '' };
}

/**
 * A per-task check for runSuite's `stopAfter`: null while the run may go on, else the reason to stop
 * (the count, the last error and the diagnosis's title, detail and fix, plus the host's hint for
 * that kind: the diagnosis speaks of the page's settings, a CLI names its flags).
 */
export function failureStreak(limit: number, context: DiagnosisContext, hints: Partial<Record<LlmErrorKind, string>> = {}): (transcript: TranscriptCore) => string | null {
  let streak = 0;
  return (transcript) => {
    const failed = endpointFailure(transcript);
    streak = failed ? streak + 1 : 0;
    if (!failed || streak < limit) return null;
    const d = diagnoseLlmError(new LlmError(failed.kind, failed.message, { status: failed.status }), context);
    const hint = hints[failed.kind];
    return `${limit} tasks in a row could not use the model endpoint (${failed.kind}), so the run stops here. ${d.title}. ${d.detail}\nWhat to do:\n${d.fix}${hint ? `\n${hint}` : ''}`;
  };
}
