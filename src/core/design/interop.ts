/**
 * Design transcripts in interchange formats (src/core/export/atif.ts): every tool_call event is a
 * call of the agent under the tool's own name (probe and submit carry the evaluator's verdict).
 */
import type { EventCore } from '../agent/events.ts';
import type { ToolCallEvent } from '../llm/tool-events.ts';
import type { CallView, SuiteInterop } from '../suite/contract.ts';
import type { DesignTranscript } from './episode.ts';

const isToolCall = (e: EventCore): e is ToolCallEvent => e.type === 'tool_call';
const asRecord = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, unknown>) } : { arguments_text: v });

export const designInterop: SuiteInterop<DesignTranscript> = {
  callOf: (e): CallView | null =>
    isToolCall(e)
      ? { by: 'agent', function_name: e.name, label: e.call_id, step: e.step, request: e.valid ? asRecord(e.arguments) : { arguments_text: e.arguments_text }, result: e.error !== null ? { error: e.error } : e.result, duration_ms: e.duration_ms }
      : null,
  atifNotes:
    'Exported by Proving Ground from a spec-to-design episode: the agent designs a device with simulator tools, probes the isolated evaluator with design sources (each verdict: gates, J, S, the source SHA-256) and submits one source. Agent steps are model replies; their tool_calls carry the results. The native run export is the authoritative record.',
  taskExtra: (t) => ({ family: t.task.family, physics: t.task.physics, probe_budget: t.task.probe_budget }),
};
