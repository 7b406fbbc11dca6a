/**
 * VEH's projected token use and cost of a model run, before it starts: for every task the opening
 * messages are built with the protocol's own prompt builders (exactly what the model will be sent),
 * and each later turn's user message with the protocol's turn-message builder, filled with the
 * task's stored evaluation (P2: the initial design, P3: the trap) as a representative verifier
 * response. Turns per task are the probe's budget: P1 and P4 one, P2 every query of the task budget
 * (no early closure or stop), P3 its full recovery budget. The generic tally is llm/projection.ts.
 */
import type { OracleResult } from './oracle.ts';
import { TASK_BUDGET, effectiveBudget, type QueryBudgetRule } from './protocol/budget.ts';
import { buildEpisodeOpening, type P3Variant } from './protocol/prompts.ts';
import { requestBuilder } from './protocol/task-oracle.ts';
import { turnMessage } from './protocol/turn-messages.ts';
import { verifierResponse } from './protocol/verifier-response.ts';
import type { EvaluatedDesign, P2Task, P3Task, VehTask } from './task-schema.ts';
import { projectCost, tokensOfChars, charsOf, type CostProjection, type TaskShape } from '../llm/projection.ts';
import type { PriceTable } from '../llm/prices.ts';
import type { ModelSettings } from '../llm/settings.ts';

export interface ProjectionOptions {
  p3Variant?: P3Variant;
  budgetRule?: QueryBudgetRule;
}

/** An OracleResult carrying a stored evaluation's shown quantities (the rest is never shown to the model). */
function shownResult(ed: EvaluatedDesign, task: P2Task | P3Task): OracleResult {
  const fe = task.excitation_context.frequency_hz;
  const freqError = (100 * Math.abs(ed.resonant_freq_hz - fe)) / fe;
  return {
    resonant_freq_hz: ed.resonant_freq_hz,
    load_power_uw: ed.load_power_uw,
    tip_stress_mpa: ed.tip_stress_mpa,
    tip_disp_mm: ed.tip_disp_mm,
    freq_error_pct: freqError,
    slack_stress_mpa: 0,
    slack_disp_mm: 0,
    slack_freq_pct: 0,
    slack_power_uw: 0,
    feasible: ed.feasible,
    effective_mass_kg: 0,
    bending_stiffness_nm2: 0,
    coupling_coefficient: 0,
    internal_capacitance_f: 0,
    neutral_axis_m: 0,
    load_voltage_v: 0,
  };
}

/** Characters of a representative later-turn user message (P2/P3), built by the protocol itself. */
function turnMessageChars(task: P2Task | P3Task, budget: number): number {
  const ed = task.probe === 'P2' ? task.initial_result : task.trap_design;
  const { limits } = requestBuilder(task, ed.design);
  const response = verifierResponse(shownResult(ed, task), limits, task.excitation_context.frequency_hz);
  return turnMessage({ step: 1, queriesUsed: 1, queriesRemaining: Math.max(0, budget - 1), evaluated: { design: ed.design, response } }).content.length;
}

function taskShape(task: VehTask, opts: ProjectionOptions): TaskShape {
  const rule = opts.budgetRule ?? TASK_BUDGET;
  const opening = tokensOfChars(charsOf(buildEpisodeOpening(task, { budgetRule: rule, p3Variant: opts.p3Variant ?? 'raw_history' })));
  if (task.probe === 'P1' || task.probe === 'P4') return { group: task.probe, openingTokens: opening, turns: 1, turnMessageTokens: 0 };
  const budget = effectiveBudget(task, rule);
  // A full-budget rule adds one query-free turn that names the final design.
  const turns = budget + (rule.kind === 'full_budget' ? 1 : 0);
  return { group: task.probe, openingTokens: opening, turns, turnMessageTokens: tokensOfChars(turnMessageChars(task, budget)) };
}

export function projectRunCost(tasks: readonly VehTask[], settings: ModelSettings, prices: PriceTable, opts: ProjectionOptions = {}): CostProjection {
  return projectCost(
    tasks.map((t) => taskShape(t, opts)),
    settings,
    prices,
    ['turns per task: P1 and P4 one; P2 every query of the task budget (no early feasible closure or stop); P3 its full recovery budget'],
  );
}
