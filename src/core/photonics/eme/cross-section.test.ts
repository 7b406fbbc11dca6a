import { describe, expect, it } from 'vitest';
import { gridX, makeGrid, rasteriseCrossSection, rasteriseTmCrossSection } from './cross-section.ts';

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

  it('TM: links average ε and points average 1/ε exactly, so both integrals equal their geometric values', () => {
    const g = makeGrid(4, 100);
    const core = { centerUm: 0.13, widthUm: 1.234, indexSquared: 4 };
    const tm = rasteriseTmCrossSection(g, 1, [core]);
    expect(tm.permittivityOnLinks).toHaveLength(g.points + 1);
    expect(tm.inverseAtNodes).toHaveLength(g.points);
    // The links tile the whole window: ∫ε dx = 4 µm of cladding (1) plus (4 − 1) over the core.
    let linkIntegral = 0;
    for (const e of tm.permittivityOnLinks) linkIntegral += e * g.dx;
    expect(linkIntegral).toBeCloseTo(4 + 3 * 1.234, 12);
    // The cells tile the window less half a step at each wall: ∫1/ε dx = (N Δx) · 1 + (1/4 − 1) over the core.
    let cellIntegral = 0;
    for (const b of tm.inverseAtNodes) cellIntegral += b * g.dx;
    expect(cellIntegral).toBeCloseTo(g.points * g.dx - 0.75 * 1.234, 12);
    // A link the core edge cuts takes the arithmetic mean of ε across it (1/⟨ε⟩ is the harmonic mean of 1/ε).
    const left = core.centerUm - core.widthUm / 2;
    const link = Math.floor((left + 2) / g.dx);
    const covered = (link + 1) * g.dx - 2 - left;
    expect(tm.permittivityOnLinks[link]).toBeCloseTo(1 + (3 * covered) / g.dx, 12);
  });

  it('TM: paints later cores over earlier ones and clips cores at the walls', () => {
    const g = makeGrid(2, 100);
    const tm = rasteriseTmCrossSection(g, 1, [
      { centerUm: 0, widthUm: 1, indexSquared: 4 },
      { centerUm: 0, widthUm: 0.4, indexSquared: 9 },
      { centerUm: 1, widthUm: 0.5, indexSquared: 2 },
    ]);
    const centre = Math.floor(g.points / 2);
    expect(tm.inverseAtNodes[centre]).toBeCloseTo(1 / 9, 15);
    expect(tm.inverseAtNodes[centre - 4]).toBeCloseTo(1 / 4, 15);
    expect(tm.inverseAtNodes[0]).toBe(1);
    expect(tm.permittivityOnLinks[g.points]).toBeCloseTo(2, 15);
  });
});
