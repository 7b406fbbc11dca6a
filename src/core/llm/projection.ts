/**
 * Projected token use and cost of a run, before it starts. For every task the opening messages are
 * built with the protocol's own prompt builders (exactly what the model will be sent), and each
 * later turn's user message with the protocol's turn-message builder, filled with the task's stored
 * evaluation (P2: the initial design, P3: the trap) as a representative verifier response. Turns
 * per task are the probe's budget: P1 and P4 one, P2 every query of the task budget (no early
 * closure or stop), P3 its full recovery budget. Every request resends the whole conversation.
 * The stated assumptions travel with the result, so the page and the CLI can print them.
 */
import type { ChatMessage } from '../agent/types.ts';
import type { OracleResult } from '../veh/oracle.ts';
import { TASK_BUDGET, effectiveBudget, type QueryBudgetRule } from '../veh/protocol/budget.ts';
import { buildEpisodeOpening, type P3Variant } from '../veh/protocol/prompts.ts';
import { requestBuilder } from '../veh/protocol/task-oracle.ts';
import { turnMessage } from '../veh/protocol/turn-messages.ts';
import { verifierResponse } from '../veh/protocol/verifier-response.ts';
import type { EvaluatedDesign, P2Task, P3Task, Probe, VehTask } from '../veh/task-schema.ts';
import { costOf, priceFor, type ModelPrice, type PriceTable } from './prices.ts';
import type { ModelSettings } from './settings.ts';

/** Tokens per character of English/JSON text: the usual rule of thumb of 4 characters per token. */
export const CHARS_PER_TOKEN = 4;
/** A JSON action with a one-sentence reason: about 600 characters. */
export const EXPECTED_OUTPUT_TOKENS_PER_TURN = 150;

export const estimateTokens = (text: string): number => tokensOfChars(text.length);
const tokensOfChars = (n: number): number => Math.ceil(n / CHARS_PER_TOKEN);

export interface ProbeProjection {
  tasks: number;
  turns: number;
  input_tokens: number;
  output_tokens: number;
}

export interface CostProjection {
  model: string;
  price: ModelPrice | null;
  task_count: number;
  turns: number;
  input_tokens: number;
  /** Output at EXPECTED_OUTPUT_TOKENS_PER_TURN (or max_output_tokens if lower) per turn. */
  output_tokens: number;
  /** USD; null when the model's price is unknown. */
  cost_usd: number | null;
  /** Every turn writing max_output_tokens (its history growing accordingly). */
  upper: { input_tokens: number; output_tokens: number; cost_usd: number | null };
  per_probe: Partial<Record<Probe, ProbeProjection>>;
  assumptions: string[];
}

export interface ProjectionOptions {
  p3Variant?: P3Variant;
  budgetRule?: QueryBudgetRule;
}

const chars = (messages: readonly ChatMessage[]): number => messages.reduce((n, m) => n + m.content.length, 0);

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

interface TaskShape {
  openingTokens: number;
  turns: number;
  turnMessageTokens: number;
}

function taskShape(task: VehTask, opts: ProjectionOptions): TaskShape {
  const rule = opts.budgetRule ?? TASK_BUDGET;
  const opening = tokensOfChars(chars(buildEpisodeOpening(task, { budgetRule: rule, p3Variant: opts.p3Variant ?? 'raw_history' })));
  if (task.probe === 'P1' || task.probe === 'P4') return { openingTokens: opening, turns: 1, turnMessageTokens: 0 };
  const budget = effectiveBudget(task, rule);
  // A full-budget rule adds one query-free turn that names the final design.
  const turns = budget + (rule.kind === 'full_budget' ? 1 : 0);
  return { openingTokens: opening, turns, turnMessageTokens: tokensOfChars(turnMessageChars(task, budget)) };
}

interface Tally {
  input: number;
  output: number;
  cost: number | null;
}

/** Tokens and cost of one episode whose every turn writes `out` tokens; each request carries the history so far. */
function tallyEpisode(shape: TaskShape, out: number, price: ModelPrice | null): Tally {
  let input = 0;
  let cost: number | null = price ? 0 : null;
  for (let k = 0; k < shape.turns; k++) {
    const request = shape.openingTokens + k * (out + shape.turnMessageTokens);
    input += request;
    const c = costOf({ input_tokens: request, output_tokens: out }, price);
    cost = cost === null || c === null ? null : cost + c;
  }
  return { input, output: out * shape.turns, cost };
}

export function projectRunCost(tasks: readonly VehTask[], settings: ModelSettings, prices: PriceTable, opts: ProjectionOptions = {}): CostProjection {
  const price = priceFor(prices, settings.provider, settings.model);
  const expectedOut = Math.min(EXPECTED_OUTPUT_TOKENS_PER_TURN, settings.max_output_tokens);
  const perProbe: Partial<Record<Probe, ProbeProjection>> = {};
  let turns = 0;
  const expected: Tally = { input: 0, output: 0, cost: price ? 0 : null };
  const upper: Tally = { input: 0, output: 0, cost: price ? 0 : null };
  const add = (acc: Tally, t: Tally): void => {
    acc.input += t.input;
    acc.output += t.output;
    acc.cost = acc.cost === null || t.cost === null ? null : acc.cost + t.cost;
  };
  for (const task of tasks) {
    const shape = taskShape(task, opts);
    const e = tallyEpisode(shape, expectedOut, price);
    add(expected, e);
    add(upper, tallyEpisode(shape, settings.max_output_tokens, price));
    turns += shape.turns;
    const p = (perProbe[task.probe] ??= { tasks: 0, turns: 0, input_tokens: 0, output_tokens: 0 });
    p.tasks++;
    p.turns += shape.turns;
    p.input_tokens += e.input;
    p.output_tokens += e.output;
  }
  return {
    model: settings.model,
    price,
    task_count: tasks.length,
    turns,
    input_tokens: expected.input,
    output_tokens: expected.output,
    cost_usd: expected.cost,
    upper: { input_tokens: upper.input, output_tokens: upper.output, cost_usd: upper.cost },
    per_probe: perProbe,
    assumptions: [
      `tokens ≈ characters / ${CHARS_PER_TOKEN} (the provider's tokenizer will differ by some tens of per cent)`,
      'turns per task: P1 and P4 one; P2 every query of the task budget (no early feasible closure or stop); P3 its full recovery budget',
      'no parse retries and no HTTP retries (each would add a request)',
      `every request resends the conversation: the opening, then per earlier turn the model's reply and the verifier's message (sized from the task's stored evaluation)`,
      `model output ${expectedOut} tokens per turn (upper bound: max_output_tokens = ${settings.max_output_tokens}); reasoning tokens count as output`,
      price
        ? `price: ${price.provider} ${price.model} list price as of ${price.as_of} (${price.source}); no prompt-cache discount assumed`
        : `no price known for ${settings.provider} model "${settings.model}": cost unknown (add a price entry, e.g. 0 for a local server)`,
    ],
  };
}
