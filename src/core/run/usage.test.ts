import { describe, expect, it } from 'vitest';
import { addReplyEvent, emptyUsage, formatCost, formatUsd } from './usage.ts';

describe('formatUsd', () => {
  it('never shows an unknown cost as $0', () => {
    expect(formatUsd(null)).toBe('unknown price');
    expect(formatUsd(undefined)).toBe('unknown price');
    expect(formatUsd(Number.NaN)).toBe('unknown price');
    expect(formatUsd(0)).toBe('$0');
  });

  it('keeps two significant digits below a cent and four decimals above', () => {
    expect(formatUsd(0.00208)).toBe('$0.0021');
    expect(formatUsd(0.000015)).toBe('$0.000015');
    expect(formatUsd(1.23456)).toBe('$1.2346');
    expect(formatUsd(1234.5)).toBe('$1234.50');
  });
});

describe('formatCost', () => {
  it('shows a cheap run in significant digits, not $0.0000', () => {
    expect(formatCost({ cost_usd: 0.000045, priced_cost_usd: 0.000045, unknown_price_replies: 0 })).toBe('$0.000045');
    expect(formatCost({ cost_usd: null, priced_cost_usd: 0.00002, unknown_price_replies: 2 })).toBe('$0.000020 + unknown (2 replies unpriced)');
    expect(formatCost({ cost_usd: null, priced_cost_usd: 0, unknown_price_replies: 3 })).toBe('unknown (no price for this model)');
  });
});

describe('addReplyEvent', () => {
  it('sums tokens, attempts and cost; one unknown price makes the total unknown but keeps the priced part', () => {
    const t = emptyUsage();
    addReplyEvent(t, { usage: { input_tokens: 100, output_tokens: 20, cached_input_tokens: 40 }, cost_usd: 0.001 });
    addReplyEvent(t, { cost_usd: null });
    addReplyEvent(t, { usage: { input_tokens: 1, output_tokens: 2, reasoning_tokens: 3 } });
    expect(t).toEqual({
      replies: 3,
      http_calls: 0,
      input_tokens: 101,
      output_tokens: 22,
      cached_input_tokens: 40,
      reasoning_tokens: 3,
      replies_without_usage: 1,
      unknown_price_replies: 1,
      priced_cost_usd: 0.001,
      cost_usd: null,
    });
  });
});
