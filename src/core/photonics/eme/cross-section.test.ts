import { describe, expect, it } from 'vitest';
import { gridX, makeGrid, rasteriseCrossSection } from './cross-section.ts';

describe('EME cross-section', () => {
  it('spans the window with whole steps, never coarser than asked, walls one step beyond the end points', () => {
    const g = makeGrid(3, 70);
    expect(g.dx).toBeLessThanOrEqual(0.07);
    expect(g.dx * (g.points + 1)).toBeCloseTo(3, 12);
    expect(gridX(g, 0)).toBeCloseTo(-1.5 + g.dx, 12);
    expect(gridX(g, g.points - 1)).toBeCloseTo(1.5 - g.dx, 12);
  });

  it('averages n² over cells a core edge cuts, so ∫n² dx equals the exact geometric value', () => {
    const g = makeGrid(4, 100);
    const eps = rasteriseCrossSection(g, 1, [{ centerUm: 0.13, widthUm: 1.234, indexSquared: 4 }]);
    // Exact: cladding 1 everywhere plus (4 − 1) over the core width, integrated over the cells.
    let integral = 0;
    for (const e of eps) integral += e * g.dx;
    expect(integral).toBeCloseTo((g.points * g.dx) * 1 + 3 * 1.234, 12);
    expect(Math.max(...eps)).toBe(4);
  });

  it('paints later cores over earlier ones', () => {
    const g = makeGrid(2, 100);
    const eps = rasteriseCrossSection(g, 1, [
      { centerUm: 0, widthUm: 1, indexSquared: 4 },
      { centerUm: 0, widthUm: 0.4, indexSquared: 9 },
    ]);
    const centre = Math.floor(g.points / 2);
    expect(eps[centre]).toBe(9);
    expect(eps[centre - 4]).toBe(4);
    expect(eps[0]).toBe(1);
  });
});
