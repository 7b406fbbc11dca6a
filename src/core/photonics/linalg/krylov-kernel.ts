/**
 * The vector work of the mode solver's Krylov iteration (../fdmode/shift-invert-eigs.ts) behind
 * one interface: Gram products, block combinations and squared norms over an arena of doubles in
 * which a block of vectors of length n sits vector after vector. On WASM the arena is the
 * kernel's own memory and the loops are the SIMD ones of assembly/_pwe-block.ts, so a basis of
 * 30 vectors of 110 k doubles is neither copied nor walked by TypeScript (issue 20: Gram–Schmidt
 * and the Ritz combinations were 40 % of the 10 nm strip's time in plain loops).
 *
 * Offsets are in doubles from the arena's start. The arena view must be fetched again (`view()`)
 * after anything that may grow the kernel's memory — a reserve here, or a factorisation of the
 * same kernel — since growing detaches earlier views.
 */
export interface KrylovVectorKernel {
  readonly id: string;
  /** Makes room for `doubles` (earlier contents may be lost, earlier views detach). */
  reserve(doubles: number): void;
  /** The arena, valid until the kernel's memory next grows. */
  view(): Float64Array;
  /** out[i·nb + j] = a_iᵀ b_j. */
  gram(a: number, na: number, b: number, nb: number, n: number, out: number): void;
  /** out_j = [out_j +] Σ_i c[i·m + j]·s_i, i < ns, j < m; out must not overlap s. */
  combine(s: number, ns: number, c: number, m: number, n: number, out: number, add: boolean): void;
  /** out[j] = ‖v_j‖², j < m. */
  norms(v: number, m: number, n: number, out: number): void;
  /** Keeps A (compressed rows) for multiply(); a later reserve() may drop it. */
  loadMatrix(a: KrylovMatrix): void;
  /** Arena vector y = A·x for the loaded A, each row summed in stored order (fdmode's sparseMultiply). */
  multiply(x: number, y: number): void;
  /** multiply() on two vectors (y1 = A·x1, y2 = A·x2) with one pass over A: the same bits. */
  multiplyTwo(x1: number, x2: number, y1: number, y2: number): void;
}

/** The operator whose images the Krylov basis keeps, in compressed rows. */
export interface KrylovMatrix {
  readonly n: number;
  readonly rowStart: Int32Array;
  readonly cols: Int32Array;
  readonly values: Float64Array;
}

/**
 * out_j = [out_j +] Σ_i c[i·m + j]·s_i over the vectors of `f64` (offsets in doubles), each sum
 * from out_j (or 0) in i order: the order of the WASM pweCombine's lanes. Shared by this
 * reference and the plane-wave block kernel's (pwe/block-kernel.ts).
 */
export function combineInArena(f64: Float64Array, s: number, ns: number, c: number, m: number, n: number, out: number, add: boolean): void {
  for (let j = 0; j < m; j++) {
    for (let t = 0; t < n; t++) {
      let acc = add ? (f64[out + j * n + t] as number) : 0;
      for (let i = 0; i < ns; i++) acc += (f64[c + i * m + j] as number) * (f64[s + i * n + t] as number);
      f64[out + j * n + t] = acc;
    }
  }
}

/** The TypeScript reference: plain loops over a Float64Array, each sum in the WASM loop's order (bit-identical results). */
export function createReferenceKrylovKernel(): KrylovVectorKernel {
  let f64 = new Float64Array(0);
  let matrix: KrylovMatrix | null = null;
  return {
    id: 'reference',
    reserve(doubles) {
      if (f64.length < doubles) f64 = new Float64Array(doubles);
    },
    view: () => f64,
    gram(a, na, b, nb, n, out) {
      // Two chains (even and odd t), then the odd tail: the WASM pweGram's lanes, so the mode
      // solver gives the same bits on both backends.
      const even = n & ~1;
      for (let i = 0; i < na; i++) {
        for (let j = 0; j < nb; j++) {
          let s0 = 0;
          let s1 = 0;
          const x = a + i * n;
          const y = b + j * n;
          for (let t = 0; t < even; t += 2) {
            s0 += (f64[x + t] as number) * (f64[y + t] as number);
            s1 += (f64[x + t + 1] as number) * (f64[y + t + 1] as number);
          }
          let s = s0 + s1;
          if (even < n) s += (f64[x + even] as number) * (f64[y + even] as number);
          f64[out + i * nb + j] = s;
        }
      }
    },
    combine: (s, ns, c, m, n, out, add) => combineInArena(f64, s, ns, c, m, n, out, add),
    norms(v, m, n, out) {
      for (let j = 0; j < m; j++) {
        let sum = 0;
        for (let t = 0; t < n; t++) {
          const x = f64[v + j * n + t] as number;
          sum += x * x;
        }
        f64[out + j] = sum;
      }
    },
    loadMatrix(a) {
      matrix = a;
    },
    multiply(x, y) {
      if (!matrix) throw new Error('Krylov kernel: multiply before loadMatrix');
      arenaMultiply(matrix, f64, x, y);
    },
    multiplyTwo(x1, x2, y1, y2) {
      if (!matrix) throw new Error('Krylov kernel: multiply before loadMatrix');
      arenaMultiply(matrix, f64, x1, y1);
      arenaMultiply(matrix, f64, x2, y2);
    },
  };
}

/** Arena vector y = A·x, each row summed in stored order from 0. */
function arenaMultiply(a: KrylovMatrix, f64: Float64Array, x: number, y: number): void {
  const { n, rowStart, cols, values } = a;
  for (let r = 0; r < n; r++) {
    let s = 0;
    for (let e = rowStart[r] as number; e < (rowStart[r + 1] as number); e++) s += (values[e] as number) * (f64[x + (cols[e] as number)] as number);
    f64[y + r] = s;
  }
}

