/**
 * Query-matched CMA-ES (Appendix M): the same optimiser as cmaes-6/cmaes-40, but each task's budget
 * is the number of queries a given (LLM) run spent on that task, so the optimiser and the model are
 * compared under equal oracle access on the same oracle. The budget is not the agent's own: the run
 * engine applies it per task (RunControls.matched) under the full-budget rule, and every transcript
 * records it (settings.budget_rule, settings.query_budget, settings.matched_to_run_id).
 */
import type { Agent } from '../../agent/types.ts';
import type { MatchedBudgets } from '../run/types.ts';
import type { Transcript } from '../run/transcript.ts';
import { CMAES_POPULATION, CMAES_SIGMA0, cmaesStrategy } from './cmaes-agent.ts';
import { scriptedAgent } from './scripted.ts';

export const CMAES_MATCHED_ID = 'cmaes-matched';

export const cmaesMatchedAgent: Agent = scriptedAgent({
  id: CMAES_MATCHED_ID,
  label: 'CMA-ES, query-matched',
  description: `CMA-ES (population ${CMAES_POPULATION}, σ₀ ${CMAES_SIGMA0} in the normalised log box) with, per task, exactly the number of queries another run spent on that task, all spent; the final design is its best evaluated one (best feasible when any).`,
  privileged: false,
  strategy: cmaesStrategy,
});

/** Agent queries per task: the oracle calls an episode made on the agent's behalf (harness calls excluded). */
export function queriesPerTask(transcripts: readonly Transcript[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of transcripts) out[t.task.task_id] = t.events.filter((e) => e.type === 'oracle_call' && e.purpose === 'agent').length;
  return out;
}

export interface MatchPlan {
  matched: MatchedBudgets;
  /** Design-search tasks (P2/P3) of the source run, in its run order, that get a matched episode. */
  taskIds: string[];
  /** Source tasks with no query to match (a 0-query CMA-ES episode is not defined): skipped. */
  skipped: string[];
}

/**
 * What a matched run runs: the source run's P2/P3 tasks (in task_index order) with at least one
 * query, each with exactly that many queries. SG episodes are not design search and are refused.
 */
export function planMatchedRun(runId: string, transcripts: readonly Transcript[]): MatchPlan {
  if (transcripts.some((t) => t.settings.sg_form !== undefined)) throw new Error(`run ${runId} is an SG audit run; match a P2/P3 design-search run`);
  const ordered = [...transcripts].sort((a, b) => a.settings.task_index - b.settings.task_index).filter((t) => t.task.probe === 'P2' || t.task.probe === 'P3');
  const counts = queriesPerTask(ordered);
  const budgets: Record<string, number> = {};
  const taskIds: string[] = [];
  const skipped: string[] = [];
  for (const t of ordered) {
    const n = counts[t.task.task_id] ?? 0;
    if (n > 0) {
      budgets[t.task.task_id] = n;
      taskIds.push(t.task.task_id);
    } else skipped.push(t.task.task_id);
  }
  return { matched: { runId, budgets }, taskIds, skipped };
}
