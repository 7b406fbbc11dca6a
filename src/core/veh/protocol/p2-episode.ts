/**
 * P2 verifier-guided design search (Appendix N.3, N.9). Each turn the agent answers
 * {design, action: continue | stop, reason}. "continue" evaluates the design (one query, if it is
 * protocol-valid); an invalid design uses up the turn without a query. Under the task budget the
 * episode ends on the first feasible evaluation (feasible closure), on "stop" (final: the named
 * already-evaluated design, else the last evaluated, else the initial design — so stopping at once
 * keeps the anchor with 0 queries), or when the budget of turns is spent (status budget_exceeded).
 * Under a full-budget rule there is no closure, and one query-free turn after the budget names the
 * final design.
 */
import type { FinalRef } from './events.ts';
import type { VehEpisode } from './episode-loop.ts';
import type { P2Task } from '../task-schema.ts';
import type { QueryBudgetRule } from './budget.ts';
import { effectiveBudget } from './budget.ts';
import { checkDesign } from './design-check.ts';
import { chooseFinal, finalSelectionTurn, lastRef, type EvaluatedStep } from './final-choice.ts';
import { interpretTurn } from './interpret.ts';
import type { ControlCondition } from './control-blocks.ts';
import { FORMAT_HINTS, P2_ACTIONS, buildEpisodeOpening } from './prompts.ts';
import { requestBuilder } from './task-oracle.ts';
import { turnMessage } from './turn-messages.ts';
import { verifierResponse } from './verifier-response.ts';

const INITIAL: FinalRef = { source: 'initial', step: null };

export async function runP2(loop: VehEpisode, task: P2Task, rule: QueryBudgetRule, control: ControlCondition = 'default'): Promise<void> {
  const budget = effectiveBudget(task, rule);
  const closure = rule.kind === 'task';
  const { requestFor, limits } = requestBuilder(task, task.initial_design);
  const fe = task.excitation_context.frequency_hz;
  const start = { ref: INITIAL, design: task.initial_design };

  loop.say(...buildEpisodeOpening(task, { budgetRule: rule, control }));
  // The harness's own evaluation of the starting point: full-precision initial state for the row.
  await loop.evaluate(requestFor(task.initial_design), { step: null, purpose: 'harness', label: 'initial' });

  const evaluated: EvaluatedStep[] = [];
  const last = (): FinalRef => lastRef(evaluated, INITIAL);

  for (let step = 1; step <= budget; step++) {
    const reply = await loop.ask((o) => interpretTurn(o, P2_ACTIONS), FORMAT_HINTS.P2);
    if (!reply.ok) {
      loop.failParse(step, reply.problem, last(), 'reply');
      return;
    }
    const d = reply.value;
    if (d.action === 'stop') {
      const choice = chooseFinal(d.design, task.variable_bounds, evaluated, start);
      loop.act({ step, action: 'stop', protocol_valid: true, invalid_reason: null, design: choice.named, evaluated: false, reason: d.reason });
      loop.end('completed', choice.final, `agent stopped: ${choice.note}`);
      return;
    }
    const remainingAfter = budget - step;
    const check = d.design === null ? ({ ok: false, reason: 'action "continue" needs a design' } as const) : checkDesign(d.design, task.variable_bounds);
    if (!check.ok) {
      loop.act({ step, action: d.action, protocol_valid: false, invalid_reason: check.reason, design: null, evaluated: false, reason: d.reason });
      if (remainingAfter > 0 || !closure) {
        loop.say(turnMessage({ step, queriesUsed: evaluated.length, queriesRemaining: remainingAfter, protocolError: check.reason, finalSelection: remainingAfter === 0 }));
      }
      continue;
    }
    loop.act({ step, action: d.action, protocol_valid: true, invalid_reason: null, design: check.design, evaluated: true, reason: d.reason });
    const result = await loop.evaluate(requestFor(check.design), { step, purpose: 'agent', label: 'query' });
    evaluated.push({ step, design: check.design });
    if (closure && result.feasible) {
      loop.end('completed', last(), `feasible closure at step ${step}`);
      return;
    }
    if (remainingAfter > 0 || !closure) {
      loop.say(
        turnMessage({
          step,
          queriesUsed: evaluated.length,
          queriesRemaining: remainingAfter,
          evaluated: { design: check.design, response: verifierResponse(result, limits, fe) },
          finalSelection: remainingAfter === 0,
        }),
      );
    }
  }

  if (closure) {
    loop.end('budget_exceeded', last(), `query budget of ${budget} spent without feasible closure`);
    return;
  }
  await finalSelectionTurn(loop, budget + 1, task.variable_bounds, evaluated, start);
}
