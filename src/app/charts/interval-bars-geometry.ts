/**
 * Geometry of horizontal bars with 95 % interval whiskers, in groups: a leaderboard is one bar per
 * group (a run), the error-family plot (the paper's Fig. 3) one group per family with a bar per run.
 * Pure: scales and rectangles are computed here and tested; IntervalBarChart.tsx only draws them.
 */
import { scaleLinear } from 'd3';
import { formatMetric } from '../format.ts';
import { px } from './chart-style.ts';

export interface IntervalBar {
  /** Series name (a run), for the colour and the legend. */
  series: string;
  value: number | null;
  low: number | null;
  high: number | null;
}

export interface IntervalGroup {
  label: string;
  bars: readonly IntervalBar[];
}

export interface IntervalBarsInput {
  groups: readonly IntervalGroup[];
  /** Fixed value axis (e.g. [0, 1] for rates); otherwise the data and 0, rounded outward. */
  domain?: readonly [number, number];
  width?: number;
  barHeight?: number;
}

export interface BarShape {
  group: string;
  series: string;
  seriesIndex: number;
  /** Rectangle from the zero line to the value (absent for a missing value). */
  rect: { x: number; y: number; width: number; height: number } | null;
  whisker: { x1: number; x2: number; y: number } | null;
  /** Where the value text goes, and the text ("0.750 [0.301, 0.954]", or "—"). */
  text: { x: number; y: number; value: string };
}

export interface Tick {
  value: number;
  x: number;
  label: string;
}

export interface IntervalBarsGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  /** Baseline of the value-axis label, under the tick labels and above the legend. */
  axisLabelY: number;
  zeroX: number;
  ticks: Tick[];
  groupLabels: { label: string; y: number }[];
  bars: BarShape[];
  series: string[];
  /** Legend entries under the axis label, one row each; empty when every group has a single bar. */
  legend: { series: string; seriesIndex: number; x: number; y: number }[];
}

export const BAR_MARGIN = { top: 34, right: 150, bottom: 44, left: 170 };
const GROUP_GAP = 8;
const LEGEND_ROW = 16;

export function intervalBarsGeometry({ groups, domain, width = 720, barHeight = 16 }: IntervalBarsInput): IntervalBarsGeometry {
  const series: string[] = [];
  for (const g of groups) for (const b of g.bars) if (!series.includes(b.series)) series.push(b.series);
  const values = groups.flatMap((g) => g.bars.flatMap((b) => [b.value, b.low, b.high])).filter((v): v is number => v !== null && Number.isFinite(v));
  const lo = domain ? domain[0] : Math.min(0, ...values);
  const hi = domain ? domain[1] : Math.max(0, ...values, lo === 0 ? 1e-9 : 0);
  const left = BAR_MARGIN.left;
  const right = width - BAR_MARGIN.right;
  const x = scaleLinear().domain([lo, hi === lo ? lo + 1 : hi]).range([left, right]);
  if (!domain) x.nice();
  const clampX = (v: number): number => px(x(Math.min(x.domain()[1] as number, Math.max(x.domain()[0] as number, v))));

  const bars: BarShape[] = [];
  const groupLabels: { label: string; y: number }[] = [];
  let y = BAR_MARGIN.top;
  for (const g of groups) {
    const top = y;
    for (const b of g.bars) {
      const mid = y + barHeight / 2;
      const zero = clampX(0);
      const rect = b.value === null ? null : { x: Math.min(zero, clampX(b.value)), y: px(y + 2), width: px(Math.abs(clampX(b.value) - zero)), height: barHeight - 4 };
      const whisker = b.low !== null && b.high !== null ? { x1: clampX(b.low), x2: clampX(b.high), y: px(mid) } : null;
      const value = b.value === null ? '—' : b.low !== null && b.high !== null ? `${formatMetric(b.value)} [${formatMetric(b.low)}, ${formatMetric(b.high)}]` : formatMetric(b.value);
      bars.push({ group: g.label, series: b.series, seriesIndex: series.indexOf(b.series), rect, whisker, text: { x: right + 6, y: px(mid), value } });
      y += barHeight;
    }
    groupLabels.push({ label: g.label, y: px((top + y) / 2) });
    y += GROUP_GAP;
  }
  const bottom = y - GROUP_GAP + 4;
  const ticks = x.ticks(5).map((t) => ({ value: t, x: px(x(t)), label: x.tickFormat(5)(t) }));
  const axisEnd = bottom + BAR_MARGIN.bottom;
  const legend = groups.some((gr) => gr.bars.length > 1) ? series.map((name, i) => ({ series: name, seriesIndex: i, x: left, y: axisEnd + 4 + i * LEGEND_ROW })) : [];
  return {
    width,
    height: axisEnd + (legend.length > 0 ? legend.length * LEGEND_ROW + 8 : 0),
    plot: { left, right, top: BAR_MARGIN.top, bottom },
    axisLabelY: bottom + BAR_MARGIN.bottom - 12,
    zeroX: clampX(0),
    ticks,
    groupLabels,
    bars,
    series,
    legend,
  };
}
