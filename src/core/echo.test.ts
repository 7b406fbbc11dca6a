import { describe, expect, it } from 'vitest';
import { ECHO_MAX_CHARS, echo } from './echo.ts';

describe('echo', () => {
  it('keeps a short value whole and cuts a long one, saying its length', () => {
    expect(echo('PZT-5A')).toBe('PZT-5A');
    expect(echo('x'.repeat(ECHO_MAX_CHARS))).toBe('x'.repeat(ECHO_MAX_CHARS));
    expect(echo('y'.repeat(1_000_000))).toBe(`${'y'.repeat(ECHO_MAX_CHARS)}… (1000000 chars)`);
  });
});
