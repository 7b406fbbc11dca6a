/**
 * A geometry scene laid out in SVG pixels: world coordinates (y up) mapped into a plot box that
 * keeps the aspect ratio ('equal') or fills it ('fit'), axis ticks, arrowheads, and a legend under
 * the plot. Pure, so the preview's geometry is tested without a browser; GeometrySvg.tsx draws it.
 */
import { scaleLinear } from 'd3';
import { px } from '../../charts/chart-style.ts';
import type { GeometryScene, Point } from './scene.ts';

export const GEOMETRY_BOX = { width: 420, height: 260 };
const MARGIN = { top: 30, right: 16, bottom: 40, left: 60 };
const LEGEND_ROW = 18;
/** Rough legend text width (12 px system font), as LineChart estimates it. */
const CHAR_WIDTH = 6.6;
/** A 'fit' scene is drawn this tall, so a long device is a readable strip rather than a full box. */
const FIT_HEIGHT = 170;

export type LaidShape =
  | { type: 'rect'; x: number; y: number; width: number; height: number; material: number; dashed: boolean; faded: boolean }
  | { type: 'ellipse'; cx: number; cy: number; rx: number; ry: number; material: number; dashed: boolean; faded: boolean }
  | { type: 'polygon'; points: string; material: number; dashed: boolean; faded: boolean };

export interface LaidArrow {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  head: string;
  label: string;
  labelX: number;
  labelY: number;
  role: 'incidence' | 'field' | 'axis';
}

export interface SceneLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; width: number; height: number };
  shapes: LaidShape[];
  arrows: LaidArrow[];
  outOfPlane: { x: number; y: number; towards: boolean; label: string }[];
  labels: { x: number; y: number; text: string; anchor: 'start' | 'middle' | 'end' }[];
  xTicks: { at: number; label: string }[];
  yTicks: { at: number; label: string }[];
  legend: { x: number; y: number; label: string; material: number }[];
  /** With scene.scaleBar: a bar of a round length in the plot's lower-right corner. */
  scaleBar: { x1: number; x2: number; y: number; label: string } | null;
}

const HEAD = 7;

function arrowHead(x1: number, y1: number, x2: number, y2: number): string {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const bx = x2 - ux * HEAD;
  const by = y2 - uy * HEAD;
  const pts: Point[] = [
    [x2, y2],
    [bx - uy * HEAD * 0.45, by + ux * HEAD * 0.45],
    [bx + uy * HEAD * 0.45, by - ux * HEAD * 0.45],
  ];
  return pts.map(([x, y]) => `${px(x)},${px(y)}`).join(' ');
}

export function layoutScene(scene: GeometryScene, box = GEOMETRY_BOX): SceneLayout {
  const spanX = scene.bounds.x[1] - scene.bounds.x[0] || 1;
  const spanY = scene.bounds.y[1] - scene.bounds.y[0] || 1;
  let plotW = box.width;
  let plotH = Math.min(box.height, FIT_HEIGHT);
  if (scene.aspect === 'equal') {
    const k = Math.min(box.width / spanX, box.height / spanY);
    plotW = spanX * k;
    plotH = spanY * k;
  }
  const plot = { left: MARGIN.left, top: MARGIN.top, width: px(plotW), height: px(plotH) };
  const sx = scaleLinear().domain(scene.bounds.x).range([plot.left, plot.left + plot.width]);
  const sy = scaleLinear().domain(scene.bounds.y).range([plot.top + plot.height, plot.top]);
  const X = (x: number) => px(sx(x));
  const Y = (y: number) => px(sy(y));
  const kx = plot.width / spanX;
  const ky = plot.height / spanY;

  const shapes: LaidShape[] = scene.shapes.map((s) => {
    const style = { material: s.material, dashed: s.dashed ?? false, faded: s.faded ?? false };
    if (s.type === 'rect') return { type: 'rect', x: X(s.x), y: Y(s.y + s.height), width: px(s.width * kx), height: px(s.height * ky), ...style };
    if (s.type === 'ellipse') return { type: 'ellipse', cx: X(s.cx), cy: Y(s.cy), rx: px(s.rx * kx), ry: px(s.ry * ky), ...style };
    return { type: 'polygon', points: s.points.map(([x, y]) => `${X(x)},${Y(y)}`).join(' '), ...style };
  });

  const arrows: LaidArrow[] = scene.arrows.map((a) => {
    const [x1, y1, x2, y2] = [X(a.from[0]), Y(a.from[1]), X(a.to[0]), Y(a.to[1])];
    // The label sits beside the arrow's middle, on its left-hand side as drawn.
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const nx = (y2 - y1) / len;
    const ny = -(x2 - x1) / len;
    return { x1, y1, x2, y2, head: arrowHead(x1, y1, x2, y2), label: a.label, labelX: px((x1 + x2) / 2 + nx * 10), labelY: px((y1 + y2) / 2 + ny * 10), role: a.role };
  });

  const tickCount = (len: number) => Math.max(2, Math.round(len / 80));
  const xTicks = scene.scaleBar ? [] : sx.ticks(tickCount(plot.width)).map((t) => ({ at: px(sx(t)), label: sx.tickFormat(tickCount(plot.width))(t) }));
  const yTicks = scene.scaleBar ? [] : sy.ticks(tickCount(plot.height)).map((t) => ({ at: px(sy(t)), label: sy.tickFormat(tickCount(plot.height))(t) }));
  let scaleBar: SceneLayout['scaleBar'] = null;
  if (scene.scaleBar) {
    // The largest 1-2-5 length up to a fifth of the drawing's width.
    const target = spanX / 5;
    const decade = 10 ** Math.floor(Math.log10(target));
    const length = [5, 2, 1].map((f) => f * decade).find((l) => l <= target) ?? decade;
    const x2 = plot.left + plot.width - 10;
    scaleBar = { x1: px(x2 - length * kx), x2: px(x2), y: px(plot.top + plot.height - 10), label: `${length} ${scene.unit}` };
  }

  // Legend: swatch + label, wrapping across the width under the x axis label.
  const width = Math.ceil(Math.max(plot.left + plot.width + MARGIN.right, 300));
  const legend: SceneLayout['legend'] = [];
  let lx = plot.left;
  let row = 0;
  const legendTop = plot.top + plot.height + MARGIN.bottom + 6;
  scene.legend.forEach((entry, material) => {
    const w = 22 + entry.label.length * CHAR_WIDTH + 14;
    if (lx + w > width && lx > plot.left) {
      row++;
      lx = plot.left;
    }
    legend.push({ x: px(lx), y: legendTop + row * LEGEND_ROW, label: entry.label, material });
    lx += w;
  });
  const legendRows = scene.legend.length > 0 ? row + 1 : 0;
  return {
    width,
    height: Math.ceil(legendTop + legendRows * LEGEND_ROW),
    plot,
    shapes,
    arrows,
    outOfPlane: scene.outOfPlane.map((o) => ({ x: X(o.at[0]), y: Y(o.at[1]), towards: o.towards, label: o.label })),
    labels: scene.labels.map((l) => ({ x: X(l.at[0]), y: Y(l.at[1]), text: l.text, anchor: l.anchor ?? 'start' })),
    xTicks,
    yTicks,
    legend,
    scaleBar,
  };
}
