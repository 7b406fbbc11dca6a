import { describe, expect, it } from 'vitest';
import { canonicalJson, contentHash } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('sorts keys at every depth, drops undefined, writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined, b: 'x' }], c: null })).toBe('{"a":[{"b":"x","d":2}],"b":1,"c":null}');
  });
  it('writes numbers in shortest round-trip form, -0 as 0', () => {
    expect(canonicalJson([0.1, 1e21, 1.5e-7, -0, 123456789.12345679, 5e-324])).toBe('[0.1,1e+21,1.5e-7,0,123456789.12345679,5e-324]');
    for (const x of [0.1 + 0.2, Math.PI, 1 / 3, Number.MAX_VALUE]) expect(JSON.parse(canonicalJson(x))).toBe(x);
  });
  it('rejects values JSON cannot hold, naming where', () => {
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow(/\$\.a\[1\] is NaN/);
    expect(() => canonicalJson({ a: Infinity })).toThrow(/Infinity/);
    expect(() => canonicalJson({ a: 1n })).toThrow(/bigint/);
  });
  it('hashes content independently of key order', () => {
    expect(contentHash({ a: 1, b: [2, 3] })).toBe(contentHash({ b: [2, 3], a: 1 }));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
    // sha256 of the two bytes '{}'
    expect(contentHash({ a: undefined })).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });
});
