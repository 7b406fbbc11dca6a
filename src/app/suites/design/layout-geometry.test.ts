import { describe, expect, it } from 'vitest';
import type { DesignShape } from '../../../core/design/source-api.ts';
import { layoutGeometry } from './layout-geometry.ts';

const heater: DesignShape = { type: 'rect', layer: 'heater', x: [-1, 1], y: [2.22, 2.34] };
const trenchL: DesignShape = { type: 'rect', layer: 'trench', x: [-6, -2.5], y: [-2, 3] };
const trenchR: DesignShape = { type: 'rect', layer: 'trench', x: [2.5, 6], y: [-2, 3] };

const numbers = (d: string): number[] => (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

describe('layoutGeometry', () => {
  it('maps µm to pixels at one scale on both axes, y up, inside the plot', () => {
    const g = layoutGeometry([heater, trenchL, trenchR], []);
    const [x0, y0, x1, , , y2] = numbers(g.shapes[1]!.d);
    const pxPerUmX = (x1! - x0!) / 3.5;
    const pxPerUmY = (y0! - y2!) / 5;
    expect(pxPerUmY).toBeCloseTo(pxPerUmX, 1);
    // y up: the trench's bottom (y = −2) is drawn below its top (y = 3).
    expect(y0!).toBeGreaterThan(y2!);
    for (const s of g.shapes) for (const v of numbers(s.d)) expect(v).toBeGreaterThanOrEqual(0);
    expect(x0!).toBeGreaterThanOrEqual(g.plot.left);
    expect(x1!).toBeLessThanOrEqual(g.plot.left + g.plot.width);
    expect(g.stretched).toBe(false);
  });

  it('gives each layer one colour, in order of first appearance', () => {
    const g = layoutGeometry([heater, trenchL, trenchR], []);
    expect(g.layers.map((l) => l.name)).toEqual(['heater', 'trench']);
    expect(g.shapes[1]!.color).toBe(g.shapes[2]!.color);
    expect(g.shapes[0]!.color).not.toBe(g.shapes[1]!.color);
  });

  it('places a failed gate box on the shape it names and widens the extent to hold it', () => {
    const g = layoutGeometry([heater], [{ id: 'max-temperature', x: [-0.5, 0.5], y: [1.78, 2.78] }, { id: 'far', x: [9, 10], y: [0, 1] }]);
    const [hx0, , hx1] = numbers(g.shapes[0]!.d);
    const m = g.markers[0]!;
    expect(m.id).toBe('max-temperature');
    expect(m.x).toBeCloseTo((hx0! + hx1!) / 2 - (hx1! - hx0!) / 4, 0);
    expect(m.width).toBeCloseTo((hx1! - hx0!) / 2, 0);
    const far = g.markers[1]!;
    expect(far.x + far.width).toBeLessThanOrEqual(g.plot.left + g.plot.width);
  });

  it('draws polygons and stretches a very long layout instead of drawing a hairline', () => {
    const wg: DesignShape = { type: 'polygon', layer: 'core', points: [[0, 0], [100, 0], [100, 0.5], [0, 0.5]] };
    const g = layoutGeometry([wg], []);
    expect(g.stretched).toBe(true);
    expect(g.plot.height).toBeGreaterThanOrEqual(Math.floor(g.plot.width / 6.5));
    expect(g.shapes[0]!.d.startsWith('M')).toBe(true);
    expect(g.shapes[0]!.d.endsWith('Z')).toBe(true);
  });

  it('has µm ticks along both axes', () => {
    const g = layoutGeometry([trenchL, trenchR], []);
    expect(g.xTicks.map((t) => t.label)).toContain('0');
    expect(g.yTicks.length).toBeGreaterThan(1);
  });
});
