/**
 * System prompts and opening payloads of the four circuit probes, following the structure of the VEH
 * prompts (Appendix N.2–N.5) for closed-form circuits, in our own wording. The opening is a system
 * message plus a user message whose content is a JSON payload; later turns are JSON payloads too.
 * Hidden fields (`reference`, provenance) never appear.
 */
import type { ChatMessage } from '../../agent/types.ts';
import { payloadJson } from '../../veh/protocol/payload-json.ts';
import { FAMILY_TARGET, FAMILY_VARIABLES, type CircuitConstraintName } from '../oracle.ts';
import { P1_ACTIONS, type CircuitP1Task, type CircuitP2Task, type CircuitP3Task, type CircuitP4Task, type CircuitTask } from '../task-schema.ts';
import { round5, shownCircuitMetrics } from './verifier-response.ts';
import type { P3Variant } from '../../veh/protocol/prompts.ts';
import { buildCircuitStateSummary } from './state-summary.ts';

export const P2_ACTIONS = ['continue', 'stop'] as const;
export const P3_ACTIONS = ['propose_design', 'replan', 'reset_to_prior', 'declare_infeasible'] as const;

const UNITS = 'Component values are plain numbers in the unit of the variable name (r_ohm in Ω, c_nf in nF, l_mh in mH) and must lie inside variable_bounds.';

export const P1_SYSTEM_PROMPT = [
  'You are an engineering triage agent for small analog circuits (RC/RL filters, RLC band-pass filters, resistive dividers).',
  'You are given a design specification. Before any design search, decide whether the specification can be met',
  '(propose_design), cannot be met by any design within its stated bounds (declare_infeasible), or lacks information',
  'needed to decide (request_missing_info). Do not output component values.',
  'Answer with one JSON object and nothing else:',
  '{"action": "propose_design" | "declare_infeasible" | "request_missing_info", "reason": "<brief justification>", "missing_fields": ["<field>", ...]}',
  'missing_fields is only required for request_missing_info.',
].join('\n');

export const P2_SYSTEM_PROMPT = [
  'You are an engineering design agent for small analog circuits.',
  'You are given a circuit design task with coupled constraints. At each turn, propose component values; a verifier',
  'evaluates them and returns feasibility, metrics and constraint violations. Reach a feasible design within the',
  `query budget while meeting the objective. ${UNITS}`,
  'Answer every turn with one JSON object and nothing else:',
  '{"design": {<every design variable>: <number>}, "action": "continue" | "stop", "reason": "<brief justification>"}',
  'With "continue" the design is evaluated (one query). With "stop" nothing is evaluated and the episode ends; see stop_rule.',
].join('\n');

export const P3_SYSTEM_PROMPT = [
  'You are an engineering recovery agent for small analog circuits.',
  'You are given a circuit design task, a prior design trajectory and verifier feedback. Some earlier steps or notes may',
  'be corrupted or physically wrong. Recover a feasible design within the remaining query budget while meeting the',
  `objective. You may reset to the trusted prior design, replan, or propose a new bounded edit. ${UNITS}`,
  'Answer every turn with one JSON object and nothing else:',
  '{"action": "propose_design" | "replan" | "reset_to_prior" | "declare_infeasible", "design": {<every design variable>: <number>}, "reason": "<brief justification>"}',
  'propose_design needs a design. replan and reset_to_prior evaluate the design if you give one; reset_to_prior without a',
  'design re-evaluates the trusted prior design (the first design of the trajectory). declare_infeasible evaluates nothing.',
  'Each turn evaluates at most one design (one query).',
].join('\n');

export const P4_SYSTEM_PROMPT = [
  'You are an engineering evaluator for small analog circuits.',
  'Given a set of verifier-feasible design candidates and a ranking policy, rank all candidates according to the',
  'policy, best first. Do not modify the designs or propose new ones.',
  'Answer with one JSON object and nothing else:',
  '{"ranking": ["<id>", "<id>", "<id>", "<id>", "<id>"], "reason": "<brief justification>"}',
  'The ranking must contain every candidate id exactly once.',
].join('\n');

const CONSTRAINT_MEANING: Record<CircuitConstraintName, string> = {
  max_target_error_pct: '|achieved − target| / target × 100 of the family’s target quantity must not exceed the limit',
  max_source_current_ma: 'peak current drawn from the source (mA) must not exceed the limit',
  max_power_mw: 'power drawn from the source (mW) must not exceed the limit',
  max_tolerance_shift_pct: 'shift of the target quantity caused by the parasitic (stray, winding or load) element, in %, must not exceed the limit',
  min_q: 'quality factor Q must be at least the limit',
};

type DesignTask = CircuitP2Task | CircuitP3Task;

/** Fields every design task shows: family, variables, bounds, operating context, constraints. */
function designContext(task: DesignTask) {
  const target = FAMILY_TARGET[task.family];
  return {
    family: task.family,
    design_variables: FAMILY_VARIABLES[task.family],
    variable_bounds: task.variable_bounds,
    context: { ...task.context, target: `${target.quantity} = ${task.context.target_value} ${target.unit}` },
    constraints: task.constraints.map((c) => ({ ...c, meaning: CONSTRAINT_MEANING[c.name] })),
  };
}

export function p1Payload(task: CircuitP1Task) {
  return {
    probe: 'P1',
    task: 'Evaluate whether the following circuit design specification is feasible, infeasible, or missing critical information.',
    spec: task.spec,
    allowed_actions: P1_ACTIONS,
  };
}

export const P2_STOP_RULE =
  'The episode ends at your first feasible design (feasible closure), when you reply "stop", or when the query budget is spent. On "stop" nothing new is evaluated: the final design is the already-evaluated (or initial) design you repeat in "design", otherwise your last evaluated design, or the initial design if you evaluated none.';

export function p2Payload(task: CircuitP2Task) {
  const r = task.initial_result;
  return {
    probe: 'P2',
    task: `Design a ${task.family} circuit that meets the constraints below.`,
    ...designContext(task),
    initial_design: task.initial_design,
    initial_verifier_state: { feasible: r.result.feasible, metrics: shownCircuitMetrics(r.result), violations: r.violations, total_violation: round5(r.total_violation) },
    objective: task.objective,
    query_budget: task.query_budget,
    stop_rule: P2_STOP_RULE,
    allowed_actions: P2_ACTIONS,
  };
}

export const p3StopRule = (budget: number): string =>
  `The episode always runs ${budget} turns; a feasible design does not end it. The final design is the last design evaluated (the trajectory's last design if you evaluate none).`;

/** `state_summary` replaces the corrupted history with the verifier-authored digest (state-summary.ts). */
export function p3Payload(task: CircuitP3Task, variant: P3Variant = 'raw_history') {
  return {
    probe: 'P3',
    task: `Recover a feasible ${task.family} design from the following trajectory.`,
    ...designContext(task),
    objective: `${task.objective} subject to the verifier constraints`,
    query_budget_remaining: task.query_budget_remaining,
    ...(variant === 'state_summary' ? { state_summary: buildCircuitStateSummary(task) } : { corrupted_history: task.corrupted_history }),
    stop_rule: p3StopRule(task.query_budget_remaining),
    allowed_actions: P3_ACTIONS,
  };
}

export function p4Payload(task: CircuitP4Task) {
  return {
    probe: 'P4',
    task: `Rank the following feasible ${task.family} designs according to the stated policy.`,
    policy: task.policy_text,
    constraints: task.constraints,
    candidates: task.candidates.map((c) => ({ id: c.id, design: c.design, metrics: c.metrics })),
  };
}

/** Exactly the messages an agent receives first. */
export function buildCircuitOpening(task: CircuitTask, p3Variant: P3Variant = 'raw_history'): ChatMessage[] {
  const pair = (system: string, payload: unknown): ChatMessage[] => [
    { role: 'system', content: system },
    { role: 'user', content: payloadJson(payload) },
  ];
  switch (task.probe) {
    case 'P1':
      return pair(P1_SYSTEM_PROMPT, p1Payload(task));
    case 'P2':
      return pair(P2_SYSTEM_PROMPT, p2Payload(task));
    case 'P3':
      return pair(P3_SYSTEM_PROMPT, p3Payload(task, p3Variant));
    case 'P4':
      return pair(P4_SYSTEM_PROMPT, p4Payload(task));
  }
}

/** The format reminder that goes into corrective retry messages. */
export const FORMAT_HINTS = {
  P1: 'Use {"action": "propose_design" | "declare_infeasible" | "request_missing_info", "reason": "...", "missing_fields": [...]}.',
  P2: 'Use {"design": {<every design variable as a number>}, "action": "continue" | "stop", "reason": "..."}.',
  P3: 'Use {"action": "propose_design" | "replan" | "reset_to_prior" | "declare_infeasible", "design": {<every design variable as a number>}, "reason": "..."}.',
  P4: 'Use {"ranking": ["<id>", ...], "reason": "..."} with every candidate id exactly once.',
} as const;
