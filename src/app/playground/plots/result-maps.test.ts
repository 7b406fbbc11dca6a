import { describe, expect, it } from 'vitest';
import { resultMaps } from './result-maps.ts';

const entry = { id: 'te0-ex', title: 'TE0 |Ex|²', x_nm: [-850, 850], y_nm: [-490, 710], values: [[0, 0.5], [1, null]], quantity: '|Ex|² (normalised)', scale: 'sequential' };

describe('resultMaps', () => {
  it('reads every entry of the maps contract; null samples become NaN', () => {
    const { maps, problems } = resultMaps({ kind: 'mode', maps: [entry] });
    expect(problems).toEqual([]);
    expect(maps).toHaveLength(1);
    expect(maps[0]?.values[1]?.[1]).toBeNaN();
    expect(maps[0]?.x_nm).toEqual([-850, 850]);
  });

  it('names a malformed entry and keeps the good ones', () => {
    const bad = { ...entry, id: 'bad', scale: 'rainbow' };
    const reversed = { ...entry, id: 'rev', x_nm: [850, -850] };
    const { maps, problems } = resultMaps({ maps: [entry, bad, reversed] });
    expect(maps.map((m) => m.id)).toEqual(['te0-ex']);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('maps[1].scale');
    expect(problems[1]).toContain('maps[2].x_nm');
  });

  it('is empty for a result without maps', () => {
    expect(resultMaps({ kind: 'grating' })).toEqual({ maps: [], problems: [] });
    expect(resultMaps(undefined)).toEqual({ maps: [], problems: [] });
  });
});
