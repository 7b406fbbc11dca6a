import { describe, expect, it } from 'vitest';
import { radarGeometry } from './radar-geometry.ts';

describe('radarGeometry', () => {
  // size 360 → width 360 + 2·80 = 520, centre (260, 190), radius 360/2 − 60 = 120; axes at 12, 3, 6 and 9 o'clock.
  const g = radarGeometry(['P1', 'P2', 'P3', 'P4'], [{ name: 'run', values: [1, 0.5, null, 0] }], 360);

  it('puts the first axis straight up and goes clockwise', () => {
    expect(g.width).toBe(520);
    expect(g.center).toEqual({ x: 260, y: 190 });
    expect(g.axes.map((a) => [a.label, a.x, a.y, a.anchor])).toEqual([
      ['P1', 260, 70, 'middle'],
      ['P2', 380, 190, 'start'],
      ['P3', 260, 310, 'middle'],
      ['P4', 140, 190, 'end'],
    ]);
    expect(g.rings.find((r) => r.level === 0.5)?.points).toBe('260,130 320,190 260,250 200,190');
  });

  it('scales values along their axis, draws a missing value at the centre and names it', () => {
    const s = g.series[0];
    expect(s?.points).toBe('260,70 320,190 260,190 260,190');
    expect(s?.dots).toEqual([
      { x: 260, y: 70, value: 1 },
      { x: 320, y: 190, value: 0.5 },
      { x: 260, y: 190, value: 0 },
    ]);
    expect(s?.missing).toEqual(['P3']);
  });

  it('clips values outside [0, 1]', () => {
    const c = radarGeometry(['a', 'b', 'c'], [{ name: 'x', values: [2, -1, 0.5] }], 360);
    expect(c.series[0]?.dots.map((d) => d.value)).toEqual([1, 0, 0.5]);
  });
});
