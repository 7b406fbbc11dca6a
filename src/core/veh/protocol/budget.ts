/**
 * Query-budget rules. LLM agents run under each task's own budget (P2: 6, P3: 4) with the paper's
 * stop rules. The CMA-ES calibration baselines (Appendix M) instead fix their own budget (6 or 40
 * queries) and spend all of it: feasible closure is off, and after the last query they get one
 * extra, query-free turn to name their final design among the designs already evaluated. The rule
 * in force is written into every transcript and into the run manifest.
 */
import { z } from 'zod';
import type { Agent } from '../../agent/types.ts';
import type { P2Task, P3Task, VehTask } from '../task-schema.ts';

export const QueryBudgetRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('task') }),
  z.strictObject({ kind: z.literal('full_budget'), budget: z.number().int().positive() }),
]);
export type QueryBudgetRule = z.infer<typeof QueryBudgetRuleSchema>;

export const TASK_BUDGET: QueryBudgetRule = { kind: 'task' };

/** Optional extension of Agent (kept outside the Agent contract): an agent that brings its own budget. */
export interface BudgetedAgent extends Agent {
  readonly queryBudgetOverride?: number;
}

export function budgetRuleFor(agent: Agent): QueryBudgetRule {
  const override = (agent as BudgetedAgent).queryBudgetOverride;
  return override === undefined ? TASK_BUDGET : { kind: 'full_budget', budget: override };
}

/** Queries the episode may use; null for the one-shot probes. */
export function effectiveBudget(task: P2Task | P3Task, rule: QueryBudgetRule): number;
export function effectiveBudget(task: VehTask, rule: QueryBudgetRule): number | null;
export function effectiveBudget(task: VehTask, rule: QueryBudgetRule): number | null {
  if (task.probe === 'P2') return rule.kind === 'full_budget' ? rule.budget : task.query_budget;
  if (task.probe === 'P3') return rule.kind === 'full_budget' ? rule.budget : task.query_budget_remaining;
  return null;
}

export function describeBudgetRule(rule: QueryBudgetRule): string {
  return rule.kind === 'task'
    ? "task budget (P2: each task's query_budget, stops on feasible closure, on \"stop\" or at the budget; P3: full query_budget_remaining)"
    : `full budget of ${rule.budget} queries for P2 and P3: no feasible closure; after the last query one query-free turn names the final design among the evaluated ones`;
}
