/**
 * Projected token use and cost of a model run, before it starts, for any suite: the suite says, per
 * task, how many tokens its opening messages take, how many turns the episode will have and how
 * large each later turn's user message is (VEH: src/core/veh/projection.ts builds them with its own
 * prompt builders); this tallies them, with every request resending the whole conversation. The
 * stated assumptions travel with the result, so the page and the CLI can print them.
 */
import type { ChatMessage } from '../agent/types.ts';
import { costOf, priceFor, type ModelPrice, type PriceTable } from './prices.ts';
import type { ModelSettings } from './settings.ts';

/** Tokens per character of English/JSON text: the usual rule of thumb of 4 characters per token. */
export const CHARS_PER_TOKEN = 4;
/** A JSON action with a one-sentence reason: about 600 characters. */
export const EXPECTED_OUTPUT_TOKENS_PER_TURN = 150;

export const estimateTokens = (text: string): number => tokensOfChars(text.length);
export const tokensOfChars = (n: number): number => Math.ceil(n / CHARS_PER_TOKEN);
export const charsOf = (messages: readonly ChatMessage[]): number => messages.reduce((n, m) => n + m.content.length, 0);

export interface GroupProjection {
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
  /** Per task group (VEH: per probe). */
  per_group: Partial<Record<string, GroupProjection>>;
  assumptions: string[];
}

/** One task's episode as the projection sees it. */
export interface TaskShape {
  /** The task's group (a probe, a category): the projection is also totalled per group. */
  group: string;
  openingTokens: number;
  turns: number;
  turnMessageTokens: number;
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

/** The tally over every task's shape; `assumptions` are the suite's own (how it counted turns). */
export function projectCost(shapes: readonly TaskShape[], settings: ModelSettings, prices: PriceTable, assumptions: readonly string[]): CostProjection {
  const price = priceFor(prices, settings.provider, settings.model);
  const expectedOut = Math.min(EXPECTED_OUTPUT_TOKENS_PER_TURN, settings.max_output_tokens);
  const perGroup: Partial<Record<string, GroupProjection>> = {};
  let turns = 0;
  const expected: Tally = { input: 0, output: 0, cost: price ? 0 : null };
  const upper: Tally = { input: 0, output: 0, cost: price ? 0 : null };
  const add = (acc: Tally, t: Tally): void => {
    acc.input += t.input;
    acc.output += t.output;
    acc.cost = acc.cost === null || t.cost === null ? null : acc.cost + t.cost;
  };
  for (const shape of shapes) {
    const e = tallyEpisode(shape, expectedOut, price);
    add(expected, e);
    add(upper, tallyEpisode(shape, settings.max_output_tokens, price));
    turns += shape.turns;
    const p = (perGroup[shape.group] ??= { tasks: 0, turns: 0, input_tokens: 0, output_tokens: 0 });
    p.tasks++;
    p.turns += shape.turns;
    p.input_tokens += e.input;
    p.output_tokens += e.output;
  }
  return {
    model: settings.model,
    price,
    task_count: shapes.length,
    turns,
    input_tokens: expected.input,
    output_tokens: expected.output,
    cost_usd: expected.cost,
    upper: { input_tokens: upper.input, output_tokens: upper.output, cost_usd: upper.cost },
    per_group: perGroup,
    assumptions: [
      `tokens ≈ characters / ${CHARS_PER_TOKEN} (the provider's tokenizer will differ by some tens of per cent)`,
      ...assumptions,
      'no parse retries and no HTTP retries (each would add a request)',
      `every request resends the conversation: the opening, then per earlier turn the model's reply and the verifier's message (sized from the task's stored evaluation)`,
      `model output ${expectedOut} tokens per turn (upper bound: max_output_tokens = ${settings.max_output_tokens}); reasoning tokens count as output`,
      price
        ? `price: ${price.provider} ${price.model} list price as of ${price.as_of} (${price.source}); no prompt-cache discount assumed`
        : `no price known for ${settings.provider} model "${settings.model}": cost unknown (add a price entry, e.g. 0 for a local server)`,
    ],
  };
}
