import { describe, expect, it } from 'vitest';
import { resampleMap } from './map-resample.ts';

describe('resampleMap', () => {
  // A graded grid (fine near x = 0, coarse far off) holding T = 300 + 2x + 5y: bilinear
  // interpolation must reproduce a linear field exactly at every uniform sample.
  const x_um = [-30, -10, -3, -1, 0, 1, 3, 10, 30];
  const y_um = [-20, -2, 0, 1, 3];
  const values = y_um.flatMap((y) => x_um.map((x) => 300 + 2 * x + 5 * y));
  const map = { kind: 'temperature' as const, x_um, y_um, values, unit: 'K' };

  it('samples a uniform grid that keeps the aspect, row 0 at the lowest y', () => {
    const h = resampleMap(map, 'T', 60);
    expect(h.values[0]).toHaveLength(60);
    expect(h.values.length).toBe(Math.round((60 * 23) / 60));
    expect(h.x_nm).toEqual([-30000, 30000]);
    expect(h.y_nm).toEqual([-20000, 3000]);
    expect(h.quantity).toBe('K');
    expect(h.scale).toBe('sequential');
    const rows = h.values.length;
    h.values.forEach((row, r) =>
      row.forEach((v, c) => {
        const x = -30 + ((c + 0.5) * 60) / 60;
        const y = -20 + ((r + 0.5) * 23) / rows;
        expect(v).toBeCloseTo(300 + 2 * x + 5 * y, 9);
      }),
    );
  });

  it('refuses a map whose values do not fill its grid', () => {
    expect(() => resampleMap({ ...map, values: values.slice(1) }, 'T')).toThrow(RangeError);
  });

  it('draws a signed field on the diverging scale', () => {
    expect(resampleMap({ ...map, kind: 'field', values: values.map((v) => v - 320) }, 'E').scale).toBe('diverging');
  });
});
