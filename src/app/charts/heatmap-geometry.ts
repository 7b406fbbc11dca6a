/**
 * Geometry of a 2-D map (a mode's field, a design density) drawn as a heatmap: the plot keeps the
 * map's aspect ratio (1 nm across = 1 nm up), axes are in nm or µm, and a colour bar shows the
 * scale. Pure and tested; Heatmap.tsx only draws. Cells are quantised to COLOR_LEVELS colours and
 * neighbours of one colour in a row are merged into one rectangle, so a smooth 200 × 200 field is
 * a few thousand SVG rectangles rather than 40,000 (and the exported SVG stays small).
 */
import { interpolateRdBu, interpolateViridis, scaleLinear } from 'd3';
import { px } from './chart-style.ts';

export type HeatmapScale = 'sequential' | 'diverging';

export interface HeatmapData {
  title: string;
  x_nm: readonly [number, number];
  y_nm: readonly [number, number];
  /** Rows are y ascending (row 0 at the bottom), columns x ascending; NaN marks no data. */
  values: readonly (readonly number[])[];
  quantity: string;
  scale: HeatmapScale;
}

export interface HeatmapCell {
  x: number;
  y: number;
  width: number;
  height: number;
  fill: string;
}

export interface HeatmapTick {
  at: number;
  label: string;
}

export interface HeatmapGeometry {
  width: number;
  height: number;
  plot: { left: number; top: number; width: number; height: number };
  unit: 'nm' | 'µm';
  rows: number;
  cols: number;
  cells: HeatmapCell[];
  xTicks: HeatmapTick[];
  yTicks: HeatmapTick[];
  domain: [number, number];
  colorBar: { x: number; width: number; steps: HeatmapCell[]; ticks: HeatmapTick[] };
  /** True when one side was stretched to stay readable (a map more than MAX_ASPECT times longer than wide). */
  stretched: boolean;
}

/** The contract caps maps at 200 × 200; a bigger one is decimated to this many rows and columns. */
export const MAX_MAP_CELLS_PER_AXIS = 200;
/** Colours a value can take; 64 steps are finer than the eye separates on a smooth field. */
export const COLOR_LEVELS = 64;
/** Beyond this aspect ratio the short side is stretched, or the map would be a hairline. */
const MAX_ASPECT = 6;
const MARGIN = { top: 44, right: 60, bottom: 44, left: 60 };
const BAR_GAP = 14;
const BAR_WIDTH = 14;
/** A data-less cell (NaN) shows the background through. */
export const NO_DATA_FILL = '#d0d4da';

/** Every `stride`-th row and column, so no side exceeds `max` cells. */
export function decimate(values: readonly (readonly number[])[], max = MAX_MAP_CELLS_PER_AXIS): number[][] {
  const cols = values.reduce((m, r) => Math.max(m, r.length), 0);
  const rowStride = Math.max(1, Math.ceil(values.length / max));
  const colStride = Math.max(1, Math.ceil(cols / max));
  const out: number[][] = [];
  for (let r = 0; r < values.length; r += rowStride) {
    const row = values[r] ?? [];
    const picked: number[] = [];
    for (let c = 0; c < cols; c += colStride) picked.push(row[c] ?? NaN);
    out.push(picked);
  }
  return out;
}

/** The value range the colours span: data min–max (sequential) or ±max|v| centred on zero (diverging). */
export function colorDomain(values: readonly (readonly number[])[], scale: HeatmapScale): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const row of values) {
    for (const v of row) {
      if (!Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (lo > hi) return scale === 'diverging' ? [-1, 1] : [0, 1];
  if (scale === 'diverging') {
    const m = Math.max(Math.abs(lo), Math.abs(hi)) || 1;
    return [-m, m];
  }
  if (lo === hi) return lo === 0 ? [0, 1] : [lo - Math.abs(lo) * 0.05, hi + Math.abs(hi) * 0.05];
  return [lo, hi];
}

/** Colour of quantised level `level` (0 … COLOR_LEVELS − 1); diverging runs blue (negative) to red (positive). */
export function levelColor(level: number, scale: HeatmapScale): string {
  const t = level / (COLOR_LEVELS - 1);
  return scale === 'diverging' ? interpolateRdBu(1 - t) : interpolateViridis(t);
}

/** The level of `v` in `domain`, or −1 for no data. */
export function levelOf(v: number, domain: readonly [number, number]): number {
  if (!Number.isFinite(v)) return -1;
  const t = (v - domain[0]) / (domain[1] - domain[0]);
  return Math.min(COLOR_LEVELS - 1, Math.max(0, Math.round(t * (COLOR_LEVELS - 1))));
}

/** Plot size in px that keeps 1 nm across equal to 1 nm up inside a `box`, unless the map is extremely elongated. */
function plotSize(spanX: number, spanY: number, box: { width: number; height: number }): { width: number; height: number; stretched: boolean } {
  const sx = spanX > 0 ? spanX : 1;
  const sy = spanY > 0 ? spanY : 1;
  const aspect = Math.min(MAX_ASPECT, Math.max(1 / MAX_ASPECT, sx / sy));
  const stretched = aspect !== sx / sy;
  const k = Math.min(box.width / aspect, box.height);
  return { width: aspect * k, height: k, stretched };
}

export function heatmapGeometry(data: HeatmapData, box = { width: 380, height: 300 }): HeatmapGeometry {
  const values = decimate(data.values);
  const rows = values.length;
  const cols = values.reduce((m, r) => Math.max(m, r.length), 0);
  const [x0, x1] = data.x_nm;
  const [y0, y1] = data.y_nm;
  // Micrometres read better once the map spans several µm.
  const unit = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) >= 5000 ? 'µm' : 'nm';
  const toUnit = unit === 'µm' ? (v: number) => v / 1000 : (v: number) => v;
  const size = plotSize(x1 - x0, y1 - y0, box);
  const plot = { left: MARGIN.left, top: MARGIN.top, width: px(size.width), height: px(size.height) };
  const bottom = plot.top + plot.height;
  const domain = colorDomain(values, data.scale);

  const cw = plot.width / Math.max(1, cols);
  const ch = plot.height / Math.max(1, rows);
  const cells: HeatmapCell[] = [];
  values.forEach((row, r) => {
    // Row 0 is the lowest y, drawn at the bottom of the plot.
    const y = px(bottom - (r + 1) * ch);
    let start = 0;
    for (let c = 1; c <= cols; c++) {
      const level = levelOf(row[start] ?? NaN, domain);
      if (c < cols && levelOf(row[c] ?? NaN, domain) === level) continue;
      if (level >= 0) cells.push({ x: px(plot.left + start * cw), y, width: px((c - start) * cw), height: px(ch), fill: levelColor(level, data.scale) });
      start = c;
    }
  });

  const xs = scaleLinear().domain([toUnit(x0), toUnit(x1)]).range([plot.left, plot.left + plot.width]);
  const ys = scaleLinear().domain([toUnit(y0), toUnit(y1)]).range([bottom, plot.top]);
  const tickCount = (len: number) => Math.max(2, Math.round(len / 70));
  const xTicks = xs.ticks(tickCount(plot.width)).map((t) => ({ at: px(xs(t)), label: xs.tickFormat(tickCount(plot.width))(t) }));
  const yTicks = ys.ticks(tickCount(plot.height)).map((t) => ({ at: px(ys(t)), label: ys.tickFormat(tickCount(plot.height))(t) }));

  const barX = plot.left + plot.width + BAR_GAP;
  const stepH = plot.height / COLOR_LEVELS;
  const steps = Array.from({ length: COLOR_LEVELS }, (_, i) => ({
    x: px(barX),
    // A hair of overlap between steps avoids anti-aliasing seams in the bar.
    y: px(bottom - (i + 1) * stepH),
    width: BAR_WIDTH,
    height: px(stepH + 0.5),
    fill: levelColor(i, data.scale),
  }));
  const cs = scaleLinear().domain(domain).range([bottom, plot.top]);
  const barTicks = cs.ticks(5).map((t) => ({ at: px(cs(t)), label: cs.tickFormat(5)(t) }));

  return {
    width: Math.ceil(barX + BAR_WIDTH + MARGIN.right),
    height: Math.ceil(bottom + MARGIN.bottom),
    plot,
    unit,
    rows,
    cols,
    cells,
    xTicks,
    yTicks,
    domain,
    colorBar: { x: px(barX), width: BAR_WIDTH, steps, ticks: barTicks },
    stretched: size.stretched,
  };
}
