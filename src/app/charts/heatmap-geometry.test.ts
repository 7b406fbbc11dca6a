import { describe, expect, it } from 'vitest';
import { colorDomain, COLOR_LEVELS, decimate, heatmapGeometry, levelColor, levelOf, type HeatmapData } from './heatmap-geometry.ts';

/** A Gaussian spot on a cols × rows grid: smooth, so neighbouring cells share colours. */
function gaussian(cols: number, rows: number): number[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => Math.exp(-(((c - cols / 2) / (cols / 6)) ** 2) - ((r - rows / 2) / (rows / 6)) ** 2)));
}

const map = (over: Partial<HeatmapData> = {}): HeatmapData => ({
  title: 'TE0 |Ex|²',
  x_nm: [-1000, 1000],
  y_nm: [-500, 500],
  values: gaussian(40, 20),
  quantity: '|Ex|² (normalised)',
  scale: 'sequential',
  ...over,
});

describe('heatmapGeometry', () => {
  it('keeps the aspect ratio: a 2000 × 1000 nm map is drawn twice as wide as tall', () => {
    const g = heatmapGeometry(map());
    expect(g.plot.width / g.plot.height).toBeCloseTo(2, 6);
    expect(g.stretched).toBe(false);
    expect(g.unit).toBe('nm');
  });

  it('switches the axes to µm for maps spanning several micrometres, and stretches a hairline map', () => {
    const g = heatmapGeometry(map({ x_nm: [0, 20_000], y_nm: [0, 500] }));
    expect(g.unit).toBe('µm');
    expect(g.stretched).toBe(true);
    expect(g.plot.width / g.plot.height).toBeCloseTo(6, 2);
    expect(g.xTicks.map((t) => t.label)).toContain('10');
  });

  it('merges runs of one colour, and every cell lies inside the plot', () => {
    const g = heatmapGeometry(map());
    expect(g.cells.length).toBeGreaterThan(20);
    expect(g.cells.length).toBeLessThan(40 * 20);
    for (const c of g.cells) {
      expect(c.x).toBeGreaterThanOrEqual(g.plot.left - 0.01);
      expect(c.x + c.width).toBeLessThanOrEqual(g.plot.left + g.plot.width + 0.02);
      expect(c.y).toBeGreaterThanOrEqual(g.plot.top - 0.02);
    }
    // The cells of each row tile its full width: 20 rows × plot width.
    const covered = g.cells.reduce((s, c) => s + c.width, 0);
    expect(covered).toBeCloseTo(20 * g.plot.width, 0);
  });

  it('draws row 0 at the bottom (rows are y ascending)', () => {
    const values = [
      [0, 0],
      [1, 1],
    ];
    const g = heatmapGeometry(map({ values }));
    const bottomRow = g.cells.filter((c) => c.y >= g.plot.top + g.plot.height / 2 - 0.01);
    expect(bottomRow.map((c) => c.fill)).toEqual([levelColor(0, 'sequential')]);
  });

  it('leaves NaN cells undrawn (the no-data background shows)', () => {
    const g = heatmapGeometry(map({ values: [[1, NaN, 2]] }));
    expect(g.cells).toHaveLength(2);
  });

  it('has a colour bar with one step per level and ticks inside the value range', () => {
    const g = heatmapGeometry(map());
    expect(g.colorBar.steps).toHaveLength(COLOR_LEVELS);
    expect(g.colorBar.ticks.length).toBeGreaterThan(1);
    expect(g.domain[1]).toBeCloseTo(1, 2);
  });
});

describe('colour scales', () => {
  it('a diverging map is centred on zero, so 0 is the middle colour', () => {
    expect(colorDomain([[-0.2, 0.5]], 'diverging')).toEqual([-0.5, 0.5]);
    expect(levelOf(0, [-0.5, 0.5])).toBe(Math.round((COLOR_LEVELS - 1) / 2));
    // RdBu runs red → blue; reversed, negative values are blue and positive red.
    expect(levelColor(0, 'diverging')).toMatch(/rgb\(\d+, \d+, \d+\)/);
    const [r0, , b0] = (levelColor(0, 'diverging').match(/\d+/g) ?? []).map(Number);
    expect(b0 ?? 0).toBeGreaterThan(r0 ?? 0);
  });

  it('a constant map still gets a usable range', () => {
    const [lo, hi] = colorDomain([[3, 3]], 'sequential');
    expect(lo).toBeLessThan(3);
    expect(hi).toBeGreaterThan(3);
  });
});

describe('decimate', () => {
  it('keeps maps at most 200 × 200', () => {
    const big = gaussian(450, 401);
    const d = decimate(big);
    expect(d.length).toBeLessThanOrEqual(200);
    expect(d[0]?.length).toBeLessThanOrEqual(200);
    expect(decimate(gaussian(10, 10))).toEqual(gaussian(10, 10));
  });
});
