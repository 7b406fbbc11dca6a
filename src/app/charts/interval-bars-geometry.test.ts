import { describe, expect, it } from 'vitest';
import { BAR_MARGIN, intervalBarsGeometry } from './interval-bars-geometry.ts';

describe('intervalBarsGeometry', () => {
  // width 720 → plot from BAR_MARGIN.left = 170 to 720 − 150 = 570: x(v) = 170 + 400 v on [0, 1].
  const g = intervalBarsGeometry({
    domain: [0, 1],
    width: 720,
    barHeight: 16,
    groups: [
      { label: 'reference', bars: [{ series: 'reference', value: 0.5, low: 0.25, high: 0.75 }] },
      { label: 'empty', bars: [{ series: 'empty', value: null, low: null, high: null }] },
    ],
  });

  it('places a bar from zero to the value with its whisker at the interval ends', () => {
    expect(g.plot).toEqual({ left: 170, right: 570, top: BAR_MARGIN.top, bottom: 78 });
    expect(g.bars[0]).toEqual({
      group: 'reference',
      series: 'reference',
      seriesIndex: 0,
      rect: { x: 170, y: 36, width: 200, height: 12 },
      whisker: { x1: 270, x2: 470, y: 42 },
      text: { x: 576, y: 42, value: '0.500 [0.250, 0.750]' },
    });
    expect(g.ticks.map((t) => [t.value, t.x])).toEqual([
      [0, 170],
      [0.2, 250],
      [0.4, 330],
      [0.6, 410],
      [0.8, 490],
      [1, 570],
    ]);
  });

  it('draws nothing for a missing value but keeps its row and label', () => {
    expect(g.bars[1]?.rect).toBeNull();
    expect(g.bars[1]?.whisker).toBeNull();
    expect(g.bars[1]?.text.value).toBe('—');
    // Second group starts after the first bar (16 px) and the group gap (8 px): 34 + 24 = 58, middle 66.
    expect(g.groupLabels).toEqual([
      { label: 'reference', y: 42 },
      { label: 'empty', y: 66 },
    ]);
    // Bottom: the last bar ends at 74, plus 4 px of air: 78.
    expect(g.height).toBe(78 + BAR_MARGIN.bottom);
  });

  it('draws negative values (τ) leftwards from the zero line', () => {
    const n = intervalBarsGeometry({ domain: [-1, 1], width: 720, groups: [{ label: 'r', bars: [{ series: 'r', value: -0.5, low: -1.5, high: 0 }] }] });
    // x(v) = 170 + 200 (v + 1): zero at 370, −0.5 at 270; the whisker's low end is clamped to the axis.
    expect(n.zeroX).toBe(370);
    expect(n.bars[0]?.rect).toMatchObject({ x: 270, width: 100 });
    expect(n.bars[0]?.whisker).toMatchObject({ x1: 170, x2: 370 });
  });

  it('groups bars of several series, one colour index per series', () => {
    const fam = intervalBarsGeometry({
      domain: [0, 1],
      groups: [
        { label: 'over-action', bars: [{ series: 'A', value: 0.9, low: null, high: null }, { series: 'B', value: 0.1, low: null, high: null }] },
        { label: 'over-refusal', bars: [{ series: 'B', value: 0.2, low: null, high: null }, { series: 'A', value: 0, low: null, high: null }] },
      ],
    });
    expect(fam.series).toEqual(['A', 'B']);
    expect(fam.bars.map((b) => b.seriesIndex)).toEqual([0, 1, 1, 0]);
    expect(fam.bars[0]?.text.value).toBe('0.900');
    // Legend rows under the axis label; the single-bar leaderboard above has none.
    expect(fam.legend.map((l) => l.series)).toEqual(['A', 'B']);
    expect(fam.height).toBe((fam.legend[1]?.y ?? 0) + 16 + 4);
    expect(g.legend).toEqual([]);
    // The axis label sits above the first legend row.
    expect(fam.axisLabelY).toBeLessThan((fam.legend[0]?.y ?? 0) - 8);
  });
});
