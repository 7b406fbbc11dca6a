/**
 * The transfer-matrix kernel interface: flat typed arrays in, flat typed arrays out, so the
 * TypeScript reference (reference.ts) and the AssemblyScript kernel (assembly/photonics-tmm.ts)
 * are interchangeable behind it and cost nothing to move into WASM memory.
 *
 * A batch is one stack (fixed layer thicknesses and coherence) at W wavelengths × A angles for one
 * polarization. Light always arrives from medium 0 (the "incident" medium, which must be lossless);
 * the solver reverses the stack itself for light arriving from the exit side. The output layout is
 * fixed by layout.ts: per (wavelength, angle) point, R, T, the complex amplitudes r and t, then the
 * fraction of the incident power absorbed in each layer.
 */

export type TmmPolarization = 's' | 'p';

export interface TmmBatch {
  /** m: number of finite layers (the two semi-infinite media are not counted). May be 0 (one bare interface). */
  readonly layerCount: number;
  readonly wavelengthCount: number;
  readonly angleCount: number;
  /** Vacuum wavelengths in nm, [W]. */
  readonly wavelengths_nm: Float64Array;
  /**
   * Complex refractive indices N = n + ik (fields ∝ e^{−iωt}, k > 0 absorbs), laid out
   * [W][m + 2][re, im]: medium 0 (incident side, must have k = 0), layers 1…m, medium m + 1 (exit).
   */
  readonly indices: Float64Array;
  /** Layer thicknesses in nm, [m]. */
  readonly thicknesses_nm: Float64Array;
  /** 1 = coherent layer, 0 = incoherent (thick, phase-averaged) layer, [m]. */
  readonly coherent: Uint8Array;
  /** Angles of incidence in medium 0, radians, each in [0, π/2), [A]. */
  readonly angles_rad: Float64Array;
  readonly polarization: TmmPolarization;
}

export interface TmmKernel {
  /** 'wasm' or 'reference'; reported in results so a reader knows what ran. */
  readonly id: string;
  /**
   * Solves every (wavelength, angle) point of the batch into `out`, which must hold at least
   * W × A × pointStride(m) doubles (layout.ts). Throws RangeError for inconsistent sizes.
   */
  solve(batch: TmmBatch, out: Float64Array): void;
}
