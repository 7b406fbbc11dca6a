/**
 * Circuit P4 policy-conditioned ranking (the VEH N.5 protocol): one prompt, one ranking, which must
 * be a permutation of the candidate ids. Naming unknown ids or sending designs of its own is an
 * attempt to change the fixed pool and sets modified_candidates.
 */
import { recordRanking } from '../../veh/protocol/p4-episode.ts';
import type { CircuitP4Task } from '../task-schema.ts';
import type { CircuitEpisode } from './episode-loop.ts';
import { interpretP4 } from './interpret.ts';
import { FORMAT_HINTS, buildCircuitOpening } from './prompts.ts';

export async function runCircuitP4(ep: CircuitEpisode, task: CircuitP4Task): Promise<void> {
  ep.say(...buildCircuitOpening(task));
  const reply = await ep.ask(interpretP4, FORMAT_HINTS.P4);
  if (!reply.ok) {
    ep.failParse(1, reply.problem, null, 'ranking', { ranking: null, modified_candidates: false });
    return;
  }
  const d = reply.value;
  recordRanking(ep, d, task.candidates.map((c) => c.id));
}
