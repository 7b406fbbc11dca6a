/**
 * The price table a configured model is charged by: the bundled one (data/llm/prices.json), plus
 * the user's own price for this provider and model when they entered one (OpenRouter's rates, or 0
 * for a local server). Without either the price is unknown and costs show as unknown, never $0.
 */
import { DEFAULT_PRICES, priceFor, withPrices, type ModelPrice, type PriceTable } from '../../core/llm/prices.ts';
import { safeEndpoint } from '../../core/llm/settings.ts';
import type { StoredModelConfig } from './stored-settings.ts';

export function priceTableFor(config: StoredModelConfig): PriceTable {
  if (config.custom_price === null) return DEFAULT_PRICES;
  const entry: ModelPrice = {
    provider: config.settings.provider,
    model: config.settings.model,
    input: config.custom_price.input,
    output: config.custom_price.output,
    // The endpoint the price was entered for (scheme, host and path only: never a key-bearing query).
    source: safeEndpoint(config.settings.base_url),
    as_of: config.custom_price.as_of,
    note: 'entered by the user on the settings page',
  };
  return withPrices(DEFAULT_PRICES, [entry]);
}

export function modelPrice(config: StoredModelConfig): ModelPrice | null {
  return priceFor(priceTableFor(config), config.settings.provider, config.settings.model);
}
