import { describe, expect, it } from 'vitest';
import { formatTokens } from './cost-format.ts';

describe('formatTokens', () => {
  it('groups token counts', () => {
    expect(formatTokens(1234567)).toBe('1,234,567');
  });
});
