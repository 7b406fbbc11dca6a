/**
 * P3 post-trap recovery (Appendix N.4, N.9). The agent sees the corrupted trajectory (or the
 * verifier-authored state summary) and has exactly `budget` turns; feasibility does not end the
 * episode ("P3 preserves the full recovery trace"). Each turn evaluates at most one design:
 * propose_design needs a design; replan evaluates one if given; reset_to_prior evaluates the given
 * design or else the trusted prior design (history step 0); declare_infeasible evaluates nothing.
 * The final design is the last evaluated one, or the trap when none was. Under a full-budget rule
 * one query-free turn after the budget names the final design instead.
 */
import type { FinalRef } from './events.ts';
import type { VehEpisode } from './episode-loop.ts';
import type { JsonObject } from '../../agent/parse-json.ts';
import type { VehDesign } from '../oracle.ts';
import type { P3Task } from '../task-schema.ts';
import { effectiveBudget, type QueryBudgetRule } from './budget.ts';
import { checkDesign, type DesignCheck } from './design-check.ts';
import { finalSelectionTurn, lastRef, type EvaluatedStep } from './final-choice.ts';
import { interpretTurn } from './interpret.ts';
import type { ControlCondition } from './control-blocks.ts';
import { FORMAT_HINTS, P3_ACTIONS, buildEpisodeOpening, type P3Variant } from './prompts.ts';
import { requestBuilder } from './task-oracle.ts';
import { turnMessage } from './turn-messages.ts';
import { verifierResponse } from './verifier-response.ts';

const TRAP: FinalRef = { source: 'trap', step: null };

/** What a turn asks the oracle to evaluate: a checked design, nothing (valid), or an invalid design. */
type TurnPlan = { kind: 'evaluate'; design: VehDesign } | { kind: 'none'; note: string } | { kind: 'invalid'; reason: string };

function planTurn(action: string, fields: JsonObject | null, task: P3Task, prior: VehDesign): TurnPlan {
  const checked = (c: DesignCheck): TurnPlan => (c.ok ? { kind: 'evaluate', design: c.design } : { kind: 'invalid', reason: c.reason });
  switch (action) {
    case 'declare_infeasible':
      return { kind: 'none', note: 'declare_infeasible: no design was evaluated this turn' };
    case 'replan':
      return fields === null ? { kind: 'none', note: 'replan without a design: nothing was evaluated this turn' } : checked(checkDesign(fields, task.variable_bounds));
    case 'reset_to_prior':
      return fields === null ? { kind: 'evaluate', design: prior } : checked(checkDesign(fields, task.variable_bounds));
    default:
      return fields === null ? { kind: 'invalid', reason: 'action "propose_design" needs a design' } : checked(checkDesign(fields, task.variable_bounds));
  }
}

export async function runP3(loop: VehEpisode, task: P3Task, rule: QueryBudgetRule, variant: P3Variant, control: ControlCondition = 'default'): Promise<void> {
  const budget = effectiveBudget(task, rule);
  const fullBudget = rule.kind === 'full_budget';
  const { requestFor, limits } = requestBuilder(task, task.trap_design.design);
  const fe = task.excitation_context.frequency_hz;
  const prior = (task.corrupted_history[0] ?? { design: task.trap_design.design }).design;
  const start = { ref: TRAP, design: task.trap_design.design };

  loop.say(...buildEpisodeOpening(task, { p3Variant: variant, budgetRule: rule, control }));
  // The harness's own evaluation of the trap: full-precision trap state for the row.
  await loop.evaluate(requestFor(task.trap_design.design), { step: null, purpose: 'harness', label: 'trap' });

  const evaluated: EvaluatedStep[] = [];
  const last = (): FinalRef => lastRef(evaluated, TRAP);

  for (let step = 1; step <= budget; step++) {
    const reply = await loop.ask((o) => interpretTurn(o, P3_ACTIONS), FORMAT_HINTS.P3);
    if (!reply.ok) {
      loop.failParse(step, reply.problem, last(), 'reply');
      return;
    }
    const d = reply.value;
    const plan = planTurn(d.action, d.design, task, prior);
    const remainingAfter = budget - step;
    const tell = remainingAfter > 0 || fullBudget;
    const common = { step, queriesRemaining: remainingAfter, finalSelection: remainingAfter === 0 && fullBudget };
    if (plan.kind === 'invalid') {
      loop.act({ step, action: d.action, protocol_valid: false, invalid_reason: plan.reason, design: null, evaluated: false, reason: d.reason });
      if (tell) loop.say(turnMessage({ ...common, queriesUsed: evaluated.length, protocolError: plan.reason }));
      continue;
    }
    if (plan.kind === 'none') {
      loop.act({ step, action: d.action, protocol_valid: true, invalid_reason: null, design: null, evaluated: false, reason: d.reason });
      if (tell) loop.say(turnMessage({ ...common, queriesUsed: evaluated.length, note: plan.note }));
      continue;
    }
    loop.act({ step, action: d.action, protocol_valid: true, invalid_reason: null, design: plan.design, evaluated: true, reason: d.reason });
    const result = await loop.evaluate(requestFor(plan.design), { step, purpose: 'agent', label: 'query' });
    evaluated.push({ step, design: plan.design });
    if (tell) {
      loop.say(turnMessage({ ...common, queriesUsed: evaluated.length, evaluated: { design: plan.design, response: verifierResponse(result, limits, fe) } }));
    }
  }

  if (!fullBudget) {
    loop.end('completed', last(), `recovery budget of ${budget} turns used`);
    return;
  }
  await finalSelectionTurn(loop, budget + 1, task.variable_bounds, evaluated, start);
}
