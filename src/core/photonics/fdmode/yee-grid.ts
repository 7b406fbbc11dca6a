/**
 * The staggered (Yee) grid of the full-vectorial mode solver and its permittivities. The window is
 * nx × ny cells of dx × dy; nodes (i, j) sit at the cell corners, i = 0…nx, j = 0…ny. Transverse
 * fields live where the curl equations need them: E_x and H_y on horizontal edges (i + ½, j), E_y
 * and H_x on vertical edges (i, j + ½), E_z on nodes, H_z at cell centres.
 *
 * Each E component gets its own n², averaged over the dual cell around its point the way the
 * component sees the material: harmonically along its own direction (the normal field is what is
 * continuous across a face at right angles to it: D_n) and arithmetically across it (the tangential
 * field is continuous). For faces parallel to the axes this is the exact effective medium of a
 * laminate, so an interface that cuts a cell moves n_eff smoothly instead of in stair-steps.
 */

/** n² at the three E-component locations. */
export interface YeePermittivity {
  readonly nx: number;
  readonly ny: number;
  /** E_x at (i + ½, j): index j·nx + i, j = 0…ny. */
  readonly x: Float64Array;
  /** E_y at (i, j + ½): index j·(nx + 1) + i, i = 0…nx. */
  readonly y: Float64Array;
  /** E_z at node (i, j): index j·(nx + 1) + i. */
  readonly z: Float64Array;
}

/** Interfaces of a cross-section made of axis-aligned rectangles and layers (window coordinates). */
export interface MaterialEdges {
  /** x of every vertical face. */
  readonly xs: readonly number[];
  /** y of every horizontal face. */
  readonly ys: readonly number[];
}

/**
 * Averages `epsAt(x, y)` (n² at a point, coordinates from the window's lower-left corner) over the
 * dx × dy box centred on every E location. The box is cut at the faces in `edges` into pieces of
 * constant material, each sampled once at its centre, so the average is exact for rectangles and
 * layers whatever the face positions (fixed sub-sampling would stair-step again at its own
 * resolution). Boxes on the window edge reach outside it; `epsAt` is asked there too.
 */
export function yeePermittivity(nx: number, ny: number, dx: number, dy: number, epsAt: (x: number, y: number) => number, edges: MaterialEdges): YeePermittivity {
  /** [lo, the faces strictly inside (lo, hi) in increasing order, hi]. */
  const cuts = (lo: number, hi: number, faces: readonly number[]): number[] => [lo, ...faces.filter((f) => f > lo && f < hi).sort((a, b) => a - b), hi];
  // Every E location's box spans one of two families per axis (cell-centred or node-centred), so
  // the cut lists are made once per column and per row (issue 20: a map lookup keyed by a double
  // for each of the window's E locations was most of this function's time). Same lo and hi
  // expressions as at the locations, so the same numbers.
  const xCell = Array.from({ length: nx }, (_, i) => cuts((i + 0.5) * dx - dx / 2, (i + 0.5) * dx + dx / 2, edges.xs));
  const xNode = Array.from({ length: nx + 1 }, (_, i) => cuts(i * dx - dx / 2, i * dx + dx / 2, edges.xs));
  const yCell = Array.from({ length: ny }, (_, j) => cuts((j + 0.5) * dy - dy / 2, (j + 0.5) * dy + dy / 2, edges.ys));
  const yNode = Array.from({ length: ny + 1 }, (_, j) => cuts(j * dy - dy / 2, j * dy + dy / 2, edges.ys));
  /** along 'x': harmonic mean along x in each horizontal strip, then the strips' arithmetic mean; 'y' the other way; 'none' arithmetic. */
  const average = (xc: readonly number[], yc: readonly number[], along: 'x' | 'y' | 'none'): number => {
    // Outer loop over strips across the averaging direction, inner loop along it (no temporaries:
    // this runs for every E location of the window).
    const alongY = along === 'y';
    const outerCuts = alongY ? xc : yc;
    const innerCuts = alongY ? yc : xc;
    const outerSize = alongY ? dx : dy;
    const innerSize = alongY ? dy : dx;
    let outer = 0;
    for (let a = 0; a + 1 < outerCuts.length; a++) {
      const o0 = outerCuts[a] as number;
      const o1 = outerCuts[a + 1] as number;
      let inner = 0;
      for (let b = 0; b + 1 < innerCuts.length; b++) {
        const i0 = innerCuts[b] as number;
        const i1 = innerCuts[b + 1] as number;
        const midOuter = (o0 + o1) / 2;
        const midInner = (i0 + i1) / 2;
        const e = alongY ? epsAt(midOuter, midInner) : epsAt(midInner, midOuter);
        inner += along === 'none' ? e * (i1 - i0) : (i1 - i0) / e;
      }
      const stripMean = along === 'none' ? inner / innerSize : innerSize / inner;
      outer += stripMean * (o1 - o0);
    }
    return outer / outerSize;
  };
  const x = new Float64Array(nx * (ny + 1));
  const y = new Float64Array((nx + 1) * ny);
  const z = new Float64Array((nx + 1) * (ny + 1));
  for (let j = 0; j <= ny; j++) for (let i = 0; i < nx; i++) x[j * nx + i] = average(xCell[i] as number[], yNode[j] as number[], 'x');
  for (let j = 0; j < ny; j++) for (let i = 0; i <= nx; i++) y[j * (nx + 1) + i] = average(xNode[i] as number[], yCell[j] as number[], 'y');
  for (let j = 0; j <= ny; j++) for (let i = 0; i <= nx; i++) z[j * (nx + 1) + i] = average(xNode[i] as number[], yNode[j] as number[], 'none');
  return { nx, ny, x, y, z };
}
