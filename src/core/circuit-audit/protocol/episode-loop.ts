/**
 * A circuit episode on top of the one generic EpisodeLoop: the loop keeps the conversation, asks the
 * agent with the harness retry policy, applies budgets and cancellation, and records the generic
 * events; this wrapper adds the circuit oracle calls and circuit action events into the same,
 * time-ordered event list. The loop's own VEH oracle is never called (circuit probes evaluate through
 * `evaluate` here), so it is given one that refuses.
 */
import type { FinalRef, TranscriptEvent } from '../../agent/events.ts';
import { EpisodeLoop, OracleFailureError, abortable, type AskResult, type Interpretation, type EpisodeLoopOptions } from '../../agent/loop.ts';
import type { JsonObject } from '../../agent/parse-json.ts';
import type { ChatMessage } from '../../agent/types.ts';
import type { VehOracle } from '../../run/types.ts';
import type { EpisodeStatus } from '../../veh/rows.ts';
import type { CircuitOracle, CircuitRequest, CircuitResult } from '../oracle.ts';
import type { CircuitActionEvent, CircuitTranscriptEvent } from './events.ts';

const NO_VEH_ORACLE: VehOracle = {
  backendId: 'none',
  evaluate: () => Promise.reject(new Error('a circuit episode evaluates through the circuit oracle')),
  evaluateMany: () => Promise.reject(new Error('a circuit episode evaluates through the circuit oracle')),
};

export interface CircuitEpisodeOptions extends Omit<EpisodeLoopOptions, 'oracle' | 'onEvent'> {
  oracle: CircuitOracle;
  onEvent?: (e: CircuitTranscriptEvent) => void;
}

export interface CircuitCallMeta {
  step: number | null;
  purpose: 'agent' | 'harness';
  label: string;
}

export class CircuitEpisode {
  readonly events: CircuitTranscriptEvent[] = [];
  readonly loop: EpisodeLoop;
  oracleMs = 0;
  private readonly oracle: CircuitOracle;
  private readonly onEvent: ((e: CircuitTranscriptEvent) => void) | undefined;
  private readonly clock: () => number;

  constructor(opts: CircuitEpisodeOptions) {
    const { oracle, onEvent, ...rest } = opts;
    this.oracle = oracle;
    this.onEvent = onEvent;
    this.clock = rest.clock;
    // The generic loop reports each of its events here, so they interleave with ours in order.
    this.loop = new EpisodeLoop({ ...rest, oracle: NO_VEH_ORACLE, onEvent: (e: TranscriptEvent) => this.push(e as CircuitTranscriptEvent) });
  }

  private push(e: CircuitTranscriptEvent): void {
    this.events.push(e);
    this.onEvent?.(e);
  }

  say(...messages: readonly ChatMessage[]): void {
    this.loop.say(...messages);
  }

  ask<T>(interpret: (obj: JsonObject) => Interpretation<T>, formatHint: string): Promise<AskResult<T>> {
    return this.loop.ask(interpret, formatHint);
  }

  /** One circuit oracle call, recorded with its full request and result. */
  async evaluate(request: CircuitRequest, meta: CircuitCallMeta): Promise<CircuitResult> {
    const clock = this.clock;
    this.loop.guard.throwIfStopped();
    const t0 = clock();
    let result: CircuitResult;
    try {
      result = await abortable(this.oracle.evaluate(request), this.loop.signal);
    } catch (e) {
      throw this.loop.guard.interruption(e) ?? new OracleFailureError(e);
    }
    const duration = clock() - t0;
    this.oracleMs += duration;
    this.push({ type: 'circuit_oracle_call', t_ms: this.loop.elapsedMs(), ...meta, request, result, duration_ms: duration });
    return result;
  }

  act(event: Omit<CircuitActionEvent, 'type' | 't_ms'>): void {
    this.push({ type: 'circuit_action', t_ms: this.loop.elapsedMs(), ...event });
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
