/**
 * An episode of a probe-style suite (VEHBench, the circuit audit) on the generic EpisodeLoop: the
 * loop keeps the conversation, asks the agent under the harness retry policy, applies budgets and
 * cancellation and records the conversation events; this adds the suite's oracle calls and its
 * reading of each turn (action events) to the same time-ordered event list. A suite subclasses it
 * with its own event names and types (`callType`, `actionType`).
 */
import type { EpisodeStatus, EventCore } from './events.ts';
import { EpisodeLoop, type AskResult, type EpisodeLoopOptions, type Interpretation, type OracleCallMeta } from './loop.ts';
import type { JsonObject } from './parse-json.ts';
import type { ChatMessage } from './types.ts';

export interface OracleEpisodeOptions<E extends EventCore, Env> extends Omit<EpisodeLoopOptions<E>, 'onEvent'> {
  oracle: Env;
  onEvent?: (e: E) => void;
}

/** The fields every probe turn's action event has (a suite's event adds its own). */
export interface ActionCore {
  step: number;
  action: string | null;
  protocol_valid: boolean;
  invalid_reason: string | null;
  design: unknown;
  evaluated: boolean;
  reason: string | null;
}

export abstract class OracleEpisode<E extends EventCore, Env, Action extends ActionCore, Final> {
  readonly loop: EpisodeLoop<E>;
  protected readonly oracle: Env;
  /** The event type names this suite records its oracle calls and actions under. */
  protected abstract readonly callType: string;
  protected abstract readonly actionType: string;

  constructor(opts: OracleEpisodeOptions<E, Env>) {
    const { oracle, onEvent, ...rest } = opts;
    this.oracle = oracle;
    // Every event this episode records is one of the suite's transcript events (the loop's own are a subset).
    this.loop = new EpisodeLoop<E>({ ...rest, ...(onEvent ? { onEvent: (e) => onEvent(e as E) } : {}) });
  }

  get events(): readonly E[] {
    return this.loop.events as E[];
  }

  get messages(): readonly ChatMessage[] {
    return this.loop.messages;
  }

  get maxRetries(): number {
    return this.loop.maxRetries;
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

  /** One oracle call, recorded with its full request, full result and duration. */
  protected async recordCall<Req, Res>(request: Req, meta: OracleCallMeta, call: (request: Req) => Promise<Res>): Promise<Res> {
    const { result, duration_ms } = await this.loop.callOracle(() => call(request));
    this.loop.record({ type: this.callType, t_ms: this.loop.now(), ...meta, request, result, duration_ms } as unknown as E);
    return result;
  }

  act(event: Action): void {
    this.loop.record({ type: this.actionType, t_ms: this.loop.now(), ...event } as unknown as E);
  }

  end(status: EpisodeStatus, final: Final | null, reason: string): void {
    this.loop.end(status, final, reason);
  }

  /**
   * Records a turn whose reply never parsed (after the retries) and ends the episode as a parse
   * failure (VEHBench Appendix N.9). `extra` carries a probe's own fields (empty missing_fields, null ranking…).
   */
  failParse(step: number, problem: string, final: Final | null, what: string, extra: Partial<Action> = {}): void {
    this.act({ step, action: null, protocol_valid: false, invalid_reason: `parse failure: ${problem}`, design: null, evaluated: false, reason: null, ...extra } as Action);
    this.end('parse_failure', final, `no usable ${what} after the retries`);
  }
}
