/**
 * The rectilinear grid: every material, heater and core edge is a grid line, so each cell holds one
 * material (the harmonic-mean face conductance is then exact for layered media) and the heater's
 * cells add up to its exact area (so the injected power is exactly V²/R). Between edges the cells
 * grow geometrically from `cell` to `maxCell`, from both ends.
 */
export interface Axis {
  /** Cell faces, metres, ascending (cells + 1 entries). */
  readonly faces: Float64Array;
  readonly centres: Float64Array;
  readonly widths: Float64Array;
}

function gradedInterval(length: number, cell: number, maxCell: number, growth: number): number[] {
  if (length <= cell * 1.5) return [length];
  const left: number[] = [];
  const right: number[] = [];
  let total = 0;
  let step = cell;
  while (total < length) {
    left.push(step);
    total += step;
    if (total >= length) break;
    right.push(step);
    total += step;
    step = Math.min(step * growth, maxCell);
  }
  const sizes = [...left, ...right.reverse()];
  const scale = length / total;
  return sizes.map((s) => s * scale);
}

export function buildAxis(edges: readonly number[], cell: number, maxCell: number, growth: number, subdivide: number): Axis {
  const sorted = [...new Set(edges)].sort((a, b) => a - b);
  const faces: number[] = [sorted[0] as number];
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1] as number;
    const b = sorted[i] as number;
    if (b - a < 1e-15) continue;
    let x = faces[faces.length - 1] as number;
    for (const s of gradedInterval(b - a, cell, maxCell, growth)) {
      for (let k = 0; k < subdivide; k++) {
        x += s / subdivide;
        faces.push(x);
      }
    }
    faces[faces.length - 1] = b;
  }
  const n = faces.length - 1;
  const f = Float64Array.from(faces);
  const centres = new Float64Array(n);
  const widths = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    centres[i] = 0.5 * ((f[i] as number) + (f[i + 1] as number));
    widths[i] = (f[i + 1] as number) - (f[i] as number);
  }
  return { faces: f, centres, widths };
}

/** Cells of an axis that would be built, without building it (for the size refusal and the estimate). */
export function axisCells(edges: readonly number[], cell: number, maxCell: number, growth: number, subdivide: number): number {
  const sorted = [...new Set(edges)].sort((a, b) => a - b);
  let n = 0;
  for (let i = 1; i < sorted.length; i++) {
    const len = (sorted[i] as number) - (sorted[i - 1] as number);
    if (len > 1e-15) n += gradedInterval(len, cell, maxCell, growth).length * subdivide;
  }
  return n;
}
