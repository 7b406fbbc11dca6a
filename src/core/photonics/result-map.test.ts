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
});
