import type { SuiteRow } from '../../core/store/run-store.ts';
import { episodeStatusView, type EpisodeStatusView } from '../run/episode-status.ts';

/**
 * A row's status in words. In a probe-style suite (the circuit audit: rows with a `probe`), P2 ends
 * with budget_exceeded when the protocol's own query budget is spent — a normal end, scored as
 * usual — and an LLM episode budget stop is told apart by the row's `budget_stop`, as on VEH's
 * tables. In the tool-use suites budget_exceeded only ever means the LLM budget stopped the episode.
 */
export function rowStatusView(row: SuiteRow, status: string): EpisodeStatusView {
  const r = row as { probe?: unknown; budget_stop?: unknown };
  const budgetStop = typeof r.budget_stop === 'string' ? r.budget_stop : undefined;
  if (status === 'budget_exceeded' && r.probe !== 'P2' && budgetStop === undefined) {
    return { text: 'LLM budget stop', tone: 'bad', explanation: 'The run’s episode budget stopped the episode early; such an episode never counts as a success.' };
  }
  return episodeStatusView(status as Parameters<typeof episodeStatusView>[0], budgetStop);
}
