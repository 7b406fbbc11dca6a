/**
 * Size of the semi-vectorial solve's system before it is built: one unknown per node of the
 * window's grid, and its sparse LU counted symbolically on a geometric nested dissection of that
 * grid (./nested-dissection.ts), as fvSystemSize does for the full-vectorial operator's two per
 * cell. The solver itself orders by approximate minimum degree; the nested dissection's counts are
 * an upper estimate of its fill whose ratio between two grids tracks the solver's (what the
 * estimate's probe scaling needs), and a bound on its memory (what the size guard needs).
 */
import { sparsePeakDoubles, symbolicSize, type SymbolicSize } from '../linalg/multifrontal.ts';
import { channelGridShape } from './geometry.ts';
import { nestedDissection } from './nested-dissection.ts';
import type { ChannelStructure } from './problem.ts';
import { SEMIVECTORIAL_ROW_ENTRIES } from './semivectorial.ts';

export interface SvSystemSize {
  readonly nx: number;
  readonly ny: number;
  readonly unknowns: number;
  /** Its sparse LU (nested dissection, symbolic): doubles of the factors, peak doubles while factorising, multiply-adds. */
  readonly factorDoubles: number;
  readonly peakDoubles: number;
  readonly factorFlops: number;
}

const symbolicCache = new Map<string, SymbolicSize>();

/** The symbolic factorisation of an nx × ny node grid, one unknown per node (memoised: it depends on the counts only). */
function gridSymbolic(nx: number, ny: number): SymbolicSize {
  const key = `${nx}x${ny}`;
  let hit = symbolicCache.get(key);
  if (!hit) {
    hit = symbolicSize(nestedDissection(nx, ny, (i, j) => [j * nx + i]));
    if (symbolicCache.size > 32) symbolicCache.clear();
    symbolicCache.set(key, hit);
  }
  return hit;
}

export function svSystemSize(s: ChannelStructure, cell: number): SvSystemSize {
  const { nx, ny } = channelGridShape(s, cell);
  const sym = gridSymbolic(nx, ny);
  const unknowns = nx * ny;
  return { nx, ny, unknowns, factorDoubles: sym.factorDoubles, peakDoubles: sparsePeakDoubles(sym, unknowns, SEMIVECTORIAL_ROW_ENTRIES * unknowns), factorFlops: sym.flops };
}
