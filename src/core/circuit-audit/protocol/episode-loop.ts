/**
 * A circuit episode on the generic EpisodeLoop: the loop keeps the conversation, asks the agent
 * with the harness retry policy, applies budgets and cancellation, and records the conversation
 * events; this adds the circuit oracle calls and circuit action events to the same, time-ordered
 * event list.
 */
import type { EpisodeStatus } from '../../agent/events.ts';
import { EpisodeLoop, type AskResult, type EpisodeLoopOptions, type Interpretation, type OracleCallMeta } from '../../agent/loop.ts';
import type { JsonObject } from '../../agent/parse-json.ts';
import type { ChatMessage } from '../../agent/types.ts';
import type { FinalRef } from '../../veh/protocol/events.ts';
import type { CircuitOracle, CircuitRequest, CircuitResult } from '../oracle.ts';
import type { CircuitActionEvent, CircuitTranscriptEvent } from './events.ts';

export interface CircuitEpisodeOptions extends Omit<EpisodeLoopOptions<CircuitTranscriptEvent>, 'onEvent'> {
  oracle: CircuitOracle;
  onEvent?: (e: CircuitTranscriptEvent) => void;
}

export type CircuitCallMeta = OracleCallMeta;

export class CircuitEpisode {
  readonly loop: EpisodeLoop<CircuitTranscriptEvent>;
  private readonly oracle: CircuitOracle;

  constructor(opts: CircuitEpisodeOptions) {
    const { oracle, onEvent, ...rest } = opts;
    this.oracle = oracle;
    // Every event this episode records is a circuit transcript event (the loop's own are a subset).
    this.loop = new EpisodeLoop<CircuitTranscriptEvent>({ ...rest, ...(onEvent ? { onEvent: (e) => onEvent(e as CircuitTranscriptEvent) } : {}) });
  }

  get events(): readonly CircuitTranscriptEvent[] {
    return this.loop.events as CircuitTranscriptEvent[];
  }

  get oracleMs(): number {
    return this.loop.oracleMs;
  }

  say(...messages: readonly ChatMessage[]): void {
    this.loop.say(...messages);
  }

  ask<T>(interpret: (obj: JsonObject) => Interpretation<T>, formatHint: string): Promise<AskResult<T>> {
    return this.loop.ask(interpret, formatHint);
  }

  /** One circuit oracle call, recorded with its full request and result. */
  async evaluate(request: CircuitRequest, meta: CircuitCallMeta): Promise<CircuitResult> {
    const { result, duration_ms } = await this.loop.callOracle(() => this.oracle.evaluate(request));
    this.loop.record({ type: 'circuit_oracle_call', t_ms: this.loop.now(), ...meta, request, result, duration_ms });
    return result;
  }

  act(event: Omit<CircuitActionEvent, 'type' | 't_ms'>): void {
    this.loop.record({ type: 'circuit_action', t_ms: this.loop.now(), ...event });
  }

  end(status: EpisodeStatus, final: FinalRef | null, reason: string): void {
    this.loop.end(status, final, reason);
  }

  /** A turn whose reply never parsed after the retries: record it and end as a parse failure (N.9). */
  failParse(step: number, problem: string, final: FinalRef | null, what: string, extra: Partial<Omit<CircuitActionEvent, 'type' | 't_ms'>> = {}): void {
    this.act({ step, action: null, protocol_valid: false, invalid_reason: `parse failure: ${problem}`, design: null, evaluated: false, reason: null, ...extra });
    this.end('parse_failure', final, `no usable ${what} after the retries`);
  }
}
