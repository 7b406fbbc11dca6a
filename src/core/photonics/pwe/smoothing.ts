/**
 * Subpixel averaging of the unit cell's permittivity onto an N × N grid (Meade et al. 1993;
 * Farjadpour et al., Opt. Lett. 31, 2972 (2006)). Grid point (u, v) sits at r = (u/N)·a1 + (v/N)·a2
 * and owns the parallelogram pixel of sides a1/N, a2/N centred on it. Per pixel: ⟨ε⟩, ⟨ε⁻¹⟩ and the
 * unit normal of the interface crossing it. A staircased grid converges only linearly in the pixel
 * size and jumps as an edge crosses a grid point; the averaged tensor restores second-order
 * convergence and makes the bands a smooth function of the geometry.
 *
 * Pixels well inside one material are set directly; only pixels a shape edge may cross are
 * supersampled (S × S points for the averages, as many again over a disk for the normal), so the cost
 * is the perimeter in pixels times S², not N²·S².
 *
 * The normal must be the interface's, not the pixel's: the first moment of ε over a sheared pixel
 * (triangular lattice, 60°) leans toward the pixel's long diagonal, and the anisotropic tensor built
 * on it converged the TE gap of nearly touching air holes to a different value than MPB (issue 15,
 * te-holes-mpb.test.ts). Over a disk the moment of a half-filled region is along the normal exactly.
 */
import type { CellShape } from './fourier.ts';
import type { Lattice } from './lattice.ts';

/** Supersampling points per pixel side for the fill fraction and the normal. */
export const SUBSAMPLES = 16;

export interface SmoothedEpsilon {
  readonly n: number;
  /** ⟨ε⟩ over each pixel. */
  readonly mean: Float64Array;
  /** ⟨ε⁻¹⟩ over each pixel. */
  readonly meanInverse: Float64Array;
  /** Unit normal of the interface in the pixel (Cartesian); (0, 0) in a uniform pixel or where no direction stands out. */
  readonly normalX: Float64Array;
  readonly normalY: Float64Array;
}

type Where = 'inside' | 'outside' | 'edge';

/** Offsets of the periodic images of a shape that can reach a point within the cell. */
const IMAGES: readonly [number, number][] = [-1, 0, 1].flatMap((i) => [-1, 0, 1].map((j) => [i, j] as [number, number]));

/** Displacement r − c reduced to the parallelogram around zero (fractional coordinates in [−½, ½)). */
function reduce(lattice: Lattice, dx: number, dy: number): [number, number] {
  // Fractional coordinates through the reciprocal vectors: s_i = b_i·d / 2π.
  const s1 = (lattice.b1.x * dx + lattice.b1.y * dy) / (2 * Math.PI);
  const s2 = (lattice.b2.x * dx + lattice.b2.y * dy) / (2 * Math.PI);
  const w1 = s1 - Math.floor(s1 + 0.5);
  const w2 = s2 - Math.floor(s2 + 0.5);
  return [w1 * lattice.a1.x + w2 * lattice.a2.x, w1 * lattice.a1.y + w2 * lattice.a2.y];
}

/** Is the point inside the shape or one of its periodic images? */
function contains(shape: CellShape, lattice: Lattice, x: number, y: number): boolean {
  const [rx, ry] = reduce(lattice, x - shape.center.x, y - shape.center.y);
  for (const [i, j] of IMAGES) {
    const dx = rx + i * lattice.a1.x + j * lattice.a2.x;
    const dy = ry + i * lattice.a1.y + j * lattice.a2.y;
    if (shape.shape === 'circle') {
      if (dx * dx + dy * dy < shape.radius * shape.radius) return true;
    } else if (Math.abs(dx) < shape.width / 2 && Math.abs(dy) < shape.height / 2) {
      return true;
    }
  }
  return false;
}

/** Where a whole pixel of circumradius `h` centred at (x, y) lies relative to the shape (conservative). */
function classify(shape: CellShape, lattice: Lattice, x: number, y: number, h: number): Where {
  const [rx, ry] = reduce(lattice, x - shape.center.x, y - shape.center.y);
  let edge = false;
  for (const [i, j] of IMAGES) {
    const dx = rx + i * lattice.a1.x + j * lattice.a2.x;
    const dy = ry + i * lattice.a1.y + j * lattice.a2.y;
    if (shape.shape === 'circle') {
      const d = Math.hypot(dx, dy);
      if (d + h < shape.radius) return 'inside';
      if (d - h < shape.radius) edge = true;
    } else {
      const ax = Math.abs(dx);
      const ay = Math.abs(dy);
      if (ax + h < shape.width / 2 && ay + h < shape.height / 2) return 'inside';
      if (ax - h < shape.width / 2 && ay - h < shape.height / 2) edge = true;
    }
  }
  return edge ? 'edge' : 'outside';
}

/** Permittivity at a point: the last shape that contains it, painted over the background. */
function epsilonAt(shapes: readonly CellShape[], background: number, lattice: Lattice, x: number, y: number): number {
  for (let s = shapes.length - 1; s >= 0; s--) {
    const shape = shapes[s] as CellShape;
    if (contains(shape, lattice, x, y)) return shape.epsilon;
  }
  return background;
}

export function smoothEpsilon(lattice: Lattice, background: number, shapes: readonly CellShape[], n: number): SmoothedEpsilon {
  const size = n * n;
  const mean = new Float64Array(size);
  const meanInverse = new Float64Array(size);
  const normalX = new Float64Array(size);
  const normalY = new Float64Array(size);
  const ex = { x: lattice.a1.x / n, y: lattice.a1.y / n };
  const ey = { x: lattice.a2.x / n, y: lattice.a2.y / n };
  // Circumradius of the pixel parallelogram: the longer half-diagonal.
  const h = Math.max(Math.hypot(ex.x + ey.x, ex.y + ey.y), Math.hypot(ex.x - ey.x, ex.y - ey.y)) / 2;
  const S = SUBSAMPLES;
  for (let v = 0; v < n; v++) {
    for (let u = 0; u < n; u++) {
      const at = u + n * v;
      const cx = u * ex.x + v * ey.x;
      const cy = u * ex.y + v * ey.y;
      // The topmost shape that is not wholly outside decides: wholly inside → uniform pixel.
      let uniform: number | null = background;
      for (let s = shapes.length - 1; s >= 0; s--) {
        const shape = shapes[s] as CellShape;
        const where = classify(shape, lattice, cx, cy, h);
        if (where === 'outside') continue;
        uniform = where === 'inside' ? shape.epsilon : null;
        break;
      }
      if (uniform !== null) {
        mean[at] = uniform;
        meanInverse[at] = 1 / uniform;
        continue;
      }
      let sum = 0;
      let sumInv = 0;
      let mx = 0;
      let my = 0;
      for (let j = 0; j < S; j++) {
        const fy = (j + 0.5) / S - 0.5;
        for (let i = 0; i < S; i++) {
          const fx = (i + 0.5) / S - 0.5;
          const ox = fx * ex.x + fy * ey.x;
          const oy = fx * ex.y + fy * ey.y;
          const e = epsilonAt(shapes, background, lattice, cx + ox, cy + oy);
          sum += e;
          sumInv += 1 / e;
        }
      }
      // First moment of ε about the pixel centre over the disk of radius h, not over the pixel: it points
      // across the interface, toward the denser side, and a disk has no preferred direction, whereas
      // the first moment over a sheared (triangular-lattice) pixel leans toward its long diagonal.
      for (let j = 0; j < S; j++) {
        const oy = ((j + 0.5) / S - 0.5) * 2 * h;
        for (let i = 0; i < S; i++) {
          const ox = ((i + 0.5) / S - 0.5) * 2 * h;
          if (ox * ox + oy * oy > h * h) continue;
          const e = epsilonAt(shapes, background, lattice, cx + ox, cy + oy);
          mx += e * ox;
          my += e * oy;
        }
      }
      mean[at] = sum / (S * S);
      meanInverse[at] = sumInv / (S * S);
      const norm = Math.hypot(mx, my);
      if (norm > 1e-12 * sum * h) {
        normalX[at] = mx / norm;
        normalY[at] = my / norm;
      }
    }
  }
  return { n, mean, meanInverse, normalX, normalY };
}

/**
 * The inverse-permittivity factors the operator multiplies by on the grid.
 * TM (E_z): E is parallel to every interface, so η = 1/⟨ε⟩.
 * TE (H_z): the operator is ∇·(κ ∇H_z) with κ = Rᵀ ε⁻¹_eff R (R: the 90° rotation taking ∇H_z to
 * E's direction). With ε⁻¹_eff = P⟨ε⁻¹⟩ + (1 − P)⟨ε⟩⁻¹ for E (P = n nᵀ) the rotation swaps the
 * roles: κ = P⟨ε⟩⁻¹ + (1 − P)⟨ε⁻¹⟩. A pixel without a normal gets the isotropic mean of the two.
 */
export function tmFactor(s: SmoothedEpsilon): Float64Array {
  return s.mean.map((e) => 1 / e);
}

export function teTensor(s: SmoothedEpsilon): { xx: Float64Array; xy: Float64Array; yy: Float64Array } {
  const size = s.n * s.n;
  const xx = new Float64Array(size);
  const xy = new Float64Array(size);
  const yy = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const arithmetic = 1 / (s.mean[i] as number);
    const harmonic = s.meanInverse[i] as number;
    const nx = s.normalX[i] as number;
    const ny = s.normalY[i] as number;
    if (nx === 0 && ny === 0) {
      const iso = (arithmetic + harmonic) / 2;
      xx[i] = iso;
      yy[i] = iso;
      continue;
    }
    const d = arithmetic - harmonic;
    xx[i] = harmonic + d * nx * nx;
    xy[i] = d * nx * ny;
    yy[i] = harmonic + d * ny * ny;
  }
  return { xx, xy, yy };
}
