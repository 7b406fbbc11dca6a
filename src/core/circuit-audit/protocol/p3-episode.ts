/**
 * Circuit P3 post-trap recovery (the VEH N.4 protocol; N.8 is the circuit walkthrough). The agent
 * sees the corrupted trajectory and has exactly `query_budget_remaining` turns; feasibility does not
 * end the episode (the full recovery trace is kept, so a cascade after an escape is visible). Each
 * turn evaluates at most one design: propose_design needs one; replan evaluates one if given;
 * reset_to_prior evaluates the given design or else the trusted prior (history step 0);
 * declare_infeasible evaluates nothing. The final design is the last evaluated one, or the trap.
 */
import type { FinalRef } from '../../veh/protocol/events.ts';
import type { JsonObject } from '../../agent/parse-json.ts';
import type { CircuitDesign } from '../oracle.ts';
import type { CircuitP3Task } from '../task-schema.ts';
import type { P3Variant } from '../../veh/protocol/prompts.ts';
import { checkCircuitDesign, type CircuitDesignCheck } from './design-check.ts';
import type { CircuitEpisode } from './episode-loop.ts';
import { interpretCircuitTurn } from './interpret.ts';
import { FORMAT_HINTS, P3_ACTIONS, buildCircuitOpening } from './prompts.ts';
import { circuitRequestBuilder } from './task-oracle.ts';
import { circuitTurnMessage } from './turn-messages.ts';
import { circuitVerifierResponse } from './verifier-response.ts';

const TRAP: FinalRef = { source: 'trap', step: null };

type TurnPlan = { kind: 'evaluate'; design: CircuitDesign } | { kind: 'none'; note: string } | { kind: 'invalid'; reason: string };

function planTurn(action: string, fields: JsonObject | null, task: CircuitP3Task, prior: CircuitDesign): TurnPlan {
  const checked = (c: CircuitDesignCheck): TurnPlan => (c.ok ? { kind: 'evaluate', design: c.design } : { kind: 'invalid', reason: c.reason });
  const check = (f: JsonObject): TurnPlan => checked(checkCircuitDesign(f, task.family, task.variable_bounds));
  switch (action) {
    case 'declare_infeasible':
      return { kind: 'none', note: 'declare_infeasible: no design was evaluated this turn' };
    case 'replan':
      return fields === null ? { kind: 'none', note: 'replan without a design: nothing was evaluated this turn' } : check(fields);
    case 'reset_to_prior':
      return fields === null ? { kind: 'evaluate', design: prior } : check(fields);
    default:
      return fields === null ? { kind: 'invalid', reason: 'action "propose_design" needs a design' } : check(fields);
  }
}

export async function runCircuitP3(ep: CircuitEpisode, task: CircuitP3Task, variant: P3Variant = 'raw_history'): Promise<void> {
  const budget = task.query_budget_remaining;
  const { requestFor, limits } = circuitRequestBuilder(task, task.trap_design.design);
  const prior = (task.corrupted_history[0] ?? task.trap_design).design;
  ep.say(...buildCircuitOpening(task, variant));
  // The harness's own evaluation of the trap: the full-precision trap state for the row.
  await ep.evaluate(requestFor(task.trap_design.design), { step: null, purpose: 'harness', label: 'trap' });
  let lastStep: number | null = null;
  let used = 0;

  for (let step = 1; step <= budget; step++) {
    const final: FinalRef = lastStep === null ? TRAP : { source: 'step', step: lastStep };
    const reply = await ep.ask((o) => interpretCircuitTurn(o, P3_ACTIONS), FORMAT_HINTS.P3);
    if (!reply.ok) {
      ep.failParse(step, reply.problem, final, 'reply');
      return;
    }
    const d = reply.value;
    const plan = planTurn(d.action, d.design, task, prior);
    const remaining = budget - step;
    const common = { step, queriesRemaining: remaining };
    if (plan.kind === 'invalid') {
      ep.act({ step, action: d.action, protocol_valid: false, invalid_reason: plan.reason, design: null, evaluated: false, reason: d.reason });
      if (remaining > 0) ep.say(circuitTurnMessage({ ...common, queriesUsed: used, protocolError: plan.reason }));
      continue;
    }
    if (plan.kind === 'none') {
      ep.act({ step, action: d.action, protocol_valid: true, invalid_reason: null, design: null, evaluated: false, reason: d.reason });
      if (remaining > 0) ep.say(circuitTurnMessage({ ...common, queriesUsed: used, note: plan.note }));
      continue;
    }
    ep.act({ step, action: d.action, protocol_valid: true, invalid_reason: null, design: plan.design, evaluated: true, reason: d.reason });
    const result = await ep.evaluate(requestFor(plan.design), { step, purpose: 'agent', label: 'query' });
    used++;
    lastStep = step;
    if (remaining > 0) {
      ep.say(circuitTurnMessage({ ...common, queriesUsed: used, evaluated: { design: plan.design, response: circuitVerifierResponse(result, limits, task.context.target_value) } }));
    }
  }
  ep.end('completed', lastStep === null ? TRAP : { source: 'step', step: lastStep }, `recovery budget of ${budget} turns used`);
}
