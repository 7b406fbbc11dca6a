/**
 * A VEH episode on the generic EpisodeLoop: the loop keeps the conversation, the retry policy,
 * budgets and cancellation; this adds the VEH oracle calls and the protocol's reading of each turn
 * (action events) to the same time-ordered event list. The probes (p1…p4, SG forms) talk to this.
 */
import { EpisodeLoop, type AskResult, type EpisodeLoopOptions, type Interpretation, type OracleCallMeta } from '../../agent/loop.ts';
import type { EpisodeStatus } from '../../agent/events.ts';
import type { JsonObject } from '../../agent/parse-json.ts';
import type { ChatMessage } from '../../agent/types.ts';
import type { OracleRequest, OracleResult } from '../oracle.ts';
import type { VehOracle } from '../run/types.ts';
import type { ActionEvent, FinalRef, TranscriptEvent } from './events.ts';

export interface VehEpisodeOptions extends Omit<EpisodeLoopOptions<TranscriptEvent>, 'onEvent'> {
  oracle: VehOracle;
  onEvent?: (e: TranscriptEvent) => void;
}

export class VehEpisode {
  readonly loop: EpisodeLoop<TranscriptEvent>;
  private readonly oracle: VehOracle;

  constructor(opts: VehEpisodeOptions) {
    const { oracle, onEvent, ...rest } = opts;
    this.oracle = oracle;
    // Every event this episode records is a VEH transcript event (the loop's own are a subset).
    this.loop = new EpisodeLoop<TranscriptEvent>({ ...rest, ...(onEvent ? { onEvent: (e) => onEvent(e as TranscriptEvent) } : {}) });
  }

  get events(): readonly TranscriptEvent[] {
    return this.loop.events as TranscriptEvent[];
  }

  get messages(): readonly ChatMessage[] {
    return this.loop.messages;
  }

  get maxRetries(): number {
    return this.loop.maxRetries;
  }

  say(...messages: readonly ChatMessage[]): void {
    this.loop.say(...messages);
  }

  ask<T>(interpret: (obj: JsonObject) => Interpretation<T>, formatHint: string): Promise<AskResult<T>> {
    return this.loop.ask(interpret, formatHint);
  }

  /** One oracle call, recorded with its full request, full result and duration. */
  async evaluate(request: OracleRequest, meta: OracleCallMeta): Promise<OracleResult> {
    const { result, duration_ms } = await this.loop.callOracle(() => this.oracle.evaluate(request));
    this.loop.record({ type: 'oracle_call', t_ms: this.loop.now(), ...meta, request, result, duration_ms });
    return result;
  }

  act(event: Omit<ActionEvent, 'type' | 't_ms'>): void {
    this.loop.record({ type: 'action', t_ms: this.loop.now(), ...event });
  }

  end(status: EpisodeStatus, final: FinalRef | null, reason: string): void {
    this.loop.end(status, final, reason);
  }

  /**
   * Records a turn whose reply never parsed (after the retries) and ends the episode as a parse
   * failure (Appendix N.9). `extra` carries a probe's own fields (empty missing_fields, null ranking…).
   */
  failParse(step: number, problem: string, final: FinalRef | null, what: string, extra: Partial<Omit<ActionEvent, 'type' | 't_ms'>> = {}): void {
    this.act({ step, action: null, protocol_valid: false, invalid_reason: `parse failure: ${problem}`, design: null, evaluated: false, reason: null, ...extra });
    this.end('parse_failure', final, `no usable ${what} after the retries`);
  }
}
