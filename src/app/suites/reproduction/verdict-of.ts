/**
 * Where a reproduction transcript keeps its verdict: the result of the episode's one successful
 * `submit` tool call holds `{ files, verdict }` (core/reproduction/environment.ts, submit; the suite's
 * recordedCalls reads the same place). The transcript schema types that result as unknown, so the
 * page validates it here with the evaluator's own schema, and says why when it does not parse
 * instead of drawing a half-read verdict.
 */
import { z } from 'zod';
import type { ToolCallEvent, ToolEpisodeEvent } from '../../../core/llm/tool-events.ts';
import { submissionOf } from '../../../core/reproduction/episode.ts';
import { ReproductionVerdictSchema, type ReproductionVerdict } from '../../../core/reproduction/evaluator.ts';

const FilesSchema = z.array(z.strictObject({ path: z.string(), text: z.string() }));

export type VerdictReading =
  | { kind: 'not-submitted' }
  | { kind: 'malformed'; call: ToolCallEvent; issues: string[] }
  | { kind: 'ok'; call: ToolCallEvent; verdict: ReproductionVerdict; files: { path: string; text: string }[] };

/** At most this many zod issues are listed (a wholly wrong object yields one per field). */
const MAX_ISSUES = 8;

export function readVerdict(events: readonly ToolEpisodeEvent[]): VerdictReading {
  const call = submissionOf(events);
  if (!call) return { kind: 'not-submitted' };
  const result = (call.result ?? null) as { verdict?: unknown; files?: unknown } | null;
  const v = ReproductionVerdictSchema.safeParse(typeof result === 'object' ? result?.verdict : undefined);
  if (!v.success) {
    const issues = v.error.issues.slice(0, MAX_ISSUES).map((i) => `${i.path.length > 0 ? i.path.join('.') : '(verdict)'}: ${i.message}`);
    return { kind: 'malformed', call, issues };
  }
  const files = FilesSchema.safeParse(typeof result === 'object' ? result?.files : undefined);
  return { kind: 'ok', call, verdict: v.data, files: files.success ? files.data : [] };
}
