import { describe, expect, it } from 'vitest';
import { payloadJson } from './payload-json.ts';
import { buildEpisodeOpening } from './prompts.ts';
import { fixtureBank } from './test-fixtures.ts';

describe('payloadJson', () => {
  it('keeps scalar arrays inline and indents objects', () => {
    expect(payloadJson({ b: [20, 80], n: { x: 1, s: 'a"b' }, e: [], o: {} })).toBe('{\n  "b": [20, 80],\n  "n": {\n    "x": 1,\n    "s": "a\\"b"\n  },\n  "e": [],\n  "o": {}\n}');
  });

  it('round-trips every opening payload exactly', () => {
    for (const task of fixtureBank()) {
      for (const p3Variant of ['raw_history', 'state_summary'] as const) {
        const text = buildEpisodeOpening(task, { p3Variant })[1]?.content ?? '';
        const value: unknown = JSON.parse(text);
        expect(payloadJson(value)).toBe(text);
        expect(JSON.parse(payloadJson(value))).toEqual(value);
      }
    }
  });

  it('drops undefined fields like JSON.stringify', () => {
    expect(JSON.parse(payloadJson({ a: undefined, b: [1, { c: [null, 'x'] }] }))).toEqual({ b: [1, { c: [null, 'x'] }] });
  });
});
