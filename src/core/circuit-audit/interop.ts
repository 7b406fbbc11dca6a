/**
 * Circuit-audit transcripts in interchange formats (src/core/export/atif.ts): a circuit_oracle_call
 * event is the tool call `circuit_oracle.evaluate` (the agent's queries) or a harness evaluation;
 * every other event is a protocol event kept verbatim.
 */
import type { EventCore } from '../agent/events.ts';
import type { CallView, SuiteInterop } from '../suite/contract.ts';
import type { CircuitOracleCallEvent } from './protocol/events.ts';
import type { CircuitTranscript } from './protocol/transcript.ts';

export const CIRCUIT_ORACLE_FUNCTION = 'circuit_oracle.evaluate';

const isCircuitCall = (e: EventCore): e is CircuitOracleCallEvent => e.type === 'circuit_oracle_call';

export const circuitInterop: SuiteInterop<CircuitTranscript> = {
  callOf: (e): CallView | null =>
    isCircuitCall(e) ? { by: e.purpose, function_name: CIRCUIT_ORACLE_FUNCTION, label: e.label, step: e.step, request: { ...e.request }, result: e.result, duration_ms: e.duration_ms } : null,
  atifNotes:
    "Exported by Proving Ground from a circuit-audit episode (VEHBench Appendix R). Agent steps are the agent's replies (JSON text); their tool_calls are the closed-form circuit-oracle evaluations the reply asked for, with the results as observation. Harness evaluations appear as system steps. Protocol events are kept verbatim in step extra.events. The native run export is the authoritative record.",
  taskExtra: (t) => ({ probe: t.task.probe, family: t.task.family }),
};
