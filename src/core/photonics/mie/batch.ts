/** Argument checks shared by every MieKernel implementation (a programming error throws RangeError). */
import { MIE_OUTPUT_STRIDE } from './layout.ts';

export function checkBatch(input: Float64Array, stride: number, count: number, out: Float64Array): void {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (input.length < count * stride) throw new RangeError(`input holds ${input.length} doubles, ${count} particles need ${count * stride}`);
  if (out.length < count * MIE_OUTPUT_STRIDE) {
    throw new RangeError(`output holds ${out.length} doubles, ${count} results need ${count * MIE_OUTPUT_STRIDE}`);
  }
}
