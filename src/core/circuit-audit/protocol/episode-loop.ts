/**
 * A circuit episode on the generic EpisodeLoop: the loop keeps the conversation, asks the agent
 * with the harness retry policy, applies budgets and cancellation, and records the conversation
 * events; this adds the circuit oracle calls and circuit action events to the same, time-ordered
 * event list.
 */
import type { OracleCallMeta } from '../../agent/loop.ts';
import { OracleEpisode, type OracleEpisodeOptions } from '../../agent/oracle-episode.ts';
import type { FinalRef } from '../../veh/protocol/events.ts';
import type { CircuitOracle, CircuitRequest, CircuitResult } from '../oracle.ts';
import type { CircuitActionEvent, CircuitTranscriptEvent } from './events.ts';

export type CircuitEpisodeOptions = OracleEpisodeOptions<CircuitTranscriptEvent, CircuitOracle>;

export type CircuitCallMeta = OracleCallMeta;

export class CircuitEpisode extends OracleEpisode<CircuitTranscriptEvent, CircuitOracle, Omit<CircuitActionEvent, 'type' | 't_ms'>, FinalRef> {
  protected readonly callType = 'circuit_oracle_call';
  protected readonly actionType = 'circuit_action';

  /** One circuit oracle call, recorded with its full request and result. */
  evaluate(request: CircuitRequest, meta: CircuitCallMeta): Promise<CircuitResult> {
    return this.recordCall(request, meta, (r) => this.oracle.evaluate(r));
  }
}
