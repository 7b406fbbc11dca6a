/**
 * The full-vectorial mode operator's assembly behind a backend (../fdmode/fullvectorial-operator.ts
 * assembleFullVectorial is the TypeScript reference): the WASM twin, assembly/_fv-assembly.ts,
 * writes the same compressed rows bit for bit. Issue 20: in TypeScript the assembly was ~9 ms of
 * the 20 nm strip's ~100 ms whole-window solve (a dozen small calls per row that V8 would not
 * inline); the WASM loop takes a fraction of that.
 */
import { float64View, kernelRegions, type WasmKernelExports } from '../../kernels/wasm-module.ts';

/** The grid in plain arrays (fdmode's FullVectorialGrid and k₀, walls as flags). */
export interface FvAssemblyInput {
  readonly nx: number;
  readonly ny: number;
  readonly dx: number;
  readonly dy: number;
  readonly k0: number;
  readonly leftPmc: boolean;
  readonly bottomPmc: boolean;
  /** ε at E_x (nx·(ny + 1)), E_y ((nx + 1)·ny) and E_z ((nx + 1)·(ny + 1)): yee-grid.ts's layout. */
  readonly epsX: Float64Array;
  readonly epsY: Float64Array;
  readonly epsZ: Float64Array;
}

/** Compressed rows of the operator over n = 2·nx·ny slots, which slots are live, and the half-bandwidth. */
export interface FvAssemblyOutput {
  readonly rowStart: Int32Array;
  readonly cols: Int32Array;
  readonly values: Float64Array;
  readonly live: Uint8Array;
  readonly bandwidth: number;
}

export interface FvAssemblyKernel {
  readonly id: string;
  assemble(input: FvAssemblyInput): FvAssemblyOutput;
}

export interface FvAssemblyExports extends WasmKernelExports {
  fvAssemble(
    nx: number, ny: number, dx: number, dy: number, k0: number, leftPmc: number, bottomPmc: number,
    epsX: number, epsY: number, epsZ: number,
    rowStart: number, cols: number, values: number, live: number, capacity: number,
  ): number;
  fvAssemblyBandwidth(): number;
}

/** Entries reserved per slot before a retry: five to nine a row, fewer where H_x and H_y decouple. */
const ENTRIES_PER_SLOT = 6;

export function createWasmFvAssemblyKernel(kernel: FvAssemblyExports, name: string): FvAssemblyKernel {
  const region = kernelRegions(kernel, name, [1], 1 << 12);
  const memory = float64View(kernel.memory);
  return {
    id: 'wasm',
    assemble(g) {
      const n = 2 * g.nx * g.ny;
      const node = (g.nx + 1) * (g.ny + 1);
      if (g.epsX.length !== g.nx * (g.ny + 1) || g.epsY.length !== (g.nx + 1) * g.ny || g.epsZ.length !== node) throw new Error('fullvectorial assembly: permittivity arrays do not match the grid');
      for (let capacity = Math.max(16, ENTRIES_PER_SLOT * n); ; capacity *= 2) {
        // Doubles: ε_x, ε_y, ε_z, values; then i32 rowStart and cols (two to a double); then the live bytes.
        const doubles = g.epsX.length + g.epsY.length + node + capacity;
        const ints = n + 1 + capacity;
        region.ensure(doubles + Math.ceil(ints / 2) + Math.ceil(n / 8) + 1);
        const base = region.base[0] as number;
        const f64 = memory();
        const epsX = base;
        const epsY = epsX + g.epsX.length;
        const epsZ = epsY + g.epsY.length;
        const values = epsZ + node;
        const intBase = 2 * (values + capacity);
        const rowStart = intBase;
        const cols = rowStart + n + 1;
        const liveByte = 4 * (cols + capacity);
        f64.set(g.epsX, epsX);
        f64.set(g.epsY, epsY);
        f64.set(g.epsZ, epsZ);
        const bytes = new Uint8Array(f64.buffer);
        bytes.fill(0, liveByte, liveByte + n);
        const nnz = kernel.fvAssemble(g.nx, g.ny, g.dx, g.dy, g.k0, g.leftPmc ? 1 : 0, g.bottomPmc ? 1 : 0, 8 * epsX, 8 * epsY, 8 * epsZ, 4 * rowStart, 4 * cols, 8 * values, liveByte, capacity);
        if (nnz === -1) continue;
        if (nnz < 0) throw new Error('fullvectorial assembly: a row had more distinct columns than the kernel holds');
        // The kernel does not grow its memory, so the views taken before the call are still valid.
        const i32 = new Int32Array(f64.buffer);
        return {
          rowStart: i32.slice(rowStart, rowStart + n + 1),
          cols: i32.slice(cols, cols + nnz),
          values: f64.slice(values, values + nnz),
          live: bytes.slice(liveByte, liveByte + n),
          bandwidth: kernel.fvAssemblyBandwidth(),
        };
      }
    },
  };
}
