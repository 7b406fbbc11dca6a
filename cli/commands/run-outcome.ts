/**
 * What the exit code of a finished `run` says about its rows (issue 21: "completed: 30/30" and exit 0
 * when 24 of 30 rows were errors, or when every task hit the per-task timeout). A task failed when
 * its episode ended in an error (a refused request, a reply over the size cap, an agent crash) or was
 * stopped by the per-task wall clock (--timeout-s): neither measured the agent, only the endpoint.
 * A turn or cost budget stop is the agent's own outcome and scored as such, so it is not a failure.
 */
import { isEvent } from '../../src/core/agent/events.ts';
import type { TranscriptCore } from '../../src/core/run/transcript-core.ts';

export interface RunFailures {
  errors: number;
  timedOut: number;
  total: number;
  /** The first error event's message (usually what the endpoint answered), or the first timeout's reason. */
  first: string | null;
}

export function runFailures(transcripts: readonly TranscriptCore[]): RunFailures {
  let errors = 0;
  let timedOut = 0;
  let firstError: string | null = null;
  let firstTimeout: string | null = null;
  for (const t of transcripts) {
    if (t.status === 'error') {
      errors++;
      firstError ??= t.events.find(isEvent('error'))?.message ?? null;
      continue;
    }
    const end = t.events.findLast(isEvent('end'));
    if (t.status === 'budget_exceeded' && end?.budget_limit === 'timeout_s') {
      timedOut++;
      firstTimeout ??= end.reason;
    }
  }
  return { errors, timedOut, total: transcripts.length, first: firstError ?? firstTimeout };
}

/** "every task failed", "3 of 8 tasks failed (2 errors, 1 timed out)"; null when none did. */
export function failureSummary(f: RunFailures): string | null {
  const failed = f.errors + f.timedOut;
  if (failed === 0) return null;
  const parts = [f.errors > 0 ? `${f.errors} error${f.errors === 1 ? '' : 's'}` : null, f.timedOut > 0 ? `${f.timedOut} timed out` : null].filter((x) => x !== null);
  const what = failed === f.total ? 'every task failed' : `${failed} of ${f.total} tasks failed`;
  return `${what} (${parts.join(', ')})`;
}
