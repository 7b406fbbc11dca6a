/**
 * VEHBench transcripts in interchange formats (src/core/export/atif.ts): an oracle_call event is the
 * tool call `veh_oracle.evaluate` (the agent's queries) or a harness evaluation (initial and trap
 * states); every other event is a protocol event kept verbatim.
 */
import type { EventCore } from '../agent/events.ts';
import type { CallView, SuiteInterop } from '../suite/contract.ts';
import type { OracleCallEvent } from './protocol/events.ts';
import type { Transcript } from './run/transcript.ts';

export const VEH_ORACLE_FUNCTION = 'veh_oracle.evaluate';

const isOracleCall = (e: EventCore): e is OracleCallEvent => e.type === 'oracle_call';

export const vehInterop: SuiteInterop<Transcript> = {
  callOf: (e): CallView | null =>
    isOracleCall(e) ? { by: e.purpose, function_name: VEH_ORACLE_FUNCTION, label: e.label, step: e.step, request: { ...e.request }, result: e.result, duration_ms: e.duration_ms } : null,
  atifNotes:
    "Exported by Proving Ground from a VEHBench episode. Agent steps are the agent's replies (JSON text); their tool_calls are the simulation-oracle evaluations the reply asked for, with the results as observation. Harness evaluations appear as system steps. Protocol events are kept verbatim in step extra.events. The native run export is the authoritative record.",
  taskExtra: (t) => ({ probe: t.task.probe }),
};
