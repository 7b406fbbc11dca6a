/**
 * Plumbing shared by the AssemblyScript kernels (assembly/*.ts, built by npm run build:wasm): the
 * `env.abort` import, instantiation from a compiled module or its bytes, the export check, aligned
 * regions from the kernel's bump allocator and a Float64Array view that survives memory growth.
 * Pure core: the caller supplies the module or bytes (Node reads the file, the worker fetches it).
 */

/** A compiled kernel or its bytes. */
export type WasmSource = WebAssembly.Module | BufferSource;

/** What every kernel exports: its memory and the allocator (assembly/_memory.ts alloc). */
export interface WasmKernelExports {
  readonly memory: WebAssembly.Memory;
  alloc(bytes: number): number;
}

/** Decodes an AssemblyScript string (UTF-16, byte length stored just before the data). */
export function readAsString(memory: WebAssembly.Memory, ptr: number): string {
  if (ptr === 0) return '';
  const bytes = new Uint32Array(memory.buffer, ptr - 4, 1)[0] ?? 0;
  return String.fromCharCode(...new Uint16Array(memory.buffer, ptr, bytes >>> 1));
}

async function instantiate(source: WasmSource, imports: WebAssembly.Imports): Promise<WebAssembly.Instance> {
  if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, imports);
  return (await WebAssembly.instantiate(source, imports)).instance;
}

/**
 * Instantiates the kernel `name` (e.g. "veh-oracle.wasm", used in error messages) and checks that it
 * exports its memory, alloc() and each of `functions`.
 */
export async function instantiateKernel<T extends WasmKernelExports>(
  source: WasmSource,
  name: string,
  functions: readonly string[],
): Promise<T> {
  // abort() needs the memory to decode its message, but the memory exists only after instantiation.
  const late: { memory?: WebAssembly.Memory } = {};
  const imports = {
    env: {
      // The kernels are built with --noAssert, so this fires only on a kernel bug (or out of memory); fail loudly.
      abort(msg: number, file: number, line: number, column: number): never {
        const m = late.memory;
        const text = m ? `${readAsString(m, msg)} (${readAsString(m, file)}:${line}:${column})` : `at ${line}:${column}`;
        throw new Error(`${name} aborted: ${text}`);
      },
    },
  };
  const ex = (await instantiate(source, imports)).exports as Record<string, unknown>;
  for (const fn of ['alloc', ...functions]) {
    if (typeof ex[fn] !== 'function') throw new Error(`${name} does not export ${fn}()`);
  }
  if (!(ex.memory instanceof WebAssembly.Memory)) throw new Error(`${name} does not export its memory`);
  late.memory = ex.memory;
  return ex as unknown as T;
}

/**
 * Reserves `doubles` f64s in the kernel's memory and returns the region's index in f64 units. The
 * minimal runtime cannot free from JS, so callers abandon old regions (see kernelRegions).
 */
export function allocDoubles(kernel: WasmKernelExports, doubles: number, name: string): number {
  const ptr = kernel.alloc(doubles * 8) >>> 0;
  if (ptr % 8 !== 0) throw new Error(`${name} returned a misaligned buffer`);
  return ptr / 8;
}

/** Regions of a kernel's memory that a batch is copied into and out of, grown on demand. */
export interface KernelRegions {
  /** f64 index of each region, in the order of `strides`; changes when the regions grow. */
  readonly base: readonly number[];
  /** Records each region holds without another alloc. */
  capacity(): number;
  /** Makes room for `count` records: at least doubles the capacity (and at least `initial`) when it grows. */
  ensure(count: number): void;
}

/**
 * One region per entry of `strides` (doubles per record). Growing allocates new regions and abandons
 * the old ones (the minimal runtime cannot free from JS); doubling bounds the waste to 2×. Nothing is
 * reserved until the first ensure().
 */
export function kernelRegions(kernel: WasmKernelExports, name: string, strides: readonly number[], initial: number): KernelRegions {
  const base = strides.map(() => 0);
  let capacity = 0;
  return {
    base,
    capacity: () => capacity,
    ensure(count: number): void {
      if (count <= capacity) return;
      const next = Math.max(count, capacity * 2, initial);
      strides.forEach((stride, i) => {
        base[i] = allocDoubles(kernel, next * stride, name);
      });
      capacity = next;
    },
  };
}

/**
 * A Float64Array over `memory`, re-created whenever the memory has grown (growing detaches
 * `memory.buffer`; an alloc, or the kernel itself, may grow it). Call it once per batch, after any alloc.
 */
export function float64View(memory: WebAssembly.Memory): () => Float64Array {
  let f64 = new Float64Array(memory.buffer);
  return () => {
    if (f64.buffer !== memory.buffer) f64 = new Float64Array(memory.buffer);
    return f64;
  };
}
