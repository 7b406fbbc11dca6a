/** Public surface of the VEH episode protocols. */
export { buildEpisodeOpening, P1_SYSTEM_PROMPT, P2_SYSTEM_PROMPT, P3_SYSTEM_PROMPT, P4_SYSTEM_PROMPT, P2_ACTIONS, P3_ACTIONS, P3VariantSchema } from './prompts.ts';
export type { OpeningOptions, P3Variant } from './prompts.ts';
export { runProtocol, type EpisodeSettings } from './episode.ts';
export { deriveRow, stateFromCall } from './derive-row.ts';
export { budgetRuleFor, describeBudgetRule, effectiveBudget, QueryBudgetRuleSchema, TASK_BUDGET } from './budget.ts';
export type { BudgetedAgent, QueryBudgetRule } from './budget.ts';
export { buildStateSummary, type StateSummary } from './state-summary.ts';
export { verifierResponse, type VerifierResponse } from './verifier-response.ts';
