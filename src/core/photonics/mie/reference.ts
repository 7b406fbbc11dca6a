/**
 * The TypeScript reference Mie kernel: homogeneous spheres (./sphere.ts) and coated spheres
 * (./coated.ts) over the flat batch layout of ./layout.ts. Conventions: Bohren & Huffman (1983) —
 * relative index m = n + ik with fields ∝ e^{−iωt} (k > 0 absorbs), size parameter x = 2π n_medium r/λ0,
 * Qback = |Σ(2n+1)(−1)ⁿ(aₙ − bₙ)|²/x². The WASM kernel must agree with it (parity suite).
 */
import { c } from '../complex.ts';
import { checkBatch } from './batch.ts';
import { mieCoated } from './coated.ts';
import type { MieKernel } from './kernel.ts';
import { COATED_IN, COATED_INPUT_STRIDE, MIE_MAX_SIZE_PARAMETER, MIE_MIN_SIZE_PARAMETER, MIE_OUT, MIE_OUTPUT_STRIDE, SPHERE_IN, SPHERE_INPUT_STRIDE } from './layout.ts';
import type { MieEfficiencies } from './series.ts';
import { mieSphere } from './sphere.ts';

export { mieSphere } from './sphere.ts';
export { mieCoated } from './coated.ts';
export type { MieEfficiencies } from './series.ts';

const validSize = (x: number): boolean => x >= MIE_MIN_SIZE_PARAMETER && x <= MIE_MAX_SIZE_PARAMETER;

function write(out: Float64Array, i: number, r: MieEfficiencies | undefined): void {
  const o = i * MIE_OUTPUT_STRIDE;
  out[o + MIE_OUT.qext] = r ? r.qext : Number.NaN;
  out[o + MIE_OUT.qsca] = r ? r.qsca : Number.NaN;
  out[o + MIE_OUT.qback] = r ? r.qback : Number.NaN;
  out[o + MIE_OUT.g] = r ? r.g : Number.NaN;
}

export const referenceMieKernel: MieKernel = {
  id: 'reference',
  spheres(input, count, out) {
    checkBatch(input, SPHERE_INPUT_STRIDE, count, out);
    for (let i = 0; i < count; i++) {
      const k = i * SPHERE_INPUT_STRIDE;
      const x = input[k + SPHERE_IN.x] as number;
      const m = c(input[k + SPHERE_IN.mRe] as number, input[k + SPHERE_IN.mIm] as number);
      write(out, i, validSize(x) ? mieSphere(m, x) : undefined);
    }
  },
  coated(input, count, out) {
    checkBatch(input, COATED_INPUT_STRIDE, count, out);
    for (let i = 0; i < count; i++) {
      const k = i * COATED_INPUT_STRIDE;
      const x = input[k + COATED_IN.x] as number;
      const y = input[k + COATED_IN.y] as number;
      const m1 = c(input[k + COATED_IN.m1Re] as number, input[k + COATED_IN.m1Im] as number);
      const m2 = c(input[k + COATED_IN.m2Re] as number, input[k + COATED_IN.m2Im] as number);
      write(out, i, validSize(y) && x >= 0 && x <= y ? mieCoated(m1, m2, x, y) : undefined);
    }
  },
};
