/** Reproduction transcripts in interchange formats: every tool_call event is a call of the agent under the tool's own name (submit carries the package and the evaluator's verdict). */
import type { EventCore } from '../agent/events.ts';
import type { ToolCallEvent } from '../llm/tool-events.ts';
import type { CallView, SuiteInterop } from '../suite/contract.ts';
import type { ReproductionTranscript } from './episode.ts';

const isToolCall = (e: EventCore): e is ToolCallEvent => e.type === 'tool_call';
const asRecord = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, unknown>) } : { arguments_text: v });

export const reproductionInterop: SuiteInterop<ReproductionTranscript> = {
  callOf: (e): CallView | null =>
    isToolCall(e)
      ? { by: 'agent', function_name: e.name, label: e.call_id, step: e.step, request: e.valid ? asRecord(e.arguments) : { arguments_text: e.arguments_text }, result: e.error !== null ? { error: e.error } : e.result, duration_ms: e.duration_ms }
      : null,
  atifNotes:
    'Exported by Proving Ground from a paper-reproduction episode: the agent edits a package of JavaScript files, runs it in a development sandbox and submits it; the evaluator replays it from scratch and grades the regenerated evidence by a hidden rubric (the submit result carries the package and the verdict). The native run export is the authoritative record.',
  taskExtra: (t) => ({ solver: t.task.solver, citation: t.task.citation.doi }),
};
