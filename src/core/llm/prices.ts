/**
 * Token prices per provider and model (data/llm/prices.json) and the cost of one call.
 *
 * Lookup (`priceFor`): the provider must match; the model id is lower-cased and a leading
 * "models/" (Gemini resource names) dropped; then
 *   1. an entry whose `model` or one of its `aliases` equals the id exactly;
 *   2. else the id with one recognised suffix removed — a snapshot date (-2024-08-06, -20250514) or
 *      "-latest" — matched exactly again ("gpt-4o-2024-08-06" → "gpt-4o",
 *      "claude-sonnet-4-20250514" → "claude-sonnet-4").
 * No other prefix matching: "gpt-4o-mini" must never fall back to "gpt-4o", nor a preview or audio
 * variant to its base model. Anything else is unknown (null).
 *
 * Unknown is not free: `costOf` returns null, never 0, when the price (or the usage) is unknown.
 * Local servers (Ollama, llama.cpp, vLLM, LM Studio) are unknown unless the user adds a zero-price
 * entry (`withPrices`); the lookup does not look at the host, so a host that serves an official id
 * at a different price needs such an entry too.
 *
 * Token accounting (the adapters' LlmUsage contract): input_tokens counts every prompt token, the
 * cached ones included; cached_input_tokens is the part billed at the cache-read rate (the input
 * rate when no cached rate is listed); output_tokens counts every billed output token, reasoning
 * included. Prompt-cache writes (Anthropic's cache_control) are not modelled: the harness sends
 * none. Long-context rates apply to the whole request when input_tokens exceeds the threshold
 * (Anthropic's and Google's rule).
 */
import { z } from 'zod';
import pricesJson from '../../../data/llm/prices.json' with { type: 'json' };
import { ProviderIdSchema, type LlmUsage, type ProviderId } from './types.ts';

const rate = z.number().nonnegative();

export const ModelPriceSchema = z.strictObject({
  provider: ProviderIdSchema,
  model: z.string().min(1),
  aliases: z.array(z.string().min(1)).optional(),
  /** USD per 1M input tokens. */
  input: rate,
  /** USD per 1M output tokens (reasoning tokens included). */
  output: rate,
  /** USD per 1M prompt-cache read tokens; absent: billed at `input`. */
  cached_input: rate.optional(),
  long_context: z
    .strictObject({
      /** Requests with more input tokens than this are billed entirely at these rates. */
      threshold_input_tokens: z.number().int().positive(),
      input: rate,
      output: rate,
      cached_input: rate.optional(),
    })
    .optional(),
  /** The provider's pricing page the figures come from. */
  source: z.url(),
  /** Date (YYYY-MM-DD) the figures were read from `source`. */
  as_of: z.iso.date(),
  note: z.string().optional(),
});
export type ModelPrice = z.infer<typeof ModelPriceSchema>;

export const PriceTableSchema = z.strictObject({
  schema_version: z.literal(1),
  currency: z.literal('USD'),
  unit: z.string(),
  note: z.string(),
  models: z.array(ModelPriceSchema),
});
export type PriceTable = z.infer<typeof PriceTableSchema>;

/** Validates a price table, naming the first bad entry. */
export function parsePriceTable(raw: unknown): PriceTable {
  const r = PriceTableSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(`invalid price table at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'schema mismatch'}`);
  }
  return r.data;
}

/** The bundled table (data/llm/prices.json), validated when this module loads. */
export const DEFAULT_PRICES: PriceTable = parsePriceTable(pricesJson);

/** `table` with `entries` added; an entry for the same provider and model replaces the table's. */
export function withPrices(table: PriceTable, entries: readonly ModelPrice[]): PriceTable {
  const key = (p: ModelPrice): string => `${p.provider}\u0000${p.model.toLowerCase()}`;
  const replaced = new Set(entries.map(key));
  return { ...table, models: [...entries.map((e) => ModelPriceSchema.parse(e)), ...table.models.filter((m) => !replaced.has(key(m)))] };
}

const SNAPSHOT_SUFFIX = /-(?:\d{4}-\d{2}-\d{2}|\d{8}|latest)$/;

function normaliseModelId(model: string): string {
  return model.trim().toLowerCase().replace(/^models\//, '');
}

function exact(table: PriceTable, provider: ProviderId, id: string): ModelPrice | null {
  for (const p of table.models) {
    if (p.provider !== provider) continue;
    if (p.model.toLowerCase() === id || (p.aliases ?? []).some((a) => a.toLowerCase() === id)) return p;
  }
  return null;
}

export function priceFor(table: PriceTable, provider: ProviderId, model: string): ModelPrice | null {
  const id = normaliseModelId(model);
  if (id === '') return null;
  const hit = exact(table, provider, id);
  if (hit) return hit;
  const base = id.replace(SNAPSHOT_SUFFIX, '');
  return base !== id ? exact(table, provider, base) : null;
}

/** USD cost of one call (see the header for the token accounting); null when usage or price is unknown. */
export function costOf(usage: LlmUsage | null | undefined, price: ModelPrice | null): number | null {
  if (!usage || !price) return null;
  const long = price.long_context && usage.input_tokens > price.long_context.threshold_input_tokens ? price.long_context : null;
  const inputRate = long ? long.input : price.input;
  const outputRate = long ? long.output : price.output;
  const cachedRate = (long ? long.cached_input : price.cached_input) ?? inputRate;
  const cached = Math.min(usage.cached_input_tokens ?? 0, usage.input_tokens);
  const uncached = usage.input_tokens - cached;
  return (uncached * inputRate + cached * cachedRate + usage.output_tokens * outputRate) / 1e6;
}
