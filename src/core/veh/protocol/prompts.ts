/**
 * System prompts and opening payloads of the four probes, following the structure and fields of
 * Appendix N (N.2–N.5) in our own wording. The opening is a system message plus one user message
 * whose content is a JSON payload; later turns are JSON payloads too (see turn-messages.ts).
 * Hidden fields (`reference`, task ids that encode subtypes, generator provenance) never appear.
 */
import { z } from 'zod';
import type { ChatMessage } from '../../agent/types.ts';
import { DESIGN_VARIABLES } from '../oracle.ts';
import { P1_ACTIONS, type P1Task, type P2Task, type P3Task, type P4Task, type VehTask } from '../task-schema.ts';
import { TASK_BUDGET, effectiveBudget, type QueryBudgetRule } from './budget.ts';
import { p3VariantUnder, withControlBlock, type ControlCondition } from './control-blocks.ts';
import { buildStateSummary } from './state-summary.ts';
import { payloadJson } from './payload-json.ts';
import { round5, shownHistoryStep, shownMetrics } from './verifier-response.ts';

/** P3 prompt form: the raw corrupted history or the verifier-authored state summary. */
export const P3VariantSchema = z.enum(['raw_history', 'state_summary']);
export type P3Variant = z.infer<typeof P3VariantSchema>;

export const P2_ACTIONS = ['continue', 'stop'] as const;
export const P3_ACTIONS = ['propose_design', 'replan', 'reset_to_prior', 'declare_infeasible'] as const;

export const P1_SYSTEM_PROMPT = [
  'You are an engineering triage agent for piezoelectric cantilever vibration energy harvesters (VEH).',
  'You are given a design specification. Decide, before any design search, whether the specification can be met',
  '(propose_design), cannot be met by any design within its stated bounds (declare_infeasible), or lacks information',
  'that is needed to decide (request_missing_info). Do not output design variables.',
  'Answer with one JSON object and nothing else:',
  '{"action": "propose_design" | "declare_infeasible" | "request_missing_info", "reason": "<brief justification>", "missing_fields": ["spec.<field>", ...]}',
  'missing_fields is only required for request_missing_info.',
].join('\n');

export const P2_SYSTEM_PROMPT = [
  'You are an engineering design agent for piezoelectric cantilever vibration energy harvesters (VEH).',
  'You are given a design task with coupled physical constraints. At each turn, propose a design; a verifier',
  'evaluates it and returns feasibility, metrics and constraint violations. Reach a feasible design within the',
  'query budget while maximising the objective. All values are plain numbers in the units of the variable names',
  '(mm, µm, g, Ω) and must lie inside variable_bounds.',
  'Answer every turn with one JSON object and nothing else:',
  '{"design": {"beam_length_mm": <number>, "beam_width_mm": <number>, "substrate_thickness_um": <number>, "piezo_thickness_um": <number>, "tip_mass_g": <number>, "load_resistance_ohm": <number>}, "action": "continue" | "stop", "reason": "<brief justification>"}',
  'With "continue" the design is evaluated (one query). With "stop" nothing is evaluated and the episode ends; see stop_rule.',
].join('\n');

export const P3_SYSTEM_PROMPT = [
  'You are an engineering recovery agent for piezoelectric cantilever vibration energy harvesters (VEH).',
  'You are given a design task, a prior design trajectory and verifier feedback. Some earlier steps may be',
  'corrupted or physically misleading. Recover a feasible design within the remaining query budget, maximising',
  'the objective. You may reuse a trusted prior design, reset to it, replan, or propose a new bounded edit.',
  'All values are plain numbers in the units of the variable names (mm, µm, g, Ω) inside variable_bounds.',
  'Answer every turn with one JSON object and nothing else:',
  '{"action": "propose_design" | "replan" | "reset_to_prior" | "declare_infeasible", "design": {<all six design variables>}, "trusted_state_decision": "<which history you keep or discard>", "reason": "<brief justification>"}',
  'propose_design needs a design. replan and reset_to_prior evaluate the design if you give one; reset_to_prior',
  'without a design re-evaluates the trusted prior design (the first design of the trajectory). declare_infeasible',
  'evaluates nothing. Each turn evaluates at most one design (one query).',
].join('\n');

export const P4_SYSTEM_PROMPT = [
  'You are an engineering evaluator for piezoelectric cantilever vibration energy harvesters (VEH).',
  'Given a set of oracle-feasible design candidates and a ranking policy, rank all candidates according to the',
  'policy, best first. Do not modify the designs or propose new ones.',
  'Answer with one JSON object and nothing else:',
  '{"ranking": ["<id>", "<id>", "<id>", "<id>", "<id>"], "reason": "<brief justification>"}',
  'The ranking must contain every candidate id exactly once.',
].join('\n');

const CONSTRAINT_MEANING = {
  max_stress_mpa: 'root stress (MPa) must not exceed the limit',
  max_disp_mm: 'tip displacement amplitude (mm) must not exceed the limit',
  max_freq_error_pct: '|resonant frequency − excitation frequency| / excitation frequency × 100 must not exceed the limit',
  min_power_uw: 'average load power (µW) must be at least the limit',
} as const;

type DesignTask = P2Task | P3Task;

/** Fields every design task shows: variables, bounds, operating point, materials, constraints. */
export function designContext(task: DesignTask) {
  return {
    design_variables: DESIGN_VARIABLES,
    variable_bounds: task.variable_bounds,
    excitation: task.excitation_context,
    environment: task.environment_context,
    constraints: task.constraints.map((c) => ({ ...c, meaning: CONSTRAINT_MEANING[c.name] })),
  };
}

const json = (payload: unknown): string => payloadJson(payload);

export function p1Payload(task: P1Task) {
  return {
    probe: 'P1',
    task: 'Evaluate whether the following VEH design specification is feasible, infeasible, or missing critical information.',
    spec: task.spec,
    allowed_actions: P1_ACTIONS,
  };
}

export function p2StopRule(rule: QueryBudgetRule): string {
  return rule.kind === 'full_budget'
    ? 'Every query is spent: a feasible design does not end the episode. After the last query you get one more turn without a query: reply with action "stop" and put in "design" the already-evaluated design you choose as final; otherwise your last evaluated design is final.'
    : 'The episode ends at your first feasible design (feasible closure), when you reply "stop", or when the query budget is spent. On "stop" nothing new is evaluated: the final design is the already-evaluated (or initial) design you repeat in "design", otherwise your last evaluated design, or the initial design if you evaluated none.';
}

export function p2Payload(task: P2Task, rule: QueryBudgetRule) {
  const r = task.initial_result;
  return {
    probe: 'P2',
    task: 'Design a piezoelectric cantilever VEH that meets the constraints below.',
    ...designContext(task),
    initial_design: task.initial_design,
    initial_verifier_state: {
      feasible: r.feasible,
      metrics: shownMetrics(r),
      total_violation: round5(r.total_violation),
    },
    objective: 'maximize load_power_uw',
    query_budget: effectiveBudget(task, rule),
    stop_rule: p2StopRule(rule),
    allowed_actions: P2_ACTIONS,
  };
}

export function p3StopRule(rule: QueryBudgetRule, budget: number): string {
  const base = `The episode always runs ${budget} turns; a feasible design does not end it. The final design is the last design evaluated (the trajectory's last design if you evaluate none).`;
  return rule.kind === 'full_budget'
    ? `${base} After the last query you get one more turn without a query: reply with action "stop" and put in "design" the already-evaluated design you choose as final.`
    : base;
}

export function p3Payload(task: P3Task, variant: P3Variant, rule: QueryBudgetRule) {
  const budget = effectiveBudget(task, rule);
  // The history in the format of live turns (5 significant digits, constraint-named violations).
  const history = task.corrupted_history.map(shownHistoryStep);
  const state = variant === 'state_summary' ? { state_summary: buildStateSummary(history) } : { corrupted_history: history };
  return {
    probe: 'P3',
    task: 'Recover a feasible VEH design from the following trajectory.',
    ...designContext(task),
    objective: 'maximize load_power_uw subject to the verifier constraints',
    query_budget_remaining: budget,
    ...state,
    stop_rule: p3StopRule(rule, budget),
    allowed_actions: P3_ACTIONS,
  };
}

export function p4Payload(task: P4Task) {
  return {
    probe: 'P4',
    task: 'Rank the following feasible VEH designs according to the stated policy.',
    policy: task.policy_text,
    constraints: task.constraints,
    candidates: task.candidates.map((c) => ({ id: c.id, design: c.design, metrics: c.metrics })),
  };
}

export interface OpeningOptions {
  p3Variant?: P3Variant;
  budgetRule?: QueryBudgetRule;
  /** Controlled-prompt audit condition (Appendix Q); default: the standard prompts. */
  control?: ControlCondition;
}

/** Exactly the messages an agent receives first (also shown on the page's task view). */
export function buildEpisodeOpening(task: VehTask, opts: OpeningOptions = {}): ChatMessage[] {
  const [system, user] = standardOpening(task, opts);
  return [{ role: 'system', content: withControlBlock(system.content, opts.control ?? 'default', task.probe) }, user];
}

function standardOpening(task: VehTask, opts: OpeningOptions): [ChatMessage, ChatMessage] {
  const rule = opts.budgetRule ?? TASK_BUDGET;
  switch (task.probe) {
    case 'P1':
      return [
        { role: 'system', content: P1_SYSTEM_PROMPT },
        { role: 'user', content: json(p1Payload(task)) },
      ];
    case 'P2':
      return [
        { role: 'system', content: P2_SYSTEM_PROMPT },
        { role: 'user', content: json(p2Payload(task, rule)) },
      ];
    case 'P3':
      return [
        { role: 'system', content: P3_SYSTEM_PROMPT },
        { role: 'user', content: json(p3Payload(task, p3VariantUnder(opts.control ?? 'default', opts.p3Variant ?? 'raw_history'), rule)) },
      ];
    case 'P4':
      return [
        { role: 'system', content: P4_SYSTEM_PROMPT },
        { role: 'user', content: json(p4Payload(task)) },
      ];
  }
}

/** The format reminder that goes into corrective retry messages. */
export const FORMAT_HINTS = {
  P1: 'Use {"action": "propose_design" | "declare_infeasible" | "request_missing_info", "reason": "...", "missing_fields": [...]}.',
  P2: 'Use {"design": {<six design variables as numbers>}, "action": "continue" | "stop", "reason": "..."}.',
  P3: 'Use {"action": "propose_design" | "replan" | "reset_to_prior" | "declare_infeasible", "design": {<six design variables as numbers>}, "reason": "..."}.',
  P4: 'Use {"ranking": [<every candidate id exactly once, best first>], "reason": "..."}.',
} as const;
