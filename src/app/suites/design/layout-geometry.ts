/**
 * Geometry of a design's layout drawing: the shapes the evaluator rebuilt (µm, y up) mapped to SVG
 * pixels (y down), one colour per layer in order of first appearance, µm ticks, and the failed
 * gates that say where they fail (`at`) as boxes. The scale keeps 1 µm across = 1 µm up unless the
 * layout is more than MAX_ASPECT times longer than high (a 100 µm MMI on a 6 µm die), when the
 * short side is stretched so the drawing is not a hairline. Pure and tested; LayoutDrawing.tsx draws.
 */
import { scaleLinear } from 'd3';
import { SERIES_COLORS } from '../../charts/LineChart.tsx';
import { px } from '../../charts/chart-style.ts';
import type { DesignShape } from '../../../core/design/source-api.ts';

export interface GateBox {
  id: string;
  x: readonly [number, number];
  y: readonly [number, number];
}

export interface LayoutTick {
  at: number;
  label: string;
}

export interface LayoutGeometry {
  width: number;
  height: number;
  plot: { left: number; top: number; width: number; height: number };
  layers: { name: string; color: string }[];
  /** SVG path data per shape (rectangles too, so rects and polygons draw alike). */
  shapes: { layer: string; color: string; d: string }[];
  markers: { id: string; x: number; y: number; width: number; height: number }[];
  xTicks: LayoutTick[];
  yTicks: LayoutTick[];
  stretched: boolean;
}

const MARGIN = { top: 44, right: 16, bottom: 44, left: 52 };
const MAX_ASPECT = 6;
/** Room around the drawn extent, as a share of its larger side. */
const PAD = 0.06;

type Extent = [number, number];

function extentOf(shapes: readonly DesignShape[], boxes: readonly GateBox[]): { x: Extent; y: Extent } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const s of shapes) {
    if (s.type === 'rect') {
      xs.push(...s.x);
      ys.push(...s.y);
    } else {
      for (const [x, y] of s.points) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  for (const b of boxes) {
    xs.push(...b.x);
    ys.push(...b.y);
  }
  if (xs.length === 0) return { x: [0, 1], y: [0, 1] };
  return { x: [Math.min(...xs), Math.max(...xs)], y: [Math.min(...ys), Math.max(...ys)] };
}

function padded([a, b]: Extent, pad: number): Extent {
  return [a - pad, b + pad];
}

export function layoutGeometry(shapes: readonly DesignShape[], boxes: readonly GateBox[], width = 640): LayoutGeometry {
  const ext = extentOf(shapes, boxes);
  const span = Math.max(ext.x[1] - ext.x[0], ext.y[1] - ext.y[0], 1e-6);
  let xd = padded(ext.x, span * PAD);
  let yd = padded(ext.y, span * PAD);
  const plotWidth = width - MARGIN.left - MARGIN.right;
  let dx = xd[1] - xd[0];
  let dy = yd[1] - yd[0];
  let stretched = false;
  // Keep the drawing between MAX_ASPECT:1 and 1:1.2 (a tall layout is widened around its centre, not drawn as a sliver).
  if (dx / dy > MAX_ASPECT) {
    stretched = true;
    dy = dx / MAX_ASPECT;
  } else if (dy / dx > 1.2) {
    const c = (xd[0] + xd[1]) / 2;
    dx = dy / 1.2;
    xd = [c - dx / 2, c + dx / 2];
  }
  if (stretched) {
    const c = (yd[0] + yd[1]) / 2;
    yd = [c - dy / 2, c + dy / 2];
  }
  const plotHeight = Math.round((plotWidth * dy) / dx);
  const x = scaleLinear().domain(xd).range([MARGIN.left, MARGIN.left + plotWidth]);
  const y = scaleLinear().domain(yd).range([MARGIN.top + plotHeight, MARGIN.top]);
  const layerNames: string[] = [];
  for (const s of shapes) if (!layerNames.includes(s.layer)) layerNames.push(s.layer);
  const colorOf = (layer: string): string => SERIES_COLORS[layerNames.indexOf(layer) % SERIES_COLORS.length] as string;
  const pathOf = (s: DesignShape): string => {
    const pts: [number, number][] = s.type === 'rect' ? [[s.x[0], s.y[0]], [s.x[1], s.y[0]], [s.x[1], s.y[1]], [s.x[0], s.y[1]]] : s.points;
    return `${pts.map(([a, b], i) => `${i === 0 ? 'M' : 'L'}${px(x(a))},${px(y(b))}`).join('')}Z`;
  };
  const fmt = (s: ReturnType<typeof scaleLinear<number>>, n: number) => s.tickFormat(n);
  const xFmt = fmt(x, 6);
  const yFmt = fmt(y, 5);
  return {
    width,
    height: MARGIN.top + plotHeight + MARGIN.bottom,
    plot: { left: MARGIN.left, top: MARGIN.top, width: plotWidth, height: plotHeight },
    layers: layerNames.map((name) => ({ name, color: colorOf(name) })),
    shapes: shapes.map((s) => ({ layer: s.layer, color: colorOf(s.layer), d: pathOf(s) })),
    markers: boxes.map((b) => ({ id: b.id, x: px(x(b.x[0])), y: px(y(b.y[1])), width: px(x(b.x[1]) - x(b.x[0])), height: px(y(b.y[0]) - y(b.y[1])) })),
    xTicks: x.ticks(6).map((t) => ({ at: px(x(t)), label: xFmt(t) })),
    yTicks: y.ticks(5).map((t) => ({ at: px(y(t)), label: yFmt(t) })),
    stretched,
  };
}
