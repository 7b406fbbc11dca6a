/**
 * The FDFD operator for Ez (TE-like in 2-D: E out of the plane), e^{−iωt} convention:
 *
 *   (1/sx)∂x((1/sx)∂x Ez) + (1/sy)∂y((1/sy)∂y Ez) + k0² ε Ez = f,
 *
 * with stretched coordinates sx(x), sy(y) in the PML. Multiplying through by sx·sy gives the
 * symmetric form ∂x((sy/sx)∂x Ez) + ∂y((sx/sy)∂y Ez) + k0² ε sx sy Ez = sx sy f: the link between
 * neighbours (i, j) and (i + 1, j) carries sy(j)/sx(i + ½) / h² in both rows, so A = Aᵀ. That is
 * what lets the adjoint solve reuse the forward factorisation (symmetric-banded.ts). Walls beyond
 * the PML are E = 0 (PEC), reached only by fields the PML has already damped.
 */
import { cellIndex, halfBandwidth, stretch, type FdfdGrid } from './grid.ts';
import { symmetricBandedAdd, symmetricBandedZeros, type SymmetricBandedMatrix } from './symmetric-banded.ts';

/** (a·b) and (a/b) for complex a, b given as {re, im}. */
function mul(a: { re: number; im: number }, b: { re: number; im: number }): { re: number; im: number } {
  return { re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re };
}
function div(a: { re: number; im: number }, b: { re: number; im: number }): { re: number; im: number } {
  const d = b.re * b.re + b.im * b.im;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
}

/**
 * Assembles A for relative permittivity `epsilon` (real, nx·ny values, index i + j·nx) at vacuum
 * wavenumber k0 (1/µm). The source side of a cell is f·sx·sy; sources sit outside the PML, where sx·sy = 1.
 */
export function assembleOperator(g: FdfdGrid, epsilon: Float64Array, k0: number): SymmetricBandedMatrix {
  const { nx, ny, h } = g;
  const m = symmetricBandedZeros(nx * ny, halfBandwidth(g));
  const h2 = h * h;
  const sxNode = Array.from({ length: nx }, (_, i) => stretch(g, i + 0.5, nx));
  const syNode = Array.from({ length: ny }, (_, j) => stretch(g, j + 0.5, ny));
  // Links: index i is the face between cells i − 1 and i (0 and n are the walls).
  const sxLink = Array.from({ length: nx + 1 }, (_, i) => stretch(g, i, nx));
  const syLink = Array.from({ length: ny + 1 }, (_, j) => stretch(g, j, ny));
  for (let j = 0; j < ny; j++) {
    const sy = syNode[j] as { re: number; im: number };
    for (let i = 0; i < nx; i++) {
      const sx = sxNode[i] as { re: number; im: number };
      const p = cellIndex(g, i, j);
      const west = div(sy, sxLink[i] as { re: number; im: number });
      const east = div(sy, sxLink[i + 1] as { re: number; im: number });
      const south = div(sx, syLink[j] as { re: number; im: number });
      const north = div(sx, syLink[j + 1] as { re: number; im: number });
      const area = mul(sx, sy);
      const e = (epsilon[i + j * nx] as number) * k0 * k0;
      const diagRe = e * area.re - (west.re + east.re + south.re + north.re) / h2;
      const diagIm = e * area.im - (west.im + east.im + south.im + north.im) / h2;
      symmetricBandedAdd(m, p, p, diagRe, diagIm);
      // Each link is added once, from its lower-left cell.
      if (i + 1 < nx) symmetricBandedAdd(m, p, cellIndex(g, i + 1, j), east.re / h2, east.im / h2);
      if (j + 1 < ny) symmetricBandedAdd(m, p, cellIndex(g, i, j + 1), north.re / h2, north.im / h2);
    }
  }
  return m;
}
