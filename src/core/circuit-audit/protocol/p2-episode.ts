/**
 * Circuit P2 verifier-guided design search (the VEH N.3 protocol under the task budget). Each turn the
 * agent answers {design, action: continue | stop, reason}. "continue" evaluates the design (one query)
 * if it is protocol-valid; an invalid design uses up the turn without a query. The episode ends on the
 * first feasible evaluation (feasible closure), on "stop" (final: the named already-evaluated design,
 * else the last evaluated, else the initial design), or when the budget of turns is spent.
 */
import type { FinalRef } from '../../veh/protocol/events.ts';
import type { CircuitDesign } from '../oracle.ts';
import type { CircuitP2Task } from '../task-schema.ts';
import { checkCircuitDesign, sameCircuitDesign } from './design-check.ts';
import type { CircuitEpisode } from './episode-loop.ts';
import { interpretCircuitTurn } from './interpret.ts';
import { FORMAT_HINTS, P2_ACTIONS, buildCircuitOpening } from './prompts.ts';
import { circuitRequestBuilder } from './task-oracle.ts';
import { circuitTurnMessage } from './turn-messages.ts';
import { circuitVerifierResponse } from './verifier-response.ts';

const INITIAL: FinalRef = { source: 'initial', step: null };

interface Evaluated {
  step: number;
  design: CircuitDesign;
}

const lastRef = (evaluated: readonly Evaluated[]): FinalRef => {
  const last = evaluated[evaluated.length - 1];
  return last ? { source: 'step', step: last.step } : INITIAL;
};

/** On "stop": the named design if it was already evaluated (or is the initial design), else the last evaluated. */
function finalOnStop(named: CircuitDesign | null, evaluated: readonly Evaluated[], initial: CircuitDesign): FinalRef {
  if (named !== null) {
    for (let i = evaluated.length - 1; i >= 0; i--) {
      const e = evaluated[i] as Evaluated;
      if (sameCircuitDesign(e.design, named)) return { source: 'step', step: e.step };
    }
    if (sameCircuitDesign(initial, named)) return INITIAL;
  }
  return lastRef(evaluated);
}

export async function runCircuitP2(ep: CircuitEpisode, task: CircuitP2Task): Promise<void> {
  const budget = task.query_budget;
  const { requestFor, limits } = circuitRequestBuilder(task, task.initial_design);
  ep.say(...buildCircuitOpening(task));
  // The harness's own evaluation of the starting point: the full-precision initial state for the row.
  await ep.evaluate(requestFor(task.initial_design), { step: null, purpose: 'harness', label: 'initial' });
  const evaluated: Evaluated[] = [];

  for (let step = 1; step <= budget; step++) {
    const reply = await ep.ask((o) => interpretCircuitTurn(o, P2_ACTIONS), FORMAT_HINTS.P2);
    if (!reply.ok) {
      ep.failParse(step, reply.problem, lastRef(evaluated), 'reply');
      return;
    }
    const d = reply.value;
    if (d.action === 'stop') {
      const named = d.design === null ? null : checkCircuitDesign(d.design, task.family, task.variable_bounds);
      const namedDesign = named?.ok ? named.design : null;
      ep.act({ step, action: 'stop', protocol_valid: true, invalid_reason: null, design: namedDesign, evaluated: false, reason: d.reason });
      ep.end('completed', finalOnStop(namedDesign, evaluated, task.initial_design), 'agent stopped');
      return;
    }
    const remaining = budget - step;
    const check = d.design === null ? ({ ok: false, reason: 'action "continue" needs a design' } as const) : checkCircuitDesign(d.design, task.family, task.variable_bounds);
    if (!check.ok) {
      ep.act({ step, action: d.action, protocol_valid: false, invalid_reason: check.reason, design: null, evaluated: false, reason: d.reason });
      if (remaining > 0) ep.say(circuitTurnMessage({ step, queriesUsed: evaluated.length, queriesRemaining: remaining, protocolError: check.reason }));
      continue;
    }
    ep.act({ step, action: d.action, protocol_valid: true, invalid_reason: null, design: check.design, evaluated: true, reason: d.reason });
    const result = await ep.evaluate(requestFor(check.design), { step, purpose: 'agent', label: 'query' });
    evaluated.push({ step, design: check.design });
    if (result.feasible) {
      ep.end('completed', lastRef(evaluated), `feasible closure at step ${step}`);
      return;
    }
    if (remaining > 0) {
      ep.say(
        circuitTurnMessage({
          step,
          queriesUsed: evaluated.length,
          queriesRemaining: remaining,
          evaluated: { design: check.design, response: circuitVerifierResponse(result, limits, task.context.target_value) },
        }),
      );
    }
  }
  ep.end('budget_exceeded', lastRef(evaluated), `query budget of ${budget} spent without feasible closure`);
}
