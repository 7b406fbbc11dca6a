/**
 * The interface every Mie kernel implements (the TypeScript reference and the WASM kernel), so the
 * solver can run either and the parity suite can compare them. Batches are flat Float64Arrays in the
 * layout of ./layout.ts: spheres take SPHERE_INPUT_STRIDE doubles each, coated spheres
 * COATED_INPUT_STRIDE, and both write MIE_OUTPUT_STRIDE doubles (Qext, Qsca, Qback, g) per particle.
 * Qabs is Qext − Qsca. A particle the kernel cannot evaluate yields NaN in its outputs.
 */
export interface MieKernel {
  /** 'wasm' or 'reference'; reported in the solve result as `backend`. */
  readonly id: string;
  /** Homogeneous spheres: `count` packed [m.re, m.im, x] triples from `input` into `out`. */
  spheres(input: Float64Array, count: number, out: Float64Array): void;
  /** Coated spheres: `count` packed [m1.re, m1.im, m2.re, m2.im, x, y] records (core x ≤ outer y). */
  coated(input: Float64Array, count: number, out: Float64Array): void;
}
