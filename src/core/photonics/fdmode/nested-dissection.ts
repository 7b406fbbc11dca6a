/**
 * Geometric nested dissection of the full-vectorial operator's cell grid: the fill-reducing order
 * of the sparse LU (../linalg/multifrontal.ts). The operator couples a cell's two unknowns (H_x, H_y)
 * only to cells at most one step away in i and j (diagonals included), so a full line of cells
 * across a box splits it in two. Boxes are halved across their longer side recursively; a box of
 * at most `leafCells` cells is one front, its cells in natural order. A front's boundary is the
 * ring of cells around its box: every one of them lies on an ancestor's separator (or outside the
 * grid), and every cell its subtree's fill can reach is in it.
 */
import type { EliminationTree, FrontNode } from '../linalg/multifrontal.ts';

/** Cells in a leaf box: on the 2.5 × 2.24 µm window at 10 nm, 8 → 136 MiB and 1.9 Gflop, 16 → 143 MiB, 32 → 166 MiB, 64 → 215 MiB and 2.7 Gflop (symbolic counts). */
export const DEFAULT_LEAF_CELLS = 16;

export function nestedDissection(nx: number, ny: number, slots: (i: number, j: number) => readonly number[], leafCells = DEFAULT_LEAF_CELLS): EliminationTree {
  const fronts: FrontNode[] = [];
  let n = 0;
  // The variables of the cells emitted since the last take(), in emission order (no per-cell tuples:
  // allocation was most of this ordering's time on the 10 nm strip, issue 20).
  const buf: number[] = [];
  const emit = (i: number, j: number): void => {
    for (const v of slots(i, j)) buf.push(v);
  };
  const take = (): Int32Array => {
    const out = Int32Array.from(buf);
    buf.length = 0;
    return out;
  };
  const inside = (i: number, j: number): boolean => i >= 0 && i < nx && j >= 0 && j < ny;
  const ring = (i0: number, i1: number, j0: number, j1: number): Int32Array => {
    for (let i = i0 - 1; i <= i1; i++) {
      if (inside(i, j0 - 1)) emit(i, j0 - 1);
      if (inside(i, j1)) emit(i, j1);
    }
    for (let j = j0; j < j1; j++) {
      if (inside(i0 - 1, j)) emit(i0 - 1, j);
      if (inside(i1, j)) emit(i1, j);
    }
    return take();
  };
  /** Builds the subtree of box [i0, i1) × [j0, j1) and returns its root's index. */
  const build = (i0: number, i1: number, j0: number, j1: number): number => {
    const w = i1 - i0;
    const h = j1 - j0;
    const children: number[] = [];
    let own: Int32Array;
    if (w * h <= leafCells || (w < 3 && h < 3)) {
      for (let j = j0; j < j1; j++) for (let i = i0; i < i1; i++) emit(i, j);
      own = take();
    } else if (w >= h) {
      const c = i0 + (w >> 1);
      if (c > i0) children.push(build(i0, c, j0, j1));
      if (c + 1 < i1) children.push(build(c + 1, i1, j0, j1));
      for (let j = j0; j < j1; j++) emit(c, j);
      own = take();
    } else {
      const c = j0 + (h >> 1);
      if (c > j0) children.push(build(i0, i1, j0, c));
      if (c + 1 < j1) children.push(build(i0, i1, c + 1, j1));
      for (let i = i0; i < i1; i++) emit(i, c);
      own = take();
    }
    const node: FrontNode = { own, boundary: ring(i0, i1, j0, j1), children };
    n += node.own.length;
    fronts.push(node);
    return fronts.length - 1;
  };
  build(0, nx, 0, ny);
  return { n, fronts };
}
