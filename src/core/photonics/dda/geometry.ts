/**
 * Particle shapes on a cubic dipole lattice. A shape is described in nm; `dipoles_across` dipoles
 * span its largest extent, each dipole sits at the centre of its lattice cell and is kept when that
 * centre lies inside the shape (ADDA's rule). The spacing is then rescaled so that N·d³ equals the
 * exact volume (ADDA's "dpl correction"), so the volume-equivalent radius — and with it every Q —
 * refers to the true particle, not to its staircase.
 */
import type { Dims } from './fft.ts';

export type DdaShape =
  | { readonly shape: 'sphere'; readonly radius_nm: number }
  | { readonly shape: 'cube'; readonly edge_nm: number }
  | { readonly shape: 'rod'; readonly radius_nm: number; readonly length_nm: number }
  | { readonly shape: 'ellipsoid'; readonly semi_axes_nm: readonly [number, number, number] }
  | { readonly shape: 'dimer'; readonly radius_nm: number; readonly gap_nm: number };

export interface DipoleLattice {
  /** Lattice box, dipoles per axis. */
  readonly dims: Dims;
  /** Box index (x + nx·(y + ny·z)) of every occupied cell, ascending. */
  readonly sites: Int32Array;
  /** Dipole spacing after the volume correction, nm. */
  readonly spacing_nm: number;
  /** Exact particle volume, nm³. */
  readonly volume_nm3: number;
  /** Radius of the sphere of the same volume, nm. */
  readonly equivalent_radius_nm: number;
}

/** Box extents (x, y, z) in nm. Rods stand along z; the dimer's two spheres sit on the x axis. */
export function extents(s: DdaShape): [number, number, number] {
  switch (s.shape) {
    case 'sphere':
      return [2 * s.radius_nm, 2 * s.radius_nm, 2 * s.radius_nm];
    case 'cube':
      return [s.edge_nm, s.edge_nm, s.edge_nm];
    case 'rod':
      return [2 * s.radius_nm, 2 * s.radius_nm, s.length_nm];
    case 'ellipsoid':
      return [2 * s.semi_axes_nm[0], 2 * s.semi_axes_nm[1], 2 * s.semi_axes_nm[2]];
    case 'dimer':
      return [4 * s.radius_nm + s.gap_nm, 2 * s.radius_nm, 2 * s.radius_nm];
  }
}

export function volume(s: DdaShape): number {
  switch (s.shape) {
    case 'sphere':
      return (4 / 3) * Math.PI * s.radius_nm ** 3;
    case 'cube':
      return s.edge_nm ** 3;
    case 'rod':
      return Math.PI * s.radius_nm ** 2 * s.length_nm;
    case 'ellipsoid':
      return (4 / 3) * Math.PI * s.semi_axes_nm[0] * s.semi_axes_nm[1] * s.semi_axes_nm[2];
    case 'dimer':
      return (8 / 3) * Math.PI * s.radius_nm ** 3;
  }
}

/** Inside test in units of the box extents: (u, v, w) ∈ [−1/2, 1/2]³ around the box centre. */
function inside(s: DdaShape, u: number, v: number, w: number, box: readonly [number, number, number]): boolean {
  switch (s.shape) {
    case 'sphere':
    case 'ellipsoid':
      return u * u + v * v + w * w <= 0.25;
    case 'cube':
      return true;
    case 'rod':
      return u * u + v * v <= 0.25;
    case 'dimer': {
      // Back to nm: centres at ±(r + gap/2) on x.
      const x = u * box[0];
      const r = s.radius_nm;
      const cx = r + s.gap_nm / 2;
      const yz = (v * box[1]) ** 2 + (w * box[2]) ** 2;
      return (x - cx) ** 2 + yz <= r * r || (x + cx) ** 2 + yz <= r * r;
    }
  }
}

/** Cells along each axis: the largest extent gets `dipolesAcross`, the others in proportion (at least 1). */
export function latticeDims(s: DdaShape, dipolesAcross: number): Dims {
  const box = extents(s);
  const d0 = Math.max(...box) / dipolesAcross;
  return [Math.max(1, Math.round(box[0] / d0)), Math.max(1, Math.round(box[1] / d0)), Math.max(1, Math.round(box[2] / d0))];
}

export function buildLattice(s: DdaShape, dipolesAcross: number): DipoleLattice {
  const dims = latticeDims(s, dipolesAcross);
  const box = extents(s);
  const [nx, ny, nz] = dims;
  const sites: number[] = [];
  for (let z = 0; z < nz; z++) {
    const w = (z + 0.5) / nz - 0.5;
    for (let y = 0; y < ny; y++) {
      const v = (y + 0.5) / ny - 0.5;
      for (let x = 0; x < nx; x++) {
        const u = (x + 0.5) / nx - 0.5;
        if (inside(s, u, v, w, box)) sites.push(x + nx * (y + ny * z));
      }
    }
  }
  const vol = volume(s);
  const n = sites.length;
  return {
    dims,
    sites: Int32Array.from(sites),
    spacing_nm: n > 0 ? Math.cbrt(vol / n) : Math.max(...box) / dipolesAcross,
    volume_nm3: vol,
    equivalent_radius_nm: Math.cbrt((3 * vol) / (4 * Math.PI)),
  };
}
