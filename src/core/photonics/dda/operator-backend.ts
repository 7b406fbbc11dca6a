/**
 * The DDA system operator y = A·x behind one interface, so the same COCG runs on the TypeScript FFT
 * operator (green.ts, f64) or on a GPU (src/adapters/browser/webgpu, f32). A backend turns the
 * dipole lattice, k and 1/α into an operator; `apply` is asynchronous because a GPU result has to
 * be read back (mapAsync). Lattice units throughout (d = 1, k ≡ kd), as in green.ts.
 */
import type { Complex } from '../complex.ts';
import type { Dims } from './fft.ts';
import { directOperator, fftOperator, type DdaOperator } from './green.ts';

/** What every backend needs to build the operator of one problem. */
export interface DdaOperatorInput {
  /** The lattice box (sites index it x fastest). */
  readonly dims: Dims;
  /** Box index of each dipole. */
  readonly sites: Int32Array;
  /** Wavenumber in lattice units (kd). */
  readonly k: number;
  readonly invAlpha: Complex;
}

/** y = A·x with x, y as 3N complex values split into re/im, (x, y, z) per dipole; the promise settles once y is filled. */
export interface AsyncDdaOperator {
  readonly size: number;
  readonly fftDims: Dims;
  apply(xRe: Float64Array, xIm: Float64Array, yRe: Float64Array, yIm: Float64Array): Promise<void>;
  /** Frees what the operator holds (GPU buffers); it must not be applied afterwards. */
  dispose(): void;
}

export type DdaBackendId = 'reference' | 'webgpu' | 'direct';

export interface DdaOperatorBackend {
  readonly id: DdaBackendId;
  /** Arithmetic of the convolution: the parity suite holds an f32 backend to a looser tolerance. */
  readonly precision: 'f64' | 'f32';
  /** One line for the result's conventions: where the product runs and in what arithmetic. */
  readonly description: string;
  /** A GPU backend whose device was lost says why here; the chooser then passes it over. */
  readonly unavailableReason?: () => string | null;
  /** A GPU backend on a software fallback adapter names it here; "auto" then keeps to the reference. */
  readonly softwareAdapter?: string | null;
  create(input: DdaOperatorInput): Promise<AsyncDdaOperator>;
}

function fromSync(op: DdaOperator): AsyncDdaOperator {
  return {
    size: op.size,
    fftDims: op.fftDims,
    apply(xRe, xIm, yRe, yIm) {
      op.apply(xRe, xIm, yRe, yIm);
      return Promise.resolve();
    },
    dispose: () => undefined,
  };
}

/** Today's TypeScript FFT operator in f64: the reference every other backend is checked against. */
export const referenceDdaBackend: DdaOperatorBackend = {
  id: 'reference',
  precision: 'f64',
  description: 'reference: TypeScript FFT convolution in f64 on the CPU',
  create: (input) => Promise.resolve(fromSync(fftOperator(input.dims, input.sites, input.k, input.invAlpha))),
};

/**
 * The O(N²) direct sum as a backend: an independent CPU implementation for the Node parity suite
 * (no FFT, no padding), far too slow for real problems, so never registered for the page.
 */
export const directDdaBackend: DdaOperatorBackend = {
  id: 'direct',
  precision: 'f64',
  description: 'direct: O(N²) pairwise sum in f64 on the CPU (parity checks only)',
  create: (input) => Promise.resolve(fromSync(directOperator(input.dims, input.sites, input.k, input.invAlpha))),
};
