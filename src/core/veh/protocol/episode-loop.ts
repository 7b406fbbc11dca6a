/**
 * A VEH episode on the generic EpisodeLoop: the loop keeps the conversation, the retry policy,
 * budgets and cancellation; this adds the VEH oracle calls and the protocol's reading of each turn
 * (action events) to the same time-ordered event list. The probes (p1…p4, SG forms) talk to this.
 */
import type { OracleCallMeta } from '../../agent/loop.ts';
import { OracleEpisode, type OracleEpisodeOptions } from '../../agent/oracle-episode.ts';
import type { OracleRequest, OracleResult } from '../oracle.ts';
import type { VehOracle } from '../run/types.ts';
import type { ActionEvent, FinalRef, TranscriptEvent } from './events.ts';

export type VehEpisodeOptions = OracleEpisodeOptions<TranscriptEvent, VehOracle>;

export class VehEpisode extends OracleEpisode<TranscriptEvent, VehOracle, Omit<ActionEvent, 'type' | 't_ms'>, FinalRef> {
  protected readonly callType = 'oracle_call';
  protected readonly actionType = 'action';

  /** One VEH oracle call, recorded with its full request, full result and duration. */
  evaluate(request: OracleRequest, meta: OracleCallMeta): Promise<OracleResult> {
    return this.recordCall(request, meta, (r) => this.oracle.evaluate(r));
  }
}
