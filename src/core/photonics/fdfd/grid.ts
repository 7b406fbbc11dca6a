/**
 * The 2-D FDFD grid: nx × ny square cells of side h (µm), Ez sampled at cell centres (the Yee grid's
 * Ez nodes; Hx, Hy live on the links between them and are eliminated), `npml` cells of
 * stretched-coordinate PML on every side.
 *
 * Unknowns are numbered along the shorter side first, so the operator's half-bandwidth is
 * min(nx, ny): banded elimination costs ∝ nx·ny·min(nx, ny)².
 */
export interface FdfdGrid {
  readonly nx: number;
  readonly ny: number;
  /** Cell side, µm. */
  readonly h: number;
  /** PML thickness in cells, on each of the four sides. */
  readonly npml: number;
  /** Peak PML stretch: s = 1 + i·sigmaMax·(depth)³ at the outer wall. */
  readonly sigmaMax: number;
}

/** Polynomial grading of the PML: cubic keeps the first cells nearly transparent (low discretisation reflection). */
const PML_ORDER = 3;
/** Intended round-trip reflection of the continuous PML at normal incidence. */
export const PML_TARGET_REFLECTION = 1e-8;

/**
 * The stretch σ_max that makes a wave of wavenumber k (1/µm) lose PML_TARGET_REFLECTION over a
 * round trip through `thickness` µm: exp(−2k∫σ) with ∫σ = σ_max·L/(m + 1).
 */
export function pmlSigmaMax(k: number, thickness: number): number {
  return ((PML_ORDER + 1) * Math.log(1 / PML_TARGET_REFLECTION)) / (2 * k * thickness);
}

/** Unknown number of cell (i, j). */
export function cellIndex(g: FdfdGrid, i: number, j: number): number {
  return g.nx <= g.ny ? j * g.nx + i : i * g.ny + j;
}

export function halfBandwidth(g: FdfdGrid): number {
  return Math.min(g.nx, g.ny);
}

/** Depth into the PML (0 outside, 1 at the wall) of position u, measured in cells from the low edge of an axis of n cells. */
function pmlDepth(u: number, n: number, npml: number): number {
  if (npml <= 0) return 0;
  if (u < npml) return (npml - u) / npml;
  if (u > n - npml) return (u - (n - npml)) / npml;
  return 0;
}

/** Complex stretch factor s = 1 + iσ at position u (cells) on an axis of n cells (e^{−iωt}: fields decay as e^{−k∫σ}). */
export function stretch(g: FdfdGrid, u: number, n: number): { re: number; im: number } {
  return { re: 1, im: g.sigmaMax * pmlDepth(u, n, g.npml) ** PML_ORDER };
}

/** True when cell (i, j) lies outside every PML. */
export function isInterior(g: FdfdGrid, i: number, j: number): boolean {
  return i >= g.npml && i < g.nx - g.npml && j >= g.npml && j < g.ny - g.npml;
}
