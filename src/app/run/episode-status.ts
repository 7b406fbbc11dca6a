/**
 * How an episode's status reads on the page. The status itself is right and stays as recorded:
 * `budget_exceeded` covers both P2's own end (the protocol's query budget used in full, scored as
 * usual) and an LLM run's episode budget (max turns, cost, time) stopping the episode early, which
 * never counts as a success. The two are told apart by the row's `budget_stop` / the end event's
 * `budget_limit`, and only the second is shown as a problem.
 */
import type { Transcript } from '../../core/veh/run/transcript.ts';
import type { EpisodeStatus } from '../../core/veh/rows.ts';
import { formatMetric } from '../format.ts';

export interface EpisodeStatusView {
  text: string;
  /** 'bad' for an end that is not a clean one (error, parse failure, cancelled, an LLM budget stop). */
  tone: 'ok' | 'bad';
  /** A sentence for the tooltip: what the status means for scoring. */
  explanation: string;
}

export function episodeStatusView(status: EpisodeStatus, budgetStop: string | undefined): EpisodeStatusView {
  if (status === 'budget_exceeded' && budgetStop === undefined) {
    return { text: 'query budget used', tone: 'ok', explanation: 'The protocol’s query budget was used in full: a normal end, scored as usual (status budget_exceeded).' };
  }
  if (status === 'budget_exceeded') {
    return { text: `LLM budget stop (${budgetStop})`, tone: 'bad', explanation: `The run’s episode budget (${budgetStop}) stopped the episode early; such an episode never counts as a success.` };
  }
  if (status === 'completed') return { text: 'completed', tone: 'ok', explanation: 'The episode ended normally.' };
  return { text: status, tone: 'bad', explanation: `The episode ended with status ${status}.` };
}

/** The episode budget that stopped a transcript's episode early (its end event's budget_limit), if any. */
export function transcriptBudgetStop(t: Pick<Transcript, 'events'>): string | undefined {
  for (const e of t.events) if (e.type === 'end' && e.budget_limit !== undefined) return e.budget_limit;
  return undefined;
}

/** P2's score cell: power / BKF for a feasible final design; an infeasible one scores 0, whatever its ratio. */
export function p2ScoreText(o: { feasible: boolean; ratio: number | null }): { text: string; title: string } {
  if (o.feasible) return { text: formatMetric(o.ratio), title: 'Score = final power / BKF power (the final design is feasible).' };
  return { text: 'infeasible · 0', title: `The final design is infeasible, so the task scores 0 (its power / BKF would be ${formatMetric(o.ratio)}).` };
}
