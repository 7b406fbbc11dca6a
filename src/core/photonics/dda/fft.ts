/**
 * A small radix-2 complex FFT on split real/imaginary Float64Arrays, and its 3-D form. The DDA
 * matrix–vector product is a 3-D convolution with the interaction tensor, so a zero-padded grid of
 * power-of-two sides is all it needs (no mixed radices). Forward: X_k = Σ x_n e^{−2πi kn/N};
 * the inverse uses e^{+2πi kn/N} and does NOT divide by N (the caller folds 1/N in once).
 * Its line and row transforms also serve the plane-wave solver's 2-D grid (pwe/fft2d.ts).
 */

/** Twiddles per size: cos/sin of 2πj/N for j < N/2, built once (the solver repeats the same sizes). */
const twiddleCache = new Map<number, { cos: Float64Array; sin: Float64Array; rev: Uint32Array }>();

export function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && (n & (n - 1)) === 0;
}

export function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

function tables(n: number): { cos: Float64Array; sin: Float64Array; rev: Uint32Array } {
  const cached = twiddleCache.get(n);
  if (cached) return cached;
  const cos = new Float64Array(n / 2);
  const sin = new Float64Array(n / 2);
  for (let j = 0; j < n / 2; j++) {
    cos[j] = Math.cos((2 * Math.PI * j) / n);
    sin[j] = Math.sin((2 * Math.PI * j) / n);
  }
  const rev = new Uint32Array(n);
  let bits = 0;
  while (1 << bits < n) bits++;
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) if (i & (1 << b)) r |= 1 << (bits - 1 - b);
    rev[i] = r;
  }
  const t = { cos, sin, rev };
  twiddleCache.set(n, t);
  return t;
}

/** In-place 1-D FFT of length re.length (a power of two). */
export function fft1d(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if (!isPowerOfTwo(n) || im.length !== n) throw new Error(`fft1d needs equal power-of-two lengths, got ${n} and ${im.length}`);
  fftLine(re, im, 0, 1, n, inverse);
}

/** In-place FFT of the n values re/im[offset + i·stride]: bit-reversal permutation, then butterflies. */
export function fftLine(re: Float64Array, im: Float64Array, offset: number, stride: number, n: number, inverse: boolean): void {
  if (n === 1) return;
  const { cos, sin, rev } = tables(n);
  for (let i = 0; i < n; i++) {
    const j = rev[i] as number;
    if (j > i) {
      const a = offset + i * stride;
      const b = offset + j * stride;
      const tr = re[a] as number;
      re[a] = re[b] as number;
      re[b] = tr;
      const ti = im[a] as number;
      im[a] = im[b] as number;
      im[b] = ti;
    }
  }
  const sign = inverse ? 1 : -1;
  for (let size = 2; size <= n; size *= 2) {
    const half = size / 2;
    const step = n / size;
    for (let j = 0; j < half; j++) {
      const wr = cos[j * step] as number;
      const wi = sign * (sin[j * step] as number);
      for (let start = 0; start < n; start += size) {
        const a = offset + (start + j) * stride;
        const b = a + half * stride;
        const br = re[b] as number;
        const bi = im[b] as number;
        const tr = wr * br - wi * bi;
        const ti = wr * bi + wi * br;
        const ar = re[a] as number;
        const ai = im[a] as number;
        re[a] = ar + tr;
        im[a] = ai + ti;
        re[b] = ar - tr;
        im[b] = ai - ti;
      }
    }
  }
}

/** Grid sides (x fastest in memory: index = x + nx·(y + ny·z)). */
export type Dims = readonly [number, number, number];

/**
 * In-place 3-D FFT (separable: 1-D transforms along each axis). `occupied` exploits the zero
 * padding of the DDA grid: for the forward transform it says the input is zero outside the corner
 * box [0, occupied) so x lines (and y lines) outside it are skipped; for the inverse it says only
 * that corner of the output is read, so the axes run z, y, x and skip lines that miss it. Either
 * way the work drops by about half on a doubled grid.
 */
export function fft3d(re: Float64Array, im: Float64Array, dims: Dims, inverse = false, occupied?: Dims): void {
  const [nx, ny, nz] = dims;
  if (re.length !== nx * ny * nz || im.length !== re.length) throw new Error('fft3d: array length does not match the grid');
  const [, oy, oz] = occupied ?? dims;
  const plane = nx * ny;
  const xLines = (): void => {
    for (let z = 0; z < oz; z++) for (let y = 0; y < oy; y++) fftLine(re, im, nx * (y + ny * z), 1, nx, inverse);
  };
  // y and z: whole rows of contiguous memory are transformed together (see fftRows), not one strided line at a time.
  const yLines = (): void => {
    for (let z = 0; z < oz; z++) fftRows(re, im, plane * z, nx, ny, inverse);
  };
  const zLines = (): void => fftRows(re, im, 0, plane, nz, inverse);
  if (!inverse || !occupied) {
    xLines();
    yLines();
    zLines();
  } else {
    zLines();
    yLines();
    xLines();
  }
}

/**
 * FFT along an axis of length n whose elements are rows of `width` contiguous values: element j of
 * line i sits at offset + j·width + i. Each butterfly runs over a whole row, so memory is read in
 * order — several times faster than strided lines once the grid outgrows the cache.
 */
export function fftRows(re: Float64Array, im: Float64Array, offset: number, width: number, n: number, inverse: boolean): void {
  if (n === 1) return;
  const { cos, sin, rev } = tables(n);
  for (let i = 0; i < n; i++) {
    const j = rev[i] as number;
    if (j <= i) continue;
    const a0 = offset + i * width;
    const b0 = offset + j * width;
    for (let t = 0; t < width; t++) {
      const tr = re[a0 + t] as number;
      re[a0 + t] = re[b0 + t] as number;
      re[b0 + t] = tr;
      const ti = im[a0 + t] as number;
      im[a0 + t] = im[b0 + t] as number;
      im[b0 + t] = ti;
    }
  }
  const sign = inverse ? 1 : -1;
  for (let size = 2; size <= n; size *= 2) {
    const half = size / 2;
    const step = n / size;
    for (let j = 0; j < half; j++) {
      const wr = cos[j * step] as number;
      const wi = sign * (sin[j * step] as number);
      for (let start = 0; start < n; start += size) {
        const a0 = offset + (start + j) * width;
        const b0 = a0 + half * width;
        for (let t = 0; t < width; t++) {
          const a = a0 + t;
          const b = b0 + t;
          const br = re[b] as number;
          const bi = im[b] as number;
          const tr = wr * br - wi * bi;
          const ti = wr * bi + wi * br;
          const ar = re[a] as number;
          const ai = im[a] as number;
          re[a] = ar + tr;
          im[a] = ai + ti;
          re[b] = ar - tr;
          im[b] = ai - ti;
        }
      }
    }
  }
}
