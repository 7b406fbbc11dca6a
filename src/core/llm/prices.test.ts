import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES, costOf, parsePriceTable, priceFor, withPrices, type ModelPrice } from './prices.ts';

const price = (provider: 'openai' | 'anthropic' | 'gemini', model: string): ModelPrice => {
  const p = priceFor(DEFAULT_PRICES, provider, model);
  if (!p) throw new Error(`no price for ${model}`);
  return p;
};

describe('price table', () => {
  it('data/llm/prices.json validates, with a source URL and date on every entry and no duplicate ids', () => {
    const raw = JSON.parse(readFileSync(new URL('../../../data/llm/prices.json', import.meta.url), 'utf8')) as unknown;
    const table = parsePriceTable(raw);
    expect(table.models.length).toBeGreaterThanOrEqual(20);
    const ids = table.models.flatMap((m) => [m.model, ...(m.aliases ?? [])].map((id) => `${m.provider}/${id}`));
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of table.models) {
      expect(m.source).toMatch(/^https:\/\/(openai\.com|docs\.anthropic\.com|ai\.google\.dev)\//);
      expect(m.as_of).toMatch(/^20\d\d-\d\d-\d\d$/);
    }
  });

  it('rejects a bad table naming the field', () => {
    const bad = { ...DEFAULT_PRICES, models: [{ ...DEFAULT_PRICES.models[0], input: -1 }] };
    expect(() => parsePriceTable(bad)).toThrow(/models\.0\.input/);
    expect(() => parsePriceTable({ ...DEFAULT_PRICES, models: [{ ...DEFAULT_PRICES.models[0], as_of: 'last week' }] })).toThrow(/models\.0\.as_of/);
  });
});

describe('priceFor', () => {
  it('matches exact ids and aliases first', () => {
    expect(price('openai', 'gpt-4o').input).toBe(2.5);
    // The first gpt-4o snapshot has its own (higher) price: exact beats suffix stripping.
    expect(price('openai', 'gpt-4o-2024-05-13').input).toBe(5);
    expect(price('anthropic', 'claude-sonnet-4-0').model).toBe('claude-sonnet-4');
  });

  it('strips a snapshot date or -latest, and Gemini\'s models/ prefix', () => {
    expect(price('openai', 'gpt-4o-2024-08-06').model).toBe('gpt-4o');
    expect(price('openai', 'GPT-4o-mini-2024-07-18').model).toBe('gpt-4o-mini');
    expect(price('anthropic', 'claude-sonnet-4-20250514').model).toBe('claude-sonnet-4');
    expect(price('anthropic', 'claude-3-5-haiku-latest').model).toBe('claude-3-5-haiku');
    expect(price('gemini', 'models/gemini-2.5-pro').model).toBe('gemini-2.5-pro');
  });

  it('never falls back to a shorter id, another provider, or a local model', () => {
    expect(priceFor(DEFAULT_PRICES, 'openai', 'gpt-4o-audio-preview')).toBeNull();
    expect(priceFor(DEFAULT_PRICES, 'gemini', 'gemini-2.5-flash-preview-05-20')).toBeNull();
    expect(priceFor(DEFAULT_PRICES, 'anthropic', 'gpt-4o')).toBeNull();
    expect(priceFor(DEFAULT_PRICES, 'openai', 'llama3.1:8b')).toBeNull();
    expect(priceFor(DEFAULT_PRICES, 'openai', '')).toBeNull();
  });

  it('a user entry (e.g. 0 for a local server) is found and replaces a listed one', () => {
    const local: ModelPrice = { provider: 'openai', model: 'llama3.1:8b', input: 0, output: 0, source: 'https://ollama.com/', as_of: '2026-11-29' };
    const t = withPrices(DEFAULT_PRICES, [local, { ...price('openai', 'gpt-4o'), input: 1 }]);
    expect(costOf({ input_tokens: 1000, output_tokens: 10 }, priceFor(t, 'openai', 'llama3.1:8b'))).toBe(0);
    expect(priceFor(t, 'openai', 'gpt-4o')?.input).toBe(1);
    expect(t.models.filter((m) => m.model === 'gpt-4o')).toHaveLength(1);
  });
});

describe('costOf', () => {
  // Reference figures: the providers' list prices in data/llm/prices.json (USD per 1M tokens),
  // multiplied out by hand. Tolerance 1e-12 (float rounding only).
  it('gpt-4o: 1000 input at $2.50/M + 100 output at $10/M = $0.0035', () => {
    expect(costOf({ input_tokens: 1000, output_tokens: 100 }, price('openai', 'gpt-4o'))).toBeCloseTo(0.0035, 12);
  });

  it('bills cached input at the cache-read rate: 600 × 2.50 + 400 × 1.25 + 100 × 10 = $0.003 per 1M', () => {
    expect(costOf({ input_tokens: 1000, cached_input_tokens: 400, output_tokens: 100 }, price('openai', 'gpt-4o'))).toBeCloseTo(0.003, 12);
  });

  it('bills cached input at the input rate when no cached rate is listed (gpt-4o-2024-05-13: $5/M)', () => {
    expect(costOf({ input_tokens: 1000, cached_input_tokens: 400, output_tokens: 0 }, price('openai', 'gpt-4o-2024-05-13'))).toBeCloseTo(0.005, 12);
  });

  it('switches the whole request to long-context rates above the threshold (claude-sonnet-4: $6/$22.50 over 200k)', () => {
    const p = price('anthropic', 'claude-sonnet-4');
    expect(costOf({ input_tokens: 200_000, output_tokens: 1000 }, p)).toBeCloseTo(0.6 + 0.015, 12);
    expect(costOf({ input_tokens: 250_000, output_tokens: 1000 }, p)).toBeCloseTo(1.5 + 0.0225, 12);
  });

  it('is null, never 0, when the price or the usage is unknown', () => {
    expect(costOf({ input_tokens: 1000, output_tokens: 100 }, null)).toBeNull();
    expect(costOf(null, price('openai', 'gpt-4o'))).toBeNull();
  });
});
