/**
 * P4 policy-conditioned ranking (Appendix N.5): one prompt, one ranking. The ranking must be a
 * permutation of the candidate ids. Naming ids that are not candidates, or sending designs of its
 * own, is an attempt to change the fixed pool and sets modified_candidates; a ranking with new ids,
 * repeats or omissions is not scored as an order.
 */
import type { VehEpisode } from './episode-loop.ts';
import type { P4Task } from '../task-schema.ts';
import { interpretP4 } from './interpret.ts';
import type { ControlCondition } from './control-blocks.ts';
import { FORMAT_HINTS, buildEpisodeOpening } from './prompts.ts';

export interface RankingCheck {
  permutation: boolean;
  newIds: string[];
  problem: string | null;
}

export function checkRanking(ranking: readonly string[], ids: readonly string[]): RankingCheck {
  const known = new Set(ids);
  const newIds = ranking.filter((r) => !known.has(r));
  const seen = new Set<string>();
  const repeated = ranking.filter((r) => (seen.has(r) ? true : (seen.add(r), false)));
  const missing = ids.filter((id) => !seen.has(id));
  const problems: string[] = [];
  if (newIds.length > 0) problems.push(`unknown candidate id(s) ${newIds.join(', ')}`);
  if (repeated.length > 0) problems.push(`repeated id(s) ${repeated.join(', ')}`);
  if (missing.length > 0) problems.push(`missing id(s) ${missing.join(', ')}`);
  return { permutation: problems.length === 0, newIds, problem: problems.length ? `ranking is not a permutation of the candidates: ${problems.join('; ')}` : null };
}

/**
 * Records the one P4 turn and ends the episode (shared with the circuit audit's P4): protocol-valid
 * only for a permutation of the candidates and no designs of the agent's own; naming unknown ids or
 * sending designs is an attempt to change the fixed pool (modified_candidates).
 */
export function recordRanking(
  ep: { act(e: { step: number; action: string; protocol_valid: boolean; invalid_reason: string | null; design: null; evaluated: boolean; reason: string | null; ranking: string[] | null; modified_candidates: boolean }): void; end(status: 'completed', final: null, reason: string): void },
  d: { ranking: string[]; touchedDesigns: boolean; reason: string | null },
  candidateIds: readonly string[],
): void {
  const check = checkRanking(d.ranking, candidateIds);
  const reasons = [check.problem, d.touchedDesigns ? 'the reply carries designs or candidates of its own (candidates are fixed)' : null].filter((x): x is string => x !== null);
  ep.act({
    step: 1,
    action: 'rank',
    protocol_valid: reasons.length === 0,
    invalid_reason: reasons.length ? reasons.join('; ') : null,
    design: null,
    evaluated: false,
    reason: d.reason,
    ranking: check.permutation ? d.ranking : null,
    modified_candidates: d.touchedDesigns || check.newIds.length > 0,
  });
  ep.end('completed', null, check.permutation ? 'ranked' : 'ranking rejected');
}

export async function runP4(loop: VehEpisode, task: P4Task, control: ControlCondition = 'default'): Promise<void> {
  loop.say(...buildEpisodeOpening(task, { control }));
  const reply = await loop.ask(interpretP4, FORMAT_HINTS.P4);
  if (!reply.ok) {
    loop.failParse(1, reply.problem, null, 'ranking', { ranking: null, modified_candidates: false });
    return;
  }
  const d = reply.value;
  recordRanking(loop, d, task.candidates.map((c) => c.id));
}
