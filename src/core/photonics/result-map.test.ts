import { describe, expect, it } from 'vitest';
import { MAX_MAP_SIDE, makeMap, round4 } from './result-map.ts';

const meta = { id: 'm', title: 't', x_nm: [0, 1] as [number, number], y_nm: [0, 1] as [number, number], quantity: 'q', scale: 'sequential' as const };

describe('result maps', () => {
  it('keeps rows = y ascending and columns = x ascending', () => {
    const m = makeMap(meta, 3, 2, (i, j) => 10 * j + i);
    expect(m.values).toEqual([[0, 1, 2], [10, 11, 12]]);
  });

  it('block-averages a grid bigger than 200 per side down to at most 200 and rounds to 4 significant digits', () => {
    const m = makeMap(meta, 450, 3, (i) => i / 3);
    expect(m.values[0]).toHaveLength(150);
    expect(m.values[0]?.length).toBeLessThanOrEqual(MAX_MAP_SIDE);
    // Block 1 averages i = 3, 4, 5: (1 + 1.333… + 1.666…) / 3 = 1.333…
    expect(m.values[0]?.[1]).toBe(1.333);
    expect(round4(0.000123456)).toBe(0.0001235);
    expect(round4(0)).toBe(0);
  });

  it('rounds to exactly Number(v.toPrecision(4)) on its fast path too: random values, ties and decade edges', () => {
    const reference = (v: number): number => (v === 0 || !Number.isFinite(v) ? v : Number(v.toPrecision(4)));
    let seed = 12345;
    const next = (): number => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const values: number[] = [];
    for (let i = 0; i < 200_000; i++) values.push((next() < 0.5 ? -1 : 1) * 10 ** (-25 + 30 * next()));
    // Ties n.5·10^−k and decade edges 10^e, each with the doubles a few ulps either side.
    const nudged = (x: number, steps: number): number => {
      const b = new Float64Array([x]);
      const u = new BigInt64Array(b.buffer);
      u[0] = (u[0] as bigint) + BigInt(steps);
      return b[0] as number;
    };
    for (let k = -22; k <= 6; k++) {
      for (const mantissa of [1000.5, 1234.5, 5555.5, 9999.5, 1000, 10000]) {
        const x = Number(`${mantissa}e${k - 3}`);
        for (let d = -3; d <= 3; d++) values.push(nudged(x, d), -nudged(x, d));
      }
    }
    values.push(0, -0, Infinity, -Infinity, NaN, Number.MIN_VALUE, Number.MAX_VALUE, 1e-19, 9.9999e3, 1e4);
    let differing = 0;
    for (const v of values) if (!Object.is(round4(v), reference(v))) differing++;
    expect(differing).toBe(0);
  });
});
