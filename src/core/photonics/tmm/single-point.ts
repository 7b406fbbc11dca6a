/**
 * Convenience over the flat kernel interface: one stack at one wavelength and angle, with plain
 * numbers in and a small object out. Used by tests and the bench, where a batch of one is natural.
 */
import type { Complex } from '../complex.ts';
import type { TmmKernel, TmmPolarization } from './kernel.ts';
import { OUT_R, OUT_R_IM, OUT_R_RE, OUT_T, OUT_T_IM, OUT_T_RE, POINT_HEADER, pointStride } from './layout.ts';

export interface StackLayer {
  readonly n: number;
  readonly k?: number;
  readonly thickness_nm: number;
  readonly coherent?: boolean;
}

export interface SimpleStack {
  /** Lossless medium the light comes from. */
  readonly incident: number;
  readonly layers: readonly StackLayer[];
  readonly exit: { readonly n: number; readonly k?: number } | number;
}

export interface PointOutput {
  readonly R: number;
  readonly T: number;
  readonly r: Complex;
  readonly t: Complex;
  readonly absorption: number[];
}

export function solveStackPoint(kernel: TmmKernel, stack: SimpleStack, wavelength_nm: number, angle_deg: number, polarization: TmmPolarization): PointOutput {
  const m = stack.layers.length;
  const exit = typeof stack.exit === 'number' ? { n: stack.exit, k: 0 } : stack.exit;
  const indices = Float64Array.from([stack.incident, 0, ...stack.layers.flatMap((l) => [l.n, l.k ?? 0]), exit.n, exit.k ?? 0]);
  const out = new Float64Array(pointStride(m));
  kernel.solve(
    {
      layerCount: m,
      wavelengthCount: 1,
      angleCount: 1,
      wavelengths_nm: Float64Array.of(wavelength_nm),
      indices,
      thicknesses_nm: Float64Array.from(stack.layers, (l) => l.thickness_nm),
      coherent: Uint8Array.from(stack.layers, (l) => (l.coherent === false ? 0 : 1)),
      angles_rad: Float64Array.of((angle_deg * Math.PI) / 180),
      polarization,
    },
    out,
  );
  return {
    R: out[OUT_R] as number,
    T: out[OUT_T] as number,
    r: { re: out[OUT_R_RE] as number, im: out[OUT_R_IM] as number },
    t: { re: out[OUT_T_RE] as number, im: out[OUT_T_IM] as number },
    absorption: Array.from(out.subarray(POINT_HEADER)),
  };
}
