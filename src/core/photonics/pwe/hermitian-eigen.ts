/**
 * All eigenpairs of a small complex Hermitian matrix by cyclic Jacobi rotations (Golub & Van Loan
 * §8.5, extended to Hermitian matrices by first rotating the phase out of each pivot). The block
 * eigensolver's Rayleigh–Ritz step needs this for matrices of a few dozen rows with (near-)
 * degenerate eigenvalues, where Jacobi's orthonormal vectors are exactly what is wanted; its
 * O(k³) per sweep is small beside the operator applications at these sizes.
 */

export interface HermitianEigen {
  /** Ascending. */
  readonly values: Float64Array;
  /** Eigenvectors as columns of a k × k row-major matrix: vector j is (re, im)[i·k + j], i = 0…k−1. */
  readonly vectorsRe: Float64Array;
  readonly vectorsIm: Float64Array;
}

const MAX_SWEEPS = 60;

/** `re`/`im` hold a k × k Hermitian matrix row-major; they are not modified. */
export function hermitianEigen(re: Float64Array, im: Float64Array, k: number): HermitianEigen {
  if (re.length !== k * k || im.length !== k * k) throw new Error(`hermitianEigen: expected ${k * k} entries`);
  const ar = re.slice();
  const ai = im.slice();
  // Symmetrise: the caller's matrix is Hermitian up to rounding.
  for (let i = 0; i < k; i++) {
    ai[i * k + i] = 0;
    for (let j = i + 1; j < k; j++) {
      const r = ((ar[i * k + j] as number) + (ar[j * k + i] as number)) / 2;
      const m = ((ai[i * k + j] as number) - (ai[j * k + i] as number)) / 2;
      ar[i * k + j] = r;
      ar[j * k + i] = r;
      ai[i * k + j] = m;
      ai[j * k + i] = -m;
    }
  }
  const vr = new Float64Array(k * k);
  const vi = new Float64Array(k * k);
  for (let i = 0; i < k; i++) vr[i * k + i] = 1;
  let total = 0;
  for (let i = 0; i < k * k; i++) total += (ar[i] as number) ** 2 + (ai[i] as number) ** 2;
  const tiny = 1e-30 * total;
  // A real symmetric matrix (the block solver's real mode) skips every imaginary update.
  let real = true;
  for (let i = 0; i < k * k && real; i++) if (ai[i] !== 0) real = false;
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let off = 0;
    for (let p = 0; p < k; p++) for (let q = p + 1; q < k; q++) off += (ar[p * k + q] as number) ** 2 + (ai[p * k + q] as number) ** 2;
    if (off <= 1e-32 * total || off <= tiny) break;
    for (let p = 0; p < k - 1; p++) {
      for (let q = p + 1; q < k; q++) {
        const pr = ar[p * k + q] as number;
        const pi = ai[p * k + q] as number;
        const size = Math.hypot(pr, pi);
        if (size * size <= 1e-36 * total) continue;
        if (real) {
          realRotation(ar, vr, k, p, q, pr);
          continue;
        }
        const r = size;
        // 1. Phase: column q ×e^{−iφ}, row q ×e^{+iφ} makes a_pq = r real (a_qq is unchanged).
        const c0 = pr / r;
        const s0 = -pi / r; // e^{−iφ} = c0 + i s0
        for (let i = 0; i < k; i++) {
          const x = ar[i * k + q] as number;
          const y = ai[i * k + q] as number;
          ar[i * k + q] = x * c0 - y * s0;
          ai[i * k + q] = x * s0 + y * c0;
          const vx = vr[i * k + q] as number;
          const vy = vi[i * k + q] as number;
          vr[i * k + q] = vx * c0 - vy * s0;
          vi[i * k + q] = vx * s0 + vy * c0;
        }
        for (let j = 0; j < k; j++) {
          const x = ar[q * k + j] as number;
          const y = ai[q * k + j] as number;
          ar[q * k + j] = x * c0 + y * s0;
          ai[q * k + j] = y * c0 - x * s0;
        }
        // 2. Real rotation of the (p, q) plane that zeroes the now real pivot (Numerical Recipes' jacobi).
        const app = ar[p * k + p] as number;
        const aqq = ar[q * k + q] as number;
        const theta = (aqq - app) / (2 * r);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let i = 0; i < k; i++) {
          const xr = ar[i * k + p] as number;
          const xi = ai[i * k + p] as number;
          const yr = ar[i * k + q] as number;
          const yi = ai[i * k + q] as number;
          ar[i * k + p] = c * xr - s * yr;
          ai[i * k + p] = c * xi - s * yi;
          ar[i * k + q] = s * xr + c * yr;
          ai[i * k + q] = s * xi + c * yi;
          const vxr = vr[i * k + p] as number;
          const vxi = vi[i * k + p] as number;
          const vyr = vr[i * k + q] as number;
          const vyi = vi[i * k + q] as number;
          vr[i * k + p] = c * vxr - s * vyr;
          vi[i * k + p] = c * vxi - s * vyi;
          vr[i * k + q] = s * vxr + c * vyr;
          vi[i * k + q] = s * vxi + c * vyi;
        }
        for (let j = 0; j < k; j++) {
          const xr = ar[p * k + j] as number;
          const xi = ai[p * k + j] as number;
          const yr = ar[q * k + j] as number;
          const yi = ai[q * k + j] as number;
          ar[p * k + j] = c * xr - s * yr;
          ai[p * k + j] = c * xi - s * yi;
          ar[q * k + j] = s * xr + c * yr;
          ai[q * k + j] = s * xi + c * yi;
        }
        ar[p * k + q] = 0;
        ai[p * k + q] = 0;
        ar[q * k + p] = 0;
        ai[q * k + p] = 0;
        ai[p * k + p] = 0;
        ai[q * k + q] = 0;
      }
    }
  }
  if (real) vi.fill(0);
  const order = Array.from({ length: k }, (_, i) => i).sort((x, y) => (ar[x * k + x] as number) - (ar[y * k + y] as number) || x - y);
  const values = new Float64Array(k);
  const vectorsRe = new Float64Array(k * k);
  const vectorsIm = new Float64Array(k * k);
  order.forEach((from, to) => {
    values[to] = ar[from * k + from] as number;
    for (let i = 0; i < k; i++) {
      vectorsRe[i * k + to] = vr[i * k + from] as number;
      vectorsIm[i * k + to] = vi[i * k + from] as number;
    }
  });
  return { values, vectorsRe, vectorsIm };
}

/** The real Jacobi rotation that zeroes the (signed) pivot a_pq of a real symmetric matrix. */
function realRotation(ar: Float64Array, vr: Float64Array, k: number, p: number, q: number, apq: number): void {
  const app = ar[p * k + p] as number;
  const aqq = ar[q * k + q] as number;
  const theta = (aqq - app) / (2 * apq);
  const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  const c = 1 / Math.sqrt(t * t + 1);
  const s = t * c;
  for (let i = 0; i < k; i++) {
    const x = ar[i * k + p] as number;
    const y = ar[i * k + q] as number;
    ar[i * k + p] = c * x - s * y;
    ar[i * k + q] = s * x + c * y;
    const vx = vr[i * k + p] as number;
    const vy = vr[i * k + q] as number;
    vr[i * k + p] = c * vx - s * vy;
    vr[i * k + q] = s * vx + c * vy;
  }
  for (let j = 0; j < k; j++) {
    const x = ar[p * k + j] as number;
    const y = ar[q * k + j] as number;
    ar[p * k + j] = c * x - s * y;
    ar[q * k + j] = s * x + c * y;
  }
  ar[p * k + q] = 0;
  ar[q * k + p] = 0;
}
