/**
 * Request lines read by the WASM parser (assembly/veh-jsonl-parse.ts) straight from input bytes:
 * the caller pushes chunks as they arrive and takes lines one at a time. A line of the common shape
 * comes back FAST, as doubles (the values JSON.parse would give, exactly) and material names; any
 * other line comes back OTHER with its text, for JSON.parse and the schema. Pure core: the caller
 * supplies the module bytes.
 */
import { instantiateKernel, type WasmKernelExports, type WasmSource } from '../kernels/wasm-module.ts';
import { INPUT_STRIDE } from './oracle-layout.ts';
import { DEFAULT_ENVIRONMENT, DEFAULT_LIMITS } from './oracle.ts';

interface ParseExports extends WasmKernelExports {
  parseLine(start: number, end: number, output: number): number;
  findNewline(start: number, end: number): number;
  outputBytes(): number;
  namesOffset(): number;
  defaultsOffset(): number;
  requestValueCount(): number;
  parseNumberForTest(start: number, end: number): number;
}

/** What next() found. */
export const LineKind = { none: -1, blank: 0, fast: 1, other: 2 } as const;
export type LineKind = (typeof LineKind)[keyof typeof LineKind];

export interface RequestLineReader {
  /** Appends input bytes (a chunk may end anywhere, inside a line or a UTF-8 sequence). */
  push(bytes: Uint8Array): void;
  /** Bytes pushed and not yet taken as lines (after draining next(): the start of a line still coming). */
  pendingBytes(): number;
  /** Takes the next complete line; at `eof` an unterminated last line counts too. */
  next(eof: boolean): LineKind;
  /**
   * After a fast line: the oracle's input slot (oracle-layout.ts IN) with the request's values,
   * defaults where it gives none; the material constants (IN.d31 … IN.substrateDensity) are 0, the
   * caller's to fill from the names.
   */
  readonly values: Float64Array;
  /** After a fast line: the material names it gives, or undefined for the default. */
  piezoName(): string | undefined;
  substrateName(): string | undefined;
  /** The current line as text (UTF-8, invalid bytes replaced, as Node's stdin decoding does). */
  lineText(): string;
}

const INITIAL_WINDOW = 1 << 17;

/** The schema's defaults where a request is silent, in the parser's order: damping, then the four limits. */
const DEFAULTS = [DEFAULT_ENVIRONMENT.damping_ratio, DEFAULT_LIMITS.max_stress_mpa, DEFAULT_LIMITS.max_disp_mm, DEFAULT_LIMITS.max_freq_error_pct, DEFAULT_LIMITS.min_power_uw];

export async function createRequestLineReader(source: WasmSource): Promise<RequestLineReader> {
  const k = await instantiateKernel<ParseExports>(source, 'veh-jsonl-parse.wasm', ['parseLine', 'findNewline', 'outputBytes', 'namesOffset', 'defaultsOffset', 'requestValueCount']);
  if (k.requestValueCount() !== INPUT_STRIDE) throw new Error('veh-jsonl-parse.wasm: built for another oracle input layout');
  const outPtr = k.alloc(k.outputBytes()) >>> 0;
  const namesAt = outPtr + k.namesOffset();
  let windowPtr = k.alloc(INITIAL_WINDOW) >>> 0;
  let capacity = INITIAL_WINDOW;
  let start = 0; // unread bytes are [start, end) of the window
  let end = 0;
  let lineStart = 0;
  let lineEnd = 0;
  // Unread bytes before this offset hold no newline (a long line arriving in small chunks is not rescanned).
  let scanned = 0;
  let values = new Float64Array(k.memory.buffer, outPtr, INPUT_STRIDE);
  let bytes = new Uint8Array(k.memory.buffer);
  let spans = new Int32Array(k.memory.buffer, namesAt, 4);
  // An alloc may grow the memory, which detaches the old views.
  const refreshViews = (): void => {
    values = new Float64Array(k.memory.buffer, outPtr, INPUT_STRIDE);
    bytes = new Uint8Array(k.memory.buffer);
    spans = new Int32Array(k.memory.buffer, namesAt, 4);
  };
  new Float64Array(k.memory.buffer, outPtr + k.defaultsOffset(), DEFAULTS.length).set(DEFAULTS);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  const name = (slot: number): string | undefined => {
    const ptr = spans[slot * 2] as number;
    if (ptr < 0) return undefined;
    const len = spans[slot * 2 + 1] as number;
    let s = '';
    for (let i = 0; i < len; i++) s += String.fromCharCode(bytes[ptr + i] as number); // checked ASCII
    return s;
  };

  return {
    push(chunk) {
      const unread = end - start;
      if (end + chunk.length > capacity) {
        if (unread + chunk.length > capacity) {
          // A line longer than the window: a larger one (kept from then on).
          const size = Math.max(capacity * 2, unread + chunk.length);
          const ptr = k.alloc(size) >>> 0;
          refreshViews();
          bytes.copyWithin(ptr, windowPtr + start, windowPtr + end);
          windowPtr = ptr;
          capacity = size;
        } else {
          bytes.copyWithin(windowPtr, windowPtr + start, windowPtr + end);
        }
        scanned -= start;
        start = 0;
        end = unread;
      }
      bytes.set(chunk, windowPtr + end);
      end += chunk.length;
    },
    pendingBytes: () => end - start,
    next(eof) {
      if (start === end) return LineKind.none;
      const from = Math.max(start, scanned);
      const found = k.findNewline(windowPtr + from, windowPtr + end);
      const nl = found < 0 ? -1 : from - start + found;
      if (nl < 0 && !eof) {
        scanned = end;
        return LineKind.none;
      }
      lineStart = start;
      lineEnd = nl < 0 ? end : start + nl;
      start = nl < 0 ? end : lineEnd + 1;
      return k.parseLine(windowPtr + lineStart, windowPtr + lineEnd, outPtr) as LineKind;
    },
    get values() {
      return values;
    },
    piezoName: () => name(0),
    substrateName: () => name(1),
    lineText: () => decoder.decode(bytes.subarray(windowPtr + lineStart, windowPtr + lineEnd)),
  };
}

/** The parser's number conversion alone (tests): the double, or NaN where it refuses. */
export async function createNumberParserForTest(source: WasmSource): Promise<(text: string) => number> {
  const k = await instantiateKernel<ParseExports>(source, 'veh-jsonl-parse.wasm', ['parseNumberForTest']);
  const ptr = k.alloc(1024) >>> 0;
  const encoder = new TextEncoder();
  return (text) => {
    const b = encoder.encode(text);
    if (b.length > 1024) return Number.NaN;
    new Uint8Array(k.memory.buffer, ptr, b.length).set(b);
    return k.parseNumberForTest(ptr, ptr + b.length);
  };
}
