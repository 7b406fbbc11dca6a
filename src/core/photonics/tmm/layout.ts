/**
 * Output layout shared by every TMM kernel (the AssemblyScript kernel reports the same numbers
 * through its exports, and wasm-kernel.ts refuses a build whose layout differs).
 *
 * Point (w, a) starts at ((w × A) + a) × pointStride(m):
 *   R, T                      power reflectance and transmittance (fractions of the incident power)
 *   r_re, r_im, t_re, t_im    complex field amplitudes (NaN unless every layer is coherent)
 *   A_1 … A_m                 fraction of the incident power absorbed in each layer
 */
export const OUT_R = 0;
export const OUT_T = 1;
export const OUT_R_RE = 2;
export const OUT_R_IM = 3;
export const OUT_T_RE = 4;
export const OUT_T_IM = 5;
/** Doubles before the per-layer absorptions. */
export const POINT_HEADER = 6;

export const pointStride = (layerCount: number): number => POINT_HEADER + layerCount;

/** Polarization codes passed to the WASM kernel. */
export const POL_S = 0;
export const POL_P = 1;

/** Throws RangeError when a batch's arrays do not match its declared sizes. */
export function checkBatchSizes(
  b: {
    layerCount: number;
    wavelengthCount: number;
    angleCount: number;
    wavelengths_nm: ArrayLike<number>;
    indices: ArrayLike<number>;
    thicknesses_nm: ArrayLike<number>;
    coherent: ArrayLike<number>;
    angles_rad: ArrayLike<number>;
  },
  outLength: number,
): void {
  const { layerCount: m, wavelengthCount: W, angleCount: A } = b;
  for (const [name, v] of [['layerCount', m], ['wavelengthCount', W], ['angleCount', A]] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative integer, got ${v}`);
  }
  const need = (name: string, have: number, want: number): void => {
    if (have < want) throw new RangeError(`${name} holds ${have} values, the batch needs ${want}`);
  };
  need('wavelengths_nm', b.wavelengths_nm.length, W);
  need('indices', b.indices.length, W * (m + 2) * 2);
  need('thicknesses_nm', b.thicknesses_nm.length, m);
  need('coherent', b.coherent.length, m);
  need('angles_rad', b.angles_rad.length, A);
  need('out', outLength, W * A * pointStride(m));
}
