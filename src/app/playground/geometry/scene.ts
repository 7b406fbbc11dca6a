/**
 * A geometry preview as plain data: shapes in world coordinates (y up, one unit such as nm, µm or
 * the lattice constant a), a legend of materials, and arrows for incidence and polarisation. Each
 * kind has a pure builder (problem → scene) tested without a browser; GeometrySvg.tsx draws any
 * scene, fitted to its box.
 */
export type Point = readonly [number, number];

interface Styled {
  /** Index into the scene's legend: which material fills it; −1 = outline only. */
  material: number;
  /** Drawn dashed and unfilled (a computational window, a unit-cell outline). */
  dashed?: boolean;
  /** Faded (periodic images of the unit cell's contents). */
  faded?: boolean;
}

export type Shape =
  | (Styled & { type: 'rect'; x: number; y: number; width: number; height: number })
  | (Styled & { type: 'ellipse'; cx: number; cy: number; rx: number; ry: number })
  | (Styled & { type: 'polygon'; points: readonly Point[] });

export interface Arrow {
  from: Point;
  to: Point;
  label: string;
  /** 'incidence' arrows are drawn bold; 'field' (polarisation) arrows and 'axis' (lattice vectors) thinner. */
  role: 'incidence' | 'field' | 'axis';
}

/** A direction out of the drawing plane, drawn as ⊙ (towards the viewer) or ⊗ (away). */
export interface OutOfPlane {
  at: Point;
  towards: boolean;
  label: string;
}

export interface SceneLabel {
  at: Point;
  text: string;
  anchor?: 'start' | 'middle' | 'end';
}

export interface LegendEntry {
  /** What the user wrote: "n = 1.5", "ε = 12", a library name. */
  label: string;
}

export interface GeometryScene {
  title: string;
  /** Axis unit as printed ("nm", "µm", "a"). */
  unit: string;
  xLabel: string;
  yLabel: string;
  bounds: { x: Point; y: Point };
  /** 'equal' keeps 1 unit across = 1 unit up; 'fit' stretches each axis (long devices, thin films). */
  aspect: 'equal' | 'fit';
  /** A scale bar instead of axis ticks, for drawings whose x coordinate is not one axis (side-by-side panels). */
  scaleBar?: boolean;
  shapes: Shape[];
  arrows: Arrow[];
  outOfPlane: OutOfPlane[];
  labels: SceneLabel[];
  legend: LegendEntry[];
  /** One sentence for screen readers and the figure caption. */
  description: string;
  /** Why a part is not drawn to scale or not drawn at all. */
  notes: string[];
}

/** A material's name as a legend shows it: literal indices as "n = 1.5" (+ ik when absorbing). */
export function materialLabel(spec: unknown): string {
  if (typeof spec === 'string') return spec;
  if (typeof spec === 'object' && spec !== null) {
    const m = spec as Record<string, unknown>;
    if (typeof m.n === 'number' && typeof m.k === 'number') return m.k === 0 ? `n = ${m.n}` : `n = ${m.n} + ${m.k}i`;
    if (typeof m.model === 'string') return `${m.model} model`;
  }
  return 'material';
}

/** Collects legend entries, one per distinct label, in order of first use. */
export class Legend {
  readonly entries: LegendEntry[] = [];
  index(label: string): number {
    const i = this.entries.findIndex((e) => e.label === label);
    if (i >= 0) return i;
    this.entries.push({ label });
    return this.entries.length - 1;
  }
}

/** The smallest box holding every point, padded by `pad` times its larger side. */
export function boundsOf(points: readonly Point[], pad = 0.05): { x: Point; y: Point } {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  if (!(x0 <= x1) || !(y0 <= y1)) return { x: [0, 1], y: [0, 1] };
  const p = Math.max(x1 - x0, y1 - y0, 1e-9) * pad;
  return { x: [x0 - p, x1 + p], y: [y0 - p, y1 + p] };
}

/** Corner points of a shape (ellipses by their bounding box), for bounds. */
export function shapePoints(s: Shape): Point[] {
  if (s.type === 'rect') return [[s.x, s.y], [s.x + s.width, s.y + s.height]];
  if (s.type === 'ellipse') return [[s.cx - s.rx, s.cy - s.ry], [s.cx + s.rx, s.cy + s.ry]];
  return [...s.points];
}
