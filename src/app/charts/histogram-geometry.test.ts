import { describe, expect, it } from 'vitest';
import { binScores, histogramGeometry } from './histogram-geometry.ts';

describe('binScores', () => {
  it('counts into equal bins, a score of exactly 1 in the top bin, out-of-range values clamped', () => {
    const bins = binScores([0, 0.05, 0.1, 0.95, 1, 1.2, -0.1], [0, 1], 10);
    expect(bins.map((b) => b.count)).toEqual([3, 1, 0, 0, 0, 0, 0, 0, 0, 3]);
    expect(bins[9]).toMatchObject({ x1: 1 });
    expect(bins.reduce((s, b) => s + b.count, 0)).toBe(7);
  });

  it('bins τ over [−1, 1]', () => {
    expect(binScores([-1, -0.2, 0.3, 1], [-1, 1], 4).map((b) => b.count)).toEqual([1, 1, 1, 1]);
  });
});

describe('histogramGeometry', () => {
  it('sizes bars by count on a shared count axis', () => {
    // width 460, height 240 → plot x 52…444, y 194 (bottom) … 34 (top); two bins of width 196 px.
    const g = histogramGeometry([{ name: 'run', values: [0, 0, 1] }], [0, 1], 2, 460, 240);
    expect(g.plot).toEqual({ left: 52, right: 444, top: 34, bottom: 194 });
    expect(g.rects.map((r) => [r.x, r.y, r.width, r.height, r.count])).toEqual([
      [53, 34, 194, 160, 2],
      [249, 114, 194, 80, 1],
    ]);
    expect(g.yTicks.map((t) => t.value)).toEqual([0, 1, 2]);
    expect(g.legend).toEqual([]);
  });

  it('puts the series of a bin side by side', () => {
    const g = histogramGeometry(
      [
        { name: 'A', values: [0] },
        { name: 'B', values: [0] },
      ],
      [0, 1],
      2,
      460,
      240,
    );
    const [a, b] = g.rects.filter((r) => r.x0 === 0);
    expect(a?.width).toBe(97);
    expect(b?.x).toBe((a?.x ?? 0) + 97);
    // Legend: two columns under the title, each half of the 392 px plot.
    expect(g.legend.map((l) => [l.series, l.x, l.y])).toEqual([
      ['A', 52, 30],
      ['B', 248, 30],
    ]);
  });
});
