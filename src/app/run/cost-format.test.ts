import { describe, expect, it } from 'vitest';
import { formatTokens, formatUsd } from './cost-format.ts';

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

  it('groups token counts', () => {
    expect(formatTokens(1234567)).toBe('1,234,567');
  });
});
