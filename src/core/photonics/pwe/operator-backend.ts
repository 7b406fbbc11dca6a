/**
 * The plane-wave Maxwell operator Θ (operator.ts) behind one interface, so the band solver's LOBPCG
 * runs on the TypeScript operator (f64) or on a GPU (src/adapters/browser/webgpu, f32). A backend
 * turns one k-point's operator description into something that applies Θ to a whole block of
 * vectors at once: asynchronous, because a GPU result has to be read back, and by block, so a GPU
 * pays one submission and one readback per LOBPCG step rather than one per vector.
 */
import { eachVector } from './block-steps.ts';
import { applyTheta, createThetaWork, type ThetaOperator } from './operator.ts';

export interface AsyncThetaOperator {
  readonly size: number;
  /** y = Θx for `count` vectors of `size` values laid out one after another (split re/im); x and y never alias. */
  applyBlock(xRe: Float64Array, xIm: Float64Array, count: number, yRe: Float64Array, yIm: Float64Array): Promise<void>;
  /** Frees what the operator holds (GPU buffers); it must not be applied afterwards. */
  dispose(): void;
}

/** 'replay' is the f32 CPU replay of the WebGPU kernels (Node parity only). */
export type PweBackendId = 'reference' | 'webgpu' | 'replay';

export interface ThetaOperatorBackend {
  readonly id: PweBackendId;
  /** Arithmetic of Θ's transforms: the parity suite holds an f32 backend to a looser tolerance. */
  readonly precision: 'f64' | 'f32';
  /** One line for the result's conventions: where Θ runs and in what arithmetic. */
  readonly description: string;
  /** A GPU backend whose device was lost says why here; the chooser then passes it over. */
  readonly unavailableReason?: () => string | null;
  /** A GPU backend on a software fallback adapter names it here; "auto" then keeps to the reference. */
  readonly softwareAdapter?: string | null;
  create(op: ThetaOperator): Promise<AsyncThetaOperator>;
}

/** Any per-vector Θ as a block operator (the reference, and CPU stand-ins in tests). */
export function blockOfVectors(size: number, apply: (xRe: Float64Array, xIm: Float64Array, yRe: Float64Array, yIm: Float64Array) => void): AsyncThetaOperator {
  return {
    size,
    applyBlock(xRe, xIm, count, yRe, yIm) {
      eachVector({ xRe, xIm, yRe, yIm, count }, size, apply);
      return Promise.resolve();
    },
    dispose: () => undefined,
  };
}

/** applyTheta in f64 on the CPU: the reference every other backend is checked against. */
export const referencePweBackend: ThetaOperatorBackend = {
  id: 'reference',
  precision: 'f64',
  description: 'reference: TypeScript Θ (direct DFT on the P × P grid) in f64 on the CPU',
  create(op) {
    const work = createThetaWork(op.plan);
    return Promise.resolve(blockOfVectors(op.size, (xr, xi, yr, yi) => applyTheta(op, xr, xi, yr, yi, work)));
  },
};
