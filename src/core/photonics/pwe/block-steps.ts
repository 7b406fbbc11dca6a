/**
 * A solver written once as a generator that yields "apply the operator to these vectors" requests,
 * and run either synchronously (the CPU operator, one vector at a time, exactly as before) or
 * asynchronously (a GPU operator: one submission and one readback for the whole block). The
 * generator owns all the arithmetic, so both drivers produce the same iterates for the same
 * products; only who computes y = A·x differs.
 */

/** y = A·x for `count` vectors of the solver's length laid out one after another; y is filled by the driver. */
export interface BlockApplyRequest {
  readonly xRe: Float64Array;
  readonly xIm: Float64Array;
  readonly yRe: Float64Array;
  readonly yIm: Float64Array;
  readonly count: number;
}

/** A solver suspended at each block of operator applications; it resumes once y is filled. */
export type BlockSteps<Q, R> = Generator<Q, R, void>;

export function driveSync<Q, R>(steps: BlockSteps<Q, R>, apply: (request: Q) => void): R {
  for (let next = steps.next(); ; next = steps.next()) {
    if (next.done) return next.value;
    apply(next.value);
  }
}

export async function driveAsync<Q, R>(steps: BlockSteps<Q, R>, apply: (request: Q) => Promise<void>): Promise<R> {
  for (let next = steps.next(); ; next = steps.next()) {
    if (next.done) return next.value;
    await apply(next.value);
  }
}

/** Applies a per-vector operator to each vector of a block in order (the synchronous drivers' inner loop). */
export function eachVector(request: BlockApplyRequest, size: number, apply: (xRe: Float64Array, xIm: Float64Array, yRe: Float64Array, yIm: Float64Array) => void): void {
  for (let j = 0; j < request.count; j++) {
    const from = j * size;
    const to = from + size;
    apply(request.xRe.subarray(from, to), request.xIm.subarray(from, to), request.yRe.subarray(from, to), request.yIm.subarray(from, to));
  }
}
