/**
 * Photonics-agent transcripts in interchange formats (src/core/export/atif.ts): every tool_call
 * event is a tool call of the agent, under the tool's own name; replies, messages and the end are
 * protocol events kept verbatim.
 */
import type { EventCore } from '../agent/events.ts';
import type { ToolCallEvent } from '../llm/tool-events.ts';
import type { CallView, SuiteInterop } from '../suite/contract.ts';
import type { PhotonicsTranscript } from './episode.ts';

const isToolCall = (e: EventCore): e is ToolCallEvent => e.type === 'tool_call';
const asRecord = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, unknown>) } : { arguments_text: v });

export const photonicsInterop: SuiteInterop<PhotonicsTranscript> = {
  callOf: (e): CallView | null =>
    isToolCall(e)
      ? { by: 'agent', function_name: e.name, label: e.call_id, step: e.step, request: e.valid ? asRecord(e.arguments) : { arguments_text: e.arguments_text }, result: e.error !== null ? { error: e.error } : e.result, duration_ms: e.duration_ms }
      : null,
  atifNotes:
    'Exported by Proving Ground from a photonics-agent episode: the agent answers a photonics question through tool calls (list_resources, read_resource, estimate, solve, compare, optimize, submit_answer). Agent steps are model replies; their tool_calls are the calls with the engine results (or the error handed back) as observation. Messages and the end event are kept verbatim in step extra.events. The native run export is the authoritative record.',
  taskExtra: (t) => ({ category: t.task.category, kind: t.task.kind, grid: t.task.grid }),
};
