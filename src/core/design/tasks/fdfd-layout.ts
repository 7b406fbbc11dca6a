/**
 * The layout evaluator shared by the FDFD design tasks (fdfd-devices.ts): a design's core polygons
 * in a fixed design window, with fixed port waveguides running from the window's edges out through
 * the PML, become a 2-D permittivity grid (effective-index 2-D, TE / Ez, the same indices and
 * wavelength as fdfd/straight-guide.fixture.ts), and one FDFD solve gives the power in every guided
 * mode of every port.
 *
 * Rasterisation is area-weighted: each cell takes ε = ε_clad + f·(ε_core − ε_clad) with f the share
 * of its area under the union of the shapes (for Ez every interface is tangential to E, so the
 * arithmetic average is the right effective permittivity). f comes from scanlines split at every
 * vertex height, so rectangles are exact and slanted edges are sampled 8 times per cell row: J then
 * moves smoothly with the geometry and converges when the numerical gate halves the cell.
 *
 * Normalisation needs no second solve: a unit sheet source of mode e in a uniform guide launches
 * amplitude A = h / (2i·sin β̃h) each way (the projected 1-D stencil: a_{s±1} = A·e^{iβ̃h}), so the
 * launched power is h / (4·sin β̃h) in modePower's units. The reflection is what the input monitor
 * sees minus that incident wave.
 *
 * The design rules (minimum width and gap, shapes inside the window, ports touching the core) are
 * measured on a fixed 10 nm raster of the geometry, independent of the solver's grid.
 */
import { pmlSigmaMax, type FdfdGrid } from '../../photonics/fdfd/grid.ts';
import { addModeSource, modeAmplitude, modePower, portModes, type PortLine, type PortMode } from '../../photonics/fdfd/ports.ts';
import { factorSystem, relativeResidual, solveSystem } from '../../photonics/fdfd/simulate.ts';
import type { SymmetricEliminator } from '../../photonics/fdfd/symmetric-banded.ts';
import type { DesignShape } from '../source-api.ts';
import type { Gate } from '../task.ts';
import { formatNumber } from './read.ts';

export type Box = { x: [number, number]; y: [number, number] };
export type Polygon = readonly (readonly [number, number])[];
export type Side = 'west' | 'east' | 'north' | 'south';

/** Effective 2-D indices of a 220 nm Si slab (TE) and its SiO₂ cladding at 1550 nm, as in fdfd/straight-guide.fixture.ts. */
export const CORE_INDEX = 2.85;
export const CLAD_INDEX = 1.44;
export const WAVELENGTH_UM = 1.55;
/** Scored cell (refinement 1); the numerical gate halves it. */
export const CELL_UM = 0.04;
/** Cladding between the window and the PML on every side (the source and monitors sit here), and the PML. */
export const MARGIN_UM = 0.32;
export const PML_UM = 0.32;
/** Scanline samples per cell row on slanted edges. */
const SUBROWS = 8;

export interface PortSpec {
  readonly name: string;
  readonly side: Side;
  /** The port's guides (one, or several side by side whose supermodes are the port's modes): centre along the side and width, µm. */
  readonly guides: readonly { readonly centre: number; readonly width: number }[];
}

export interface LayoutSpec {
  readonly window: Box;
  readonly ports: readonly PortSpec[];
  /** The port whose TE0 is launched into the window. */
  readonly source: string;
}

export interface PortPower {
  /** Power in each guided mode of the port over the launched power (the source port: reflected power). */
  readonly modes: readonly { readonly order: number; readonly neff: number; readonly T: number }[];
}

export interface LayoutResult {
  readonly ports: Readonly<Record<string, PortPower>>;
  /** Σ over every port and guided mode: ≤ 1 for a passive device, up to discretisation. */
  readonly total: number;
  /** ‖A·E − b‖/‖b‖ of the solve: the health of the unpivoted LDLᵀ. */
  readonly residual: number;
  readonly grid: { nx: number; ny: number; h: number };
  /** |Ez| on the grid (row-major, nx per row), for a map. */
  readonly field: Float64Array;
  readonly x0: number;
  readonly y0: number;
}

export function rectPolygon(x: [number, number], y: [number, number]): Polygon {
  return [
    [x[0], y[0]],
    [x[1], y[0]],
    [x[1], y[1]],
    [x[0], y[1]],
  ];
}

export function shapePolygon(s: DesignShape): Polygon {
  return s.type === 'rect' ? rectPolygon(s.x, s.y) : s.points;
}

/** The port's guide stubs as rectangles from the window edge out to `reach` µm beyond it. */
export function portRects(spec: LayoutSpec, reach: number): Polygon[] {
  const w = spec.window;
  const out: Polygon[] = [];
  for (const p of spec.ports) {
    for (const g of p.guides) {
      const a: [number, number] = [g.centre - g.width / 2, g.centre + g.width / 2];
      if (p.side === 'west') out.push(rectPolygon([w.x[0] - reach, w.x[0]], a));
      else if (p.side === 'east') out.push(rectPolygon([w.x[1], w.x[1] + reach], a));
      else if (p.side === 'south') out.push(rectPolygon(a, [w.y[0] - reach, w.y[0]]));
      else out.push(rectPolygon(a, [w.y[1], w.y[1] + reach]));
    }
  }
  return out;
}

/** A polygon edge (x1, y1) → (x2, y2). */
type Edge = readonly [number, number, number, number];

function edgesOf(poly: Polygon): Edge[] {
  return poly.map(([x1, y1], k) => {
    const [x2, y2] = poly[(k + 1) % poly.length] as readonly [number, number];
    return [x1, y1, x2, y2] as const;
  });
}

/** x-intervals where the horizontal line at y crosses a polygon given by (a superset of its relevant) edges, even-odd. */
function crossEdges(edges: readonly Edge[], y: number, out: number[]): void {
  const xs: number[] = [];
  for (const [x1, y1, x2, y2] of edges) if (y1 <= y !== y2 <= y) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
  xs.sort((a, b) => a - b);
  for (let k = 0; k + 1 < xs.length; k += 2) out.push(xs[k] as number, xs[k + 1] as number);
}

function crossings(poly: Polygon, y: number, out: number[]): void {
  crossEdges(edgesOf(poly), y, out);
}

/** Union of [a, b] pairs (flat list), sorted and merged. */
function union(iv: number[]): number[] {
  const pairs: [number, number][] = [];
  for (let k = 0; k < iv.length; k += 2) pairs.push([iv[k] as number, iv[k + 1] as number]);
  pairs.sort((p, q) => p[0] - q[0]);
  const out: number[] = [];
  for (const [a, b] of pairs) {
    const n = out.length;
    if (n > 0 && a <= (out[n - 1] as number)) out[n - 1] = Math.max(out[n - 1] as number, b);
    else out.push(a, b);
  }
  return out;
}

/**
 * Share of each cell's area under the union of the polygons: cells [x0 + i·h, x0 + (i+1)·h] ×
 * [y0 + j·h, …], i < nx, j < ny; row-major (i + j·nx).
 */
export function coverage(polys: readonly Polygon[], x0: number, y0: number, nx: number, ny: number, h: number): Float64Array {
  const f = new Float64Array(nx * ny);
  // Each scanline only looks at the edges that reach its cell row: a many-point polygon stays cheap.
  const shapes = polys.map(edgesOf);
  const vertexY = [...new Set(polys.flatMap((p) => p.map(([, y]) => y)))].sort((a, b) => a - b);
  for (let j = 0; j < ny; j++) {
    const ya = y0 + j * h;
    const yb = ya + h;
    const live = shapes.map((es) => es.filter(([, y1, , y2]) => Math.max(y1, y2) >= ya && Math.min(y1, y2) <= yb)).filter((es) => es.length > 0);
    if (live.length === 0) continue;
    const cuts = [ya, ...vertexY.filter((v) => v > ya && v < yb), yb];
    for (let c = 0; c + 1 < cuts.length; c++) {
      const a = cuts[c] as number;
      const b = cuts[c + 1] as number;
      const n = Math.max(1, Math.ceil(((b - a) / h) * SUBROWS));
      const dy = (b - a) / n;
      for (let s = 0; s < n; s++) {
        const y = a + (s + 0.5) * dy;
        const iv: number[] = [];
        for (const es of live) crossEdges(es, y, iv);
        const u = union(iv);
        const w = dy / (h * h);
        for (let k = 0; k < u.length; k += 2) {
          const xa = Math.max(u[k] as number, x0);
          const xb = Math.min(u[k + 1] as number, x0 + nx * h);
          if (!(xb > xa)) continue;
          const ia = Math.floor((xa - x0) / h);
          const ib = Math.min(nx - 1, Math.floor((xb - x0) / h));
          for (let i = ia; i <= ib; i++) {
            const ca = Math.max(xa, x0 + i * h);
            const cb = Math.min(xb, x0 + (i + 1) * h);
            if (cb > ca) f[i + j * nx] = (f[i + j * nx] as number) + (cb - ca) * w;
          }
        }
      }
    }
  }
  for (let k = 0; k < f.length; k++) f[k] = Math.min(1, f[k] as number);
  return f;
}

interface Built {
  grid: FdfdGrid;
  k0: number;
  eps: Float64Array;
  x0: number;
  y0: number;
}

function build(spec: LayoutSpec, design: readonly Polygon[], refinement: 1 | 2): Built {
  const h = CELL_UM / refinement;
  const pad = MARGIN_UM + PML_UM;
  const x0 = spec.window.x[0] - pad;
  const y0 = spec.window.y[0] - pad;
  const nx = Math.round((spec.window.x[1] - spec.window.x[0] + 2 * pad) / h);
  const ny = Math.round((spec.window.y[1] - spec.window.y[0] + 2 * pad) / h);
  const npml = Math.round(PML_UM / h);
  const k0 = (2 * Math.PI) / WAVELENGTH_UM;
  const grid: FdfdGrid = { nx, ny, h, npml, sigmaMax: pmlSigmaMax(k0 * CLAD_INDEX, npml * h) };
  const f = coverage([...design, ...portRects(spec, pad + h)], x0, y0, nx, ny, h);
  const ec = CORE_INDEX ** 2;
  const el = CLAD_INDEX ** 2;
  const eps = new Float64Array(nx * ny);
  for (let k = 0; k < eps.length; k++) eps[k] = el + (f[k] as number) * (ec - el);
  return { grid, k0, eps, x0, y0 };
}

/** The port's line `depth` cells in from the PML on its side, spanning everything outside the PML. */
function portLine(g: FdfdGrid, side: Side, depth: number): PortLine {
  const p = g.npml;
  if (side === 'west') return { normal: 'x', at: p + depth, from: p, to: g.ny - p };
  if (side === 'east') return { normal: 'x', at: g.nx - 1 - p - depth, from: p, to: g.ny - p };
  if (side === 'south') return { normal: 'y', at: p + depth, from: p, to: g.nx - p };
  return { normal: 'y', at: g.ny - 1 - p - depth, from: p, to: g.nx - p };
}

/** Every guided mode of the line (at most `max`). */
function guidedModes(b: Built, line: PortLine, max: number): PortMode[] {
  for (let n = max; n >= 1; n--) {
    try {
      return portModes(b.grid, b.eps, line, b.k0, n);
    } catch {
      // Fewer guided modes than n: try one fewer.
    }
  }
  return [];
}

const MAX_PORT_MODES = 4;

/** One FDFD solve of the layout: TE0 launched from the source port, the power in every guided mode of every port. */
export function simulateLayout(spec: LayoutSpec, design: readonly Polygon[], refinement: 1 | 2, eliminate?: SymmetricEliminator): LayoutResult {
  const b = build(spec, design, refinement);
  const { grid } = b;
  const source = spec.ports.find((p) => p.name === spec.source);
  if (!source) throw new Error(`no source port ${spec.source}`);
  const srcLine = portLine(grid, source.side, 1);
  const srcMode = portModes(grid, b.eps, srcLine, b.k0, 1)[0];
  if (!srcMode) throw new Error('the source guide has no mode');
  const rhs = new Float64Array(2 * grid.nx * grid.ny);
  addModeSource(grid, rhs, srcMode, 1);
  const system = factorSystem(grid, b.eps, b.k0, eliminate);
  const field = solveSystem(system, rhs);
  const residual = relativeResidual(system, field, rhs);
  const theta = srcMode.beta * grid.h;
  const pin = grid.h / (4 * Math.sin(theta));
  // Monitors: on the source port half-way between the source and the window (0.16 µm past the source at either refinement), 1 cell in from the PML elsewhere.
  const monitorDepth = Math.round(MARGIN_UM / (2 * grid.h)) + 1;
  const ports: Record<string, PortPower> = {};
  let total = 0;
  for (const p of spec.ports) {
    const isSource = p.name === spec.source;
    const depth = isSource ? monitorDepth : 1;
    const line = portLine(grid, p.side, depth);
    const modes = guidedModes(b, line, MAX_PORT_MODES).map((m) => {
      let a = modeAmplitude(grid, field, m);
      if (isSource && m.order === 0) {
        // Subtract the incident wave A·e^{iθd}, A = h/(2i sin θ), d cells from the source.
        const d = Math.abs(line.at - srcLine.at);
        const s = grid.h / (2 * Math.sin(theta));
        const inc = { re: s * Math.sin(theta * d), im: -s * Math.cos(theta * d) };
        a = { re: a.re - inc.re, im: a.im - inc.im };
      }
      const T = modePower(grid, m, a) / pin;
      total += T;
      return { order: m.order, neff: m.effectiveIndex, T };
    });
    ports[p.name] = { modes };
  }
  const mag = new Float64Array(grid.nx * grid.ny);
  for (let j = 0; j < grid.ny; j++) {
    for (let i = 0; i < grid.nx; i++) {
      const q = grid.nx <= grid.ny ? j * grid.nx + i : i * grid.ny + j;
      mag[i + j * grid.nx] = Math.hypot(field[2 * q] as number, field[2 * q + 1] as number);
    }
  }
  return { ports, total, residual, grid: { nx: grid.nx, ny: grid.ny, h: grid.h }, field: mag, x0: b.x0, y0: b.y0 };
}

/** Power in one mode of one port (0 when the port does not guide that mode). */
export function portPower(r: LayoutResult, port: string, order: number): number {
  return r.ports[port]?.modes.find((m) => m.order === order)?.T ?? 0;
}

export const dB = (t: number): number => -10 * Math.log10(Math.max(t, 1e-12));

/** A coarse |Ez| map (every `step`-th cell), for the verdict's drawing. */
export function fieldMap(r: LayoutResult, maxCells = 80): { kind: 'field'; x_um: number[]; y_um: number[]; values: number[]; unit: string } {
  const { nx, ny, h } = r.grid;
  const step = Math.max(1, Math.ceil(Math.max(nx, ny) / maxCells));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < nx; i += step) xs.push(Number((r.x0 + (i + 0.5) * h).toFixed(4)));
  for (let j = 0; j < ny; j += step) ys.push(Number((r.y0 + (j + 0.5) * h).toFixed(4)));
  const values: number[] = [];
  for (let j = 0; j < ny; j += step) for (let i = 0; i < nx; i += step) values.push(Number((r.field[i + j * nx] as number).toPrecision(4)));
  return { kind: 'field', x_um: xs, y_um: ys, values, unit: '|Ez| (source sheet of unit amplitude)' };
}

// ---------------------------------------------------------------- design rules

/** Raster of the design rules, µm per pixel. */
export const DRC_PIXEL_UM = 0.01;

export interface DesignRules {
  readonly min_width_um: number;
  readonly min_gap_um: number;
  /** Share of a port's end face the design's core must cover. */
  readonly port_contact: number;
}

export const DEFAULT_RULES: DesignRules = { min_width_um: 0.1, min_gap_um: 0.1, port_contact: 0.5 };

/** Erosion of a binary raster by a k × k square (anchored so that opening = dilate(erode) with the same anchor restores any ≥ k run). */
function erode(a: Uint8Array, nx: number, ny: number, k: number, outside: 0 | 1): Uint8Array {
  const t = new Uint8Array(a.length);
  const out = new Uint8Array(a.length);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let v = 1;
      for (let d = 0; d < k && v; d++) v = i + d < nx ? (a[i + d + j * nx] as number) : outside;
      t[i + j * nx] = v;
    }
  }
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let v = 1;
      for (let d = 0; d < k && v; d++) v = j + d < ny ? (t[i + (j + d) * nx] as number) : outside;
      out[i + j * nx] = v;
    }
  }
  return out;
}

function dilate(a: Uint8Array, nx: number, ny: number, k: number): Uint8Array {
  const t = new Uint8Array(a.length);
  const out = new Uint8Array(a.length);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let v = 0;
      for (let d = 0; d < k && !v; d++) v = i - d >= 0 ? (a[i - d + j * nx] as number) : 0;
      t[i + j * nx] = v;
    }
  }
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let v = 0;
      for (let d = 0; d < k && !v; d++) v = j - d >= 0 ? (t[i + (j - d) * nx] as number) : 0;
      out[i + j * nx] = v;
    }
  }
  return out;
}

/**
 * Pixels of `a` that no k × k square inside `a` covers, grouped into 4-connected pieces. A piece is
 * a violation when it is bigger than `tolerance` pixels (a narrow neck, spike or slot) or when it is
 * a whole island of `a` by itself (a speck); smaller pieces are the pixel staircase at the tip of a
 * corner, which the square cannot reach on any raster. Returns the violating pixel count and their bounding box.
 */
function thinPixels(a: Uint8Array, nx: number, ny: number, k: number, outside: 0 | 1, tolerance: number): { count: number; x: number[]; y: number[] } {
  const open = dilate(erode(a, nx, ny, k, outside), nx, ny, k);
  const seen = new Uint8Array(a.length);
  let count = 0;
  let i0 = Infinity;
  let i1 = -Infinity;
  let j0 = Infinity;
  let j1 = -Infinity;
  const residue = (i: number, j: number): boolean => i >= k && i < nx - k && j >= k && j < ny - k && a[i + j * nx] === 1 && open[i + j * nx] === 0;
  // Pixels within k of the raster's border are left out: squares reaching past it are not represented.
  for (let j = k; j < ny - k; j++) {
    for (let i = k; i < nx - k; i++) {
      if (!residue(i, j) || seen[i + j * nx]) continue;
      const piece: number[] = [];
      let anchored = false;
      const stack = [i + j * nx];
      seen[i + j * nx] = 1;
      while (stack.length > 0) {
        const q = stack.pop() as number;
        piece.push(q);
        const qi = q % nx;
        const qj = (q - qi) / nx;
        for (const [di, dj] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
          const ni = qi + di;
          const nj = qj + dj;
          if (ni < 0 || nj < 0 || ni >= nx || nj >= ny) continue;
          const r = ni + nj * nx;
          if (a[r] !== 1) continue;
          if (open[r] === 1 || ni < k || nj < k || ni >= nx - k || nj >= ny - k) anchored = true;
          else if (!seen[r]) {
            seen[r] = 1;
            stack.push(r);
          }
        }
      }
      if (piece.length <= tolerance && anchored) continue;
      count += piece.length;
      for (const q of piece) {
        const qi = q % nx;
        const qj = (q - qi) / nx;
        i0 = Math.min(i0, qi);
        i1 = Math.max(i1, qi);
        j0 = Math.min(j0, qj);
        j1 = Math.max(j1, qj);
      }
    }
  }
  return count === 0 ? { count, x: [], y: [] } : { count, x: [i0, i1 + 1], y: [j0, j1 + 1] };
}

const inWindow = (w: Box, x: number, y: number): boolean => x >= w.x[0] - 1e-9 && x <= w.x[1] + 1e-9 && y >= w.y[0] - 1e-9 && y <= w.y[1] + 1e-9;

/** Share of a port's end faces (just inside the window edge) that the design's core covers. */
function portContact(spec: LayoutSpec, p: PortSpec, design: readonly Polygon[]): number {
  const w = spec.window;
  const inset = 0.002;
  let covered = 0;
  let total = 0;
  for (const g of p.guides) {
    const a = g.centre - g.width / 2;
    const samples = 40;
    for (let s = 0; s < samples; s++) {
      const t = a + ((s + 0.5) / samples) * g.width;
      const [x, y] = p.side === 'west' ? [w.x[0] + inset, t] : p.side === 'east' ? [w.x[1] - inset, t] : p.side === 'south' ? [t, w.y[0] + inset] : [t, w.y[1] - inset];
      total++;
      if (design.some((poly) => pointIn(poly, x, y))) covered++;
    }
  }
  return total > 0 ? covered / total : 0;
}

function pointIn(poly: Polygon, x: number, y: number): boolean {
  const iv: number[] = [];
  crossings(poly, y, iv);
  for (let k = 0; k < iv.length; k += 2) if (x >= (iv[k] as number) && x <= (iv[k + 1] as number)) return true;
  return false;
}

/** The geometry's design-rule and connectivity gates. */
export function layoutRules(spec: LayoutSpec, design: readonly Polygon[], rules: DesignRules = DEFAULT_RULES): Gate[] {
  const w = spec.window;
  const gates: Gate[] = [];
  const outside = design.findIndex((p) => p.some(([x, y]) => !inWindow(w, x, y)));
  gates.push(
    outside < 0
      ? { id: 'inside-window', category: 'design-rule', pass: true, reason: `every shape lies inside the design window x ∈ [${w.x.join(', ')}], y ∈ [${w.y.join(', ')}] µm` }
      : { id: 'inside-window', category: 'design-rule', pass: false, reason: `shape ${outside} has a vertex outside the design window x ∈ [${w.x.join(', ')}], y ∈ [${w.y.join(', ')}] µm` },
  );
  // Raster of the window plus a ring, with the port stubs: gaps between the design and a stub count too.
  const ring = 0.2;
  const px = DRC_PIXEL_UM;
  const x0 = w.x[0] - ring;
  const y0 = w.y[0] - ring;
  const nx = Math.round((w.x[1] - w.x[0] + 2 * ring) / px);
  const ny = Math.round((w.y[1] - w.y[0] + 2 * ring) / px);
  const f = coverage([...design, ...portRects(spec, ring + px)], x0, y0, nx, ny, px);
  const solid = new Uint8Array(nx * ny);
  const voids = new Uint8Array(nx * ny);
  for (let k = 0; k < f.length; k++) {
    solid[k] = (f[k] as number) >= 0.5 ? 1 : 0;
    voids[k] = 1 - (solid[k] as number);
  }
  const box = (r: { x: number[]; y: number[] }): Box => ({ x: [x0 + (r.x[0] as number) * px, x0 + (r.x[1] as number) * px], y: [y0 + (r.y[0] as number) * px, y0 + (r.y[1] as number) * px] });
  // One pixel of slack for the raster's rounding of edges that fall between pixel centres.
  const kw = Math.max(1, Math.round(rules.min_width_um / px) - 1);
  const kg = Math.max(1, Math.round(rules.min_gap_um / px) - 1);
  const thin = thinPixels(solid, nx, ny, kw, 1, (kw * kw) / 4);
  gates.push(
    thin.count === 0
      ? { id: 'min-width', category: 'design-rule', pass: true, value: rules.min_width_um, limit: rules.min_width_um, unit: 'µm', reason: `every core feature is at least ${rules.min_width_um} µm wide (a ${rules.min_width_um} µm square fits everywhere in the core)` }
      : { id: 'min-width', category: 'design-rule', pass: false, limit: rules.min_width_um, unit: 'µm', at: box(thin), reason: `${formatNumber(thin.count * px * px)} µm² of core is narrower than ${rules.min_width_um} µm (no ${rules.min_width_um} µm square fits there)` },
  );
  const gap = thinPixels(voids, nx, ny, kg, 1, (kg * kg) / 4);
  gates.push(
    gap.count === 0
      ? { id: 'min-gap', category: 'design-rule', pass: true, value: rules.min_gap_um, limit: rules.min_gap_um, unit: 'µm', reason: `every gap between core features is at least ${rules.min_gap_um} µm` }
      : { id: 'min-gap', category: 'design-rule', pass: false, limit: rules.min_gap_um, unit: 'µm', at: box(gap), reason: `${formatNumber(gap.count * px * px)} µm² of cladding lies in gaps narrower than ${rules.min_gap_um} µm` },
  );
  for (const p of spec.ports) {
    const c = portContact(spec, p, design);
    const pass = c >= rules.port_contact;
    gates.push({
      id: `port-${p.name}-connected`,
      category: 'connectivity',
      pass,
      value: c,
      limit: rules.port_contact,
      reason: `the design's core covers ${(100 * c).toFixed(0)} % of port ${p.name}'s waveguide end at the ${p.side} edge of the window (at least ${(100 * rules.port_contact).toFixed(0)} %)`,
    });
  }
  return gates;
}

/** Unpivoted elimination is stable on these grids in practice; this gate makes a breakdown visible, never silent. */
export const RESIDUAL_LIMIT = 1e-8;

export function residualGate(r: LayoutResult): Gate {
  const pass = r.residual <= RESIDUAL_LIMIT;
  return { id: 'solver-residual', category: 'numerical', pass, value: r.residual, limit: RESIDUAL_LIMIT, reason: `the FDFD solve's relative residual ‖A·E − b‖/‖b‖ is ${r.residual.toExponential(2)} (${pass ? '≤' : '>'} ${RESIDUAL_LIMIT})` };
}

/** The passivity gate: the ports cannot carry away more than was launched. */
export function passivityGate(r: LayoutResult, tolerance = 0.02): Gate {
  const pass = r.total <= 1 + tolerance;
  return {
    id: 'passivity',
    category: 'numerical',
    pass,
    value: r.total,
    limit: 1 + tolerance,
    unit: 'of the launched power',
    reason: `the guided modes of all ports (reflection included) carry ${r.total.toFixed(4)} of the launched power (${pass ? '≤' : '>'} 1 + ${tolerance})`,
  };
}
