/**
 * The free-space interaction between point dipoles on the lattice and the DDA system matrix as an
 * operator. Lattice units throughout (d = 1, k means kd). The field at r from a dipole P at the
 * origin is G(r)·P with (Gaussian units, e^{−iωt}; Draine 1988, ApJ 333, 848, eq. 3)
 *   G(r) = e^{ikr}/r³ [ (k²r² + ikr − 1) I − (k²r² + 3ikr − 3) r̂r̂ ],
 * and the coupled-dipole equations are  P_i/α − Σ_{j≠i} G(r_i − r_j) P_j = E_inc(r_i).
 * G depends only on r_i − r_j, so on a lattice the sum is a 3-D convolution: embed the box in a
 * grid of at least twice its size (no wrap-around), transform once, and each product costs three
 * forward and three inverse FFTs (Goodman, Draine & Flatau 1991).
 */
import { fft3d, nextPowerOfTwo, type Dims } from './fft.ts';

/** The six distinct components of the symmetric tensor, in this order. */
export const TENSOR_COMPONENTS = ['xx', 'xy', 'xz', 'yy', 'yz', 'zz'] as const;

/** G(r) for lattice offset (x, y, z) ≠ 0: [re, im] per component in TENSOR_COMPONENTS order. */
export function interactionTensor(k: number, x: number, y: number, z: number): Float64Array {
  const r2 = x * x + y * y + z * z;
  const r = Math.sqrt(r2);
  const kr = k * r;
  const phaseRe = Math.cos(kr) / (r2 * r);
  const phaseIm = Math.sin(kr) / (r2 * r);
  // a = k²r² − 1 + ikr (identity), b = −(k²r² − 3 + 3ikr) (r̂r̂).
  const aRe = kr * kr - 1;
  const aIm = kr;
  const bRe = -(kr * kr - 3);
  const bIm = -3 * kr;
  const u = [x / r, y / r, z / r];
  const out = new Float64Array(12);
  const pairs: [number, number][] = [[0, 0], [0, 1], [0, 2], [1, 1], [1, 2], [2, 2]];
  pairs.forEach(([i, j], n) => {
    const rr = (u[i] as number) * (u[j] as number);
    const tRe = bRe * rr + (i === j ? aRe : 0);
    const tIm = bIm * rr + (i === j ? aIm : 0);
    out[2 * n] = phaseRe * tRe - phaseIm * tIm;
    out[2 * n + 1] = phaseRe * tIm + phaseIm * tRe;
  });
  return out;
}

/** y = A·x for the coupled-dipole system; x and y are 3N complex values split into re and im arrays, (x, y, z) per dipole. */
export interface DdaOperator {
  readonly size: number;
  readonly fftDims: Dims;
  apply(xRe: Float64Array, xIm: Float64Array, yRe: Float64Array, yIm: Float64Array): void;
}

export function fftGrid(dims: Dims): Dims {
  return [nextPowerOfTwo(2 * dims[0]), nextPowerOfTwo(2 * dims[1]), nextPowerOfTwo(2 * dims[2])];
}

/** The interaction tensor on the padded grid, transformed: 6 components (TENSOR_COMPONENTS order), each re/im. */
export interface TransformedTensor {
  readonly grid: Dims;
  readonly re: readonly Float64Array[];
  readonly im: readonly Float64Array[];
}

/** G at every lattice offset of a box of `dims`, wrapped onto the padded grid (negative offsets at the top end), then FFT'd. */
export function transformedTensor(dims: Dims, k: number): TransformedTensor {
  const [nx, ny, nz] = dims;
  const grid = fftGrid(dims);
  const [mx, my, mz] = grid;
  const total = mx * my * mz;
  const gRe = Array.from({ length: 6 }, () => new Float64Array(total));
  const gIm = Array.from({ length: 6 }, () => new Float64Array(total));
  for (let dz = -(nz - 1); dz <= nz - 1; dz++) {
    for (let dy = -(ny - 1); dy <= ny - 1; dy++) {
      for (let dx = -(nx - 1); dx <= nx - 1; dx++) {
        if (dx === 0 && dy === 0 && dz === 0) continue;
        const t = interactionTensor(k, dx, dy, dz);
        const idx = ((dx + mx) % mx) + mx * (((dy + my) % my) + my * ((dz + mz) % mz));
        for (let c = 0; c < 6; c++) {
          (gRe[c] as Float64Array)[idx] = t[2 * c] as number;
          (gIm[c] as Float64Array)[idx] = t[2 * c + 1] as number;
        }
      }
    }
  }
  for (let c = 0; c < 6; c++) fft3d(gRe[c] as Float64Array, gIm[c] as Float64Array, grid);
  return { grid, re: gRe, im: gIm };
}

/** Index of each dipole on the padded grid: box (x, y, z) placed at the same coordinates of the big grid. */
export function gridPositions(dims: Dims, grid: Dims, sites: Int32Array): Int32Array {
  const [nx, ny] = dims;
  const [mx, my] = grid;
  const at = new Int32Array(sites.length);
  for (let s = 0; s < sites.length; s++) {
    const b = sites[s] as number;
    const x = b % nx;
    const y = Math.floor(b / nx) % ny;
    const z = Math.floor(b / (nx * ny));
    at[s] = x + mx * (y + my * z);
  }
  return at;
}

/** Builds the FFT-accelerated operator for dipoles at `sites` (box indices) in a box of `dims`. */
export function fftOperator(dims: Dims, sites: Int32Array, k: number, invAlpha: { re: number; im: number }): DdaOperator {
  const [nx, ny, nz] = dims;
  const { grid, re: gRe, im: gIm } = transformedTensor(dims, k);
  const total = grid[0] * grid[1] * grid[2];
  const n = sites.length;
  const at = gridPositions(dims, grid, sites);
  const fRe = [new Float64Array(total), new Float64Array(total), new Float64Array(total)];
  const fIm = [new Float64Array(total), new Float64Array(total), new Float64Array(total)];
  const outRe = [new Float64Array(total), new Float64Array(total), new Float64Array(total)];
  const outIm = [new Float64Array(total), new Float64Array(total), new Float64Array(total)];
  const occupied: Dims = [nx, ny, nz];
  const inv = 1 / total;
  return {
    size: 3 * n,
    fftDims: grid,
    apply(xRe, xIm, yRe, yIm) {
      for (let a = 0; a < 3; a++) {
        const re = fRe[a] as Float64Array;
        const im = fIm[a] as Float64Array;
        re.fill(0);
        im.fill(0);
        for (let s = 0; s < n; s++) {
          re[at[s] as number] = xRe[3 * s + a] as number;
          im[at[s] as number] = xIm[3 * s + a] as number;
        }
        fft3d(re, im, grid, false, occupied);
      }
      // E_a = Σ_b G_ab P_b in Fourier space, all three components in one pass over memory.
      const [p0r, p1r, p2r] = fRe as [Float64Array, Float64Array, Float64Array];
      const [p0i, p1i, p2i] = fIm as [Float64Array, Float64Array, Float64Array];
      const [e0r, e1r, e2r] = outRe as [Float64Array, Float64Array, Float64Array];
      const [e0i, e1i, e2i] = outIm as [Float64Array, Float64Array, Float64Array];
      const [xxr, xyr, xzr, yyr, yzr, zzr] = gRe as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
      const [xxi, xyi, xzi, yyi, yzi, zzi] = gIm as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
      for (let i = 0; i < total; i++) {
        const ar = p0r[i] as number;
        const ai = p0i[i] as number;
        const br = p1r[i] as number;
        const bi = p1i[i] as number;
        const cr = p2r[i] as number;
        const ci = p2i[i] as number;
        const gxxr = xxr[i] as number;
        const gxxi = xxi[i] as number;
        const gxyr = xyr[i] as number;
        const gxyi = xyi[i] as number;
        const gxzr = xzr[i] as number;
        const gxzi = xzi[i] as number;
        const gyyr = yyr[i] as number;
        const gyyi = yyi[i] as number;
        const gyzr = yzr[i] as number;
        const gyzi = yzi[i] as number;
        const gzzr = zzr[i] as number;
        const gzzi = zzi[i] as number;
        e0r[i] = gxxr * ar - gxxi * ai + gxyr * br - gxyi * bi + gxzr * cr - gxzi * ci;
        e0i[i] = gxxr * ai + gxxi * ar + gxyr * bi + gxyi * br + gxzr * ci + gxzi * cr;
        e1r[i] = gxyr * ar - gxyi * ai + gyyr * br - gyyi * bi + gyzr * cr - gyzi * ci;
        e1i[i] = gxyr * ai + gxyi * ar + gyyr * bi + gyyi * br + gyzr * ci + gyzi * cr;
        e2r[i] = gxzr * ar - gxzi * ai + gyzr * br - gyzi * bi + gzzr * cr - gzzi * ci;
        e2i[i] = gxzr * ai + gxzi * ar + gyzr * bi + gyzi * br + gzzr * ci + gzzi * cr;
      }
      for (let a = 0; a < 3; a++) fft3d(outRe[a] as Float64Array, outIm[a] as Float64Array, grid, true, occupied);
      for (let s = 0; s < n; s++) {
        const g = at[s] as number;
        for (let a = 0; a < 3; a++) {
          const i = 3 * s + a;
          const pr = xRe[i] as number;
          const pi = xIm[i] as number;
          yRe[i] = invAlpha.re * pr - invAlpha.im * pi - ((outRe[a] as Float64Array)[g] as number) * inv;
          yIm[i] = invAlpha.re * pi + invAlpha.im * pr - ((outIm[a] as Float64Array)[g] as number) * inv;
        }
      }
    },
  };
}

/**
 * The same operator by the direct O(N²) sum: the reference the FFT product is tested against.
 * G is tabulated once per lattice offset (a box of (2n−1)³ offsets), so only small lattices fit.
 */
export function directOperator(dims: Dims, sites: Int32Array, k: number, invAlpha: { re: number; im: number }): DdaOperator {
  const [nx, ny, nz] = dims;
  const n = sites.length;
  const pos = Array.from(sites, (b) => [b % nx, Math.floor(b / nx) % ny, Math.floor(b / (nx * ny))] as const);
  const comp = [0, 1, 2, 1, 3, 4, 2, 4, 5];
  const [wx, wy, wz] = [2 * nx - 1, 2 * ny - 1, 2 * nz - 1];
  const table = new Float64Array(12 * wx * wy * wz);
  const offsetIndex = (dx: number, dy: number, dz: number): number => dx + nx - 1 + wx * (dy + ny - 1 + wy * (dz + nz - 1));
  for (let dz = 1 - nz; dz < nz; dz++) {
    for (let dy = 1 - ny; dy < ny; dy++) {
      for (let dx = 1 - nx; dx < nx; dx++) {
        if (dx !== 0 || dy !== 0 || dz !== 0) table.set(interactionTensor(k, dx, dy, dz), 12 * offsetIndex(dx, dy, dz));
      }
    }
  }
  return {
    size: 3 * n,
    fftDims: dims,
    apply(xRe, xIm, yRe, yIm) {
      for (let i = 0; i < n; i++) {
        const pi = pos[i] as readonly [number, number, number];
        for (let a = 0; a < 3; a++) {
          const q = 3 * i + a;
          let sRe = invAlpha.re * (xRe[q] as number) - invAlpha.im * (xIm[q] as number);
          let sIm = invAlpha.re * (xIm[q] as number) + invAlpha.im * (xRe[q] as number);
          for (let j = 0; j < n; j++) {
            if (j === i) continue;
            const pj = pos[j] as readonly [number, number, number];
            const t = 12 * offsetIndex(pi[0] - pj[0], pi[1] - pj[1], pi[2] - pj[2]);
            for (let b = 0; b < 3; b++) {
              const c = comp[3 * a + b] as number;
              const gr = table[t + 2 * c] as number;
              const gi = table[t + 2 * c + 1] as number;
              const pr = xRe[3 * j + b] as number;
              const pim = xIm[3 * j + b] as number;
              sRe -= gr * pr - gi * pim;
              sIm -= gr * pim + gi * pr;
            }
          }
          yRe[q] = sRe;
          yIm[q] = sIm;
        }
      }
    },
  };
}
