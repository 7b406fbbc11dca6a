/**
 * JSON result lines written by the WASM formatter (assembly/jsonl-format.ts) straight into a byte
 * batch: the caller describes a line once as fixed byte segments between its values, then per line
 * stores the values and calls line(); take() hands back the batch (a copy) for one write. The values
 * read back as the same doubles (Grisu2 digits, JavaScript's number layout). Pure core: the caller
 * supplies the module bytes.
 */
import { instantiateKernel, type WasmKernelExports, type WasmSource } from '../kernels/wasm-module.ts';

interface FormatExports extends WasmKernelExports {
  formatLine(values: number, count: number, boolIndex: number, segments: number, out: number): number;
}

export interface JsonlLineFormatter {
  /** Values of the next line, in template order (write them before each line()). */
  readonly values: Float64Array;
  /**
   * Sets segment `k` (0 … values.length) of the template: the bytes before value k (the last: after
   * the last value). A segment's text is interned, so switching between a few variants is free.
   */
  setSegment(k: number, text: string): void;
  /** Appends one line (newline included) to the batch. */
  line(): void;
  /** Bytes in the batch. */
  size(): number;
  /** The batch so far, copied out; the batch is emptied. */
  take(): Uint8Array;
}

const BATCH_BYTES = 1 << 17;
/** The longest line the batch keeps room for: every value at 28 characters plus the segments. */
const MAX_NUMBER = 28;

export async function createJsonlLineFormatter(source: WasmSource, valueCount: number, boolIndex: number): Promise<JsonlLineFormatter> {
  const k = await instantiateKernel<FormatExports>(source, 'jsonl-format.wasm', ['formatLine']);
  const valuesPtr = k.alloc(valueCount * 8) >>> 0;
  const segmentsPtr = k.alloc((valueCount + 1) * 8) >>> 0;
  const outPtr = k.alloc(BATCH_BYTES) >>> 0;
  const interned = new Map<string, { ptr: number; len: number }>();
  const lengths = new Array<number>(valueCount + 1).fill(0);
  let templateBytes = 0;
  let values = new Float64Array(k.memory.buffer, valuesPtr, valueCount);
  let pos = 0;

  const intern = (text: string): { ptr: number; len: number } => {
    let seg = interned.get(text);
    if (seg === undefined) {
      const bytes = new TextEncoder().encode(text);
      const ptr = k.alloc(Math.max(bytes.length, 1)) >>> 0;
      new Uint8Array(k.memory.buffer, ptr, bytes.length).set(bytes);
      seg = { ptr, len: bytes.length };
      if (interned.size < 1024) interned.set(text, seg);
      // An alloc may grow the memory, which detaches the old views.
      values = new Float64Array(k.memory.buffer, valuesPtr, valueCount);
    }
    return seg;
  };

  const formatter: JsonlLineFormatter = {
    get values() {
      return values;
    },
    setSegment(i, text) {
      const seg = intern(text);
      new Uint32Array(k.memory.buffer, segmentsPtr + i * 8, 2).set([seg.ptr, seg.len]);
      templateBytes += seg.len - (lengths[i] as number);
      lengths[i] = seg.len;
    },
    line() {
      if (pos + templateBytes + valueCount * MAX_NUMBER + 1 > BATCH_BYTES) throw new Error('jsonl-format: batch full; take() it first');
      pos += k.formatLine(valuesPtr, valueCount, boolIndex, segmentsPtr, outPtr + pos);
    },
    size: () => pos,
    take() {
      const bytes = new Uint8Array(k.memory.buffer, outPtr, pos).slice();
      pos = 0;
      return bytes;
    },
  };
  return formatter;
}
