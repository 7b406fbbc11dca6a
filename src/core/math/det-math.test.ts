import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../hash/sha256.ts';
import { createRng } from '../stats/rng.ts';
import { cos, exp, hypot, log, powInt, sin } from './det-math.ts';

/** Distance in units in the last place between two finite doubles of the same sign. */
function ulps(a: number, b: number): number {
  if (Object.is(a, b)) return 0;
  const v = new DataView(new ArrayBuffer(16));
  v.setFloat64(0, a);
  v.setFloat64(8, b);
  const ia = v.getBigInt64(0);
  const ib = v.getBigInt64(8);
  const key = (i: bigint): bigint => (i < 0n ? -(i & 0x7fffffffffffffffn) : i);
  const d = key(ia) - key(ib);
  return Number(d < 0n ? -d : d);
}

const rng = createRng(20261202);
const spread = (n: number, lo: number, hi: number): number[] => Array.from({ length: n }, () => lo + (hi - lo) * rng.next());

describe('det-math: within 1 ulp of the platform Math (V8 is within 1 ulp of the true value)', () => {
  const cases: [string, (x: number) => number, (x: number) => number, number[]][] = [
    ['exp', exp, Math.exp, [...spread(20000, -745, 709), ...spread(20000, -1, 1), ...spread(2000, -1e-8, 1e-8), 0, -0, 1, -1, 0.5 * Math.LN2, 1.5 * Math.LN2, 709.78, -745.1]],
    ['log', log, Math.log, [...spread(20000, 0, 10), ...spread(20000, 0.9, 1.1), ...spread(5000, 0, 1e300), 1, 2, Math.E, 1e-310, 5e-324, Number.MAX_VALUE, 1 + 2 ** -30, 1 - 2 ** -30]],
    ['sin', sin, Math.sin, [...spread(20000, -7, 7), ...spread(20000, -1e5, 1e5), ...spread(2000, -1e-9, 1e-9), 0, Math.PI, Math.PI / 2, Math.PI / 4, 2 * Math.PI, 355, 103993]],
    ['cos', cos, Math.cos, [...spread(20000, -7, 7), ...spread(20000, -1e5, 1e5), 0, Math.PI, Math.PI / 2, Math.PI / 4, 2 * Math.PI, 355, 103993]],
  ];
  for (const [name, det, platform, xs] of cases) {
    it(name, () => {
      let worst = 0;
      let at = NaN;
      for (const x of xs) {
        const d = ulps(det(x), platform(x));
        if (d > worst) [worst, at] = [d, x];
      }
      expect(worst, `${name}(${at})`).toBeLessThanOrEqual(1);
    });
  }

  it('special values', () => {
    expect([exp(NaN), exp(Infinity), exp(-Infinity), exp(710), exp(-746)]).toEqual([NaN, Infinity, 0, Infinity, 0]);
    expect([log(-1), log(0), log(Infinity), log(1), log(NaN)]).toEqual([NaN, -Infinity, Infinity, 0, NaN]);
    expect([sin(Infinity), cos(NaN), sin(0), cos(0)]).toEqual([NaN, NaN, 0, 1]);
    expect(Object.is(sin(-0), -0)).toBe(true);
    expect(() => sin(1e7)).toThrow(/beyond the reduced range/);
  });

  it('powInt and hypot', () => {
    expect(powInt(1.5, 2)).toBe(2.25);
    expect(powInt(2, -3)).toBe(0.125);
    expect(powInt(0.9, 0)).toBe(1);
    expect(ulps(powInt(0.97, 40), 0.97 ** 40)).toBeLessThanOrEqual(8);
    expect(() => powInt(2, 0.5)).toThrow(/not an integer/);
    expect(hypot(3, 4)).toBe(5);
    expect(hypot(1e200, 1e200)).toBeCloseTo(Math.SQRT2 * 1e200, -190);
    expect(hypot()).toBe(0);
  });
});

describe('det-math is pinned to the bit', () => {
  // Recorded from this module; any engine (Node, Chromium, Firefox, Safari) must print the same,
  // since it uses only IEEE 754 basic operations and exact bit manipulation. A change here means
  // built-in agents' replies change and earlier runs stop replaying.
  it('the same outputs on 40 000 inputs', () => {
    const r = createRng(7);
    const out = new Float64Array(40000);
    for (let i = 0; i < 10000; i++) {
      const u = r.next();
      out[4 * i] = exp(40 * u - 20);
      out[4 * i + 1] = log(1e-3 + 1e3 * u);
      out[4 * i + 2] = sin(2 * Math.PI * u);
      out[4 * i + 3] = cos(2 * Math.PI * u);
    }
    expect(sha256Hex(Array.from(out, (x) => x.toString(16)).join(','))).toBe('14c6f0c375301737a7a7c5caab2693ec8139a28aaa336a96ebae48e59a14fcf6');
  });
});
