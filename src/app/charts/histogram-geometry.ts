/**
 * Histograms of per-task scores, one or more series (runs) side by side in each bin. Binning and
 * geometry are pure and tested; Histogram.tsx only draws. Bins are equal-width over a fixed domain,
 * closed on the left, the last bin also closed on the right, so a score of exactly 1 (a perfect
 * task) lands in the top bin rather than falling off the edge.
 */
import { max, scaleLinear } from 'd3';
import { px } from './chart-style.ts';

export interface Bin {
  x0: number;
  x1: number;
  count: number;
}

/** Counts of `values` in `bins` equal bins over [lo, hi]; values outside the domain are clamped into the end bins. */
export function binScores(values: readonly number[], domain: readonly [number, number], bins: number): Bin[] {
  const [lo, hi] = domain;
  const w = (hi - lo) / bins;
  const out: Bin[] = Array.from({ length: bins }, (_, i) => ({ x0: lo + i * w, x1: i === bins - 1 ? hi : lo + (i + 1) * w, count: 0 }));
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    const i = Math.min(bins - 1, Math.max(0, Math.floor((v - lo) / w)));
    (out[i] as Bin).count++;
  }
  return out;
}

export interface HistogramSeries {
  name: string;
  values: readonly number[];
}

export interface HistogramGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  xTicks: { value: number; x: number; label: string }[];
  yTicks: { value: number; y: number; label: string }[];
  rects: { series: string; seriesIndex: number; x: number; y: number; width: number; height: number; count: number; x0: number; x1: number }[];
  /** Legend entries in two columns under the title; empty for a single series. */
  legend: { series: string; seriesIndex: number; x: number; y: number }[];
}

const LEGEND_ROW = 15;

export const HIST_MARGIN = { top: 34, right: 16, bottom: 46, left: 52 };

export function histogramGeometry(series: readonly HistogramSeries[], domain: readonly [number, number], bins = 10, width = 460, height = 240): HistogramGeometry {
  const binned = series.map((s) => binScores(s.values, domain, bins));
  const legendRows = series.length > 1 ? Math.ceil(series.length / 2) : 0;
  const top = HIST_MARGIN.top + legendRows * LEGEND_ROW;
  const plot = { left: HIST_MARGIN.left, right: width - HIST_MARGIN.right, top, bottom: height - HIST_MARGIN.bottom };
  const half = (plot.right - plot.left) / 2;
  const legend =
    legendRows === 0
      ? []
      : series.map((s, i) => ({ series: s.name, seriesIndex: i, x: px(plot.left + (i % 2) * half), y: HIST_MARGIN.top - 4 + Math.floor(i / 2) * LEGEND_ROW }));
  const x = scaleLinear().domain([domain[0], domain[1]]).range([plot.left, plot.right]);
  const maxCount = max(binned.flat(), (b) => b.count) ?? 0;
  const y = scaleLinear().domain([0, Math.max(1, maxCount)]).range([plot.bottom, plot.top]).nice();
  const k = Math.max(1, series.length);
  const rects = binned.flatMap((bs, si) =>
    bs.map((b) => {
      const slot = (x(b.x1) - x(b.x0) - 2) / k;
      return {
        series: (series[si] as HistogramSeries).name,
        seriesIndex: si,
        x: px(x(b.x0) + 1 + si * slot),
        y: px(y(b.count)),
        width: px(Math.max(0, slot)),
        height: px(plot.bottom - y(b.count)),
        count: b.count,
        x0: b.x0,
        x1: b.x1,
      };
    }),
  );
  return {
    width,
    height,
    plot,
    xTicks: x.ticks(5).map((t) => ({ value: t, x: px(x(t)), label: x.tickFormat(5)(t) })),
    // Counts are whole tasks: integer ticks only.
    yTicks: y
      .ticks(Math.min(5, Math.max(1, maxCount)))
      .filter(Number.isInteger)
      .map((t) => ({ value: t, y: px(y(t)), label: String(t) })),
    rects,
    legend,
  };
}
