/**
 * The approximate-minimum-degree ordering with its steps (./minimum-degree.ts) on the WASM build
 * of assembly/_minimum-degree.ts, which ships inside photonics-linalg.wasm (./wasm-kernel.ts builds
 * this from the same instance). Why (issue 20): the TypeScript ordering was a fifth of the 20 nm
 * whole-window full-vectorial mode solve; the WASM twin returns the very same arrays.
 *
 * One region of the kernel's memory (its own, so no other call's data is overwritten) holds the
 * scratch, the pattern, the outputs, the list pool and the boundaries; the outputs are copied out.
 * Sizes: the pool needs at most 2·rowStart[n] entries because the kernel compacts it (see compact
 * in the assembly), so it is sized so up front and never retried in practice (code 1 doubles it, a
 * safeguard only). The boundaries' total (the row structure of L) is not known before the
 * elimination: the first guess is 8 per variable, raised past what earlier calls needed; when short,
 * the kernel finishes counting and one rerun with exactly its total follows (code 2).
 */
import { float64View, kernelRegions, type WasmKernelExports } from '../../kernels/wasm-module.ts';
import type { MinimumDegreeSteps, OrderingKernel } from './minimum-degree.ts';
import type { SymmetricPattern } from './supernodal-tree.ts';

export interface OrderingExports extends WasmKernelExports {
  minimumDegreeScratchInts(n: number): number;
  minimumDegreeSteps(
    n: number, rowStart: number, cols: number, out: number, boundary: number, boundaryCapacity: number,
    iw: number, iwCapacity: number, scratch: number, header: number,
  ): number;
}

export const ORDERING_FUNCTIONS = ['minimumDegreeScratchInts', 'minimumDegreeSteps'] as const;

export interface WasmOrderingOptions {
  /** The list pool's first size for n variables and `entries` = rowStart[n]; default 2·entries (always enough). Tests shrink it to force compaction and the retry. */
  readonly poolInts?: (n: number, entries: number) => number;
  /** First guess at Σ boundary / n; default 8 (the strip whole window needs 5.1–5.5 at 40, 20 and 10 nm). Tests lower it to force the rerun. */
  readonly boundaryPerVariable?: number;
}

/** The kernel's header: pivots, boundary total, compactions. */
const HEADER = 3;
/** The steps' arrays, n each, in the kernel's output order. */
const OUTPUTS = ['order', 'pivots', 'ownStart', 'ownLength', 'boundaryStart', 'boundaryLength', 'absorbedBy'] as const;

export function createWasmOrderingKernel(kernel: OrderingExports, name: string, options: WasmOrderingOptions = {}): OrderingKernel {
  const region = kernelRegions(kernel, name, [1], 1 << 14);
  const memory = float64View(kernel.memory);
  // Raised to 1.25× what calls have needed, so a pattern like an earlier one is not rerun.
  let boundaryPerVariable = options.boundaryPerVariable ?? 8;
  const minimumDegreeSteps = (pattern: SymmetricPattern): MinimumDegreeSteps => {
    const { n, rowStart, cols } = pattern;
    const entries = rowStart[n] as number;
    if (rowStart.length !== n + 1 || cols.length < entries) throw new Error(`minimum degree: a pattern of ${n} rows with ${rowStart.length} row starts and ${cols.length} columns`);
    let pool = Math.max(1, options.poolInts?.(n, entries) ?? 2 * entries);
    let boundaryCapacity = Math.max(1, Math.ceil(boundaryPerVariable * n));
    const scratch = kernel.minimumDegreeScratchInts(n);
    for (;;) {
      // i32 layout: the scratch first (its i64s need the region's 8-byte alignment), then the
      // header, the pattern, the outputs, the pool and the boundaries.
      const ints = scratch + HEADER + (n + 1) + entries + OUTPUTS.length * n + pool + boundaryCapacity;
      region.ensure(Math.ceil(ints / 2));
      const i32 = new Int32Array(memory().buffer);
      const at0 = 2 * (region.base[0] as number);
      const header = at0 + scratch;
      const rs = header + HEADER;
      const cs = rs + n + 1;
      const out = cs + entries;
      const iw = out + OUTPUTS.length * n;
      const boundary = iw + pool;
      i32.set(rowStart, rs);
      i32.set(cols.subarray(0, entries), cs);
      const code = kernel.minimumDegreeSteps(n, 4 * rs, 4 * cs, 4 * out, 4 * boundary, boundaryCapacity, 4 * iw, pool, 4 * at0, 4 * header);
      if (code === 1) {
        pool *= 2;
        continue;
      }
      const total = i32[header + 1] as number;
      if (code === 2) {
        boundaryCapacity = total;
        continue;
      }
      if (code !== 0) throw new Error(`minimum degree: the kernel returned ${code}`);
      if (n > 0) boundaryPerVariable = Math.max(boundaryPerVariable, (1.25 * total) / n);
      const pivotCount = i32[header] as number;
      const array = (k: number, length = n): Int32Array => i32.slice(out + k * n, out + k * n + length);
      return {
        order: array(0),
        pivots: array(1, pivotCount),
        ownStart: array(2),
        ownLength: array(3),
        boundaryStart: array(4),
        boundaryLength: array(5),
        absorbedBy: array(6),
        boundary: i32.slice(boundary, boundary + total),
      };
    }
  };
  return { id: 'wasm', minimumDegreeSteps };
}
