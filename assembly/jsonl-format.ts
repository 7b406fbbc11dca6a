// JSON lines from f64 values, written as ASCII bytes into linear memory: the output side of
// `proving-ground oracle veh` (cli/commands/oracle-veh.ts), where formatting doubles in JavaScript
// (String(v), then string concatenation and UTF-8 encoding) cost more than the oracle itself.
// Numbers use AssemblyScript's Grisu2 (std util/number dtoa_buffered), laid out as JavaScript does
// (1e+21, 1e-7, 0.001, no ".0" on integers, null for NaN/±Infinity). Grisu2 always gives digits
// that read back as the same double; in rare cases one digit more than JavaScript's shortest form.
//
// A line is a template: segments of fixed bytes between the values, kept in memory by the caller
// (a table of (pointer, length) u32 pairs, one more segment than values), so one call writes a
// whole line, its newline included.

import { dtoa_buffered } from 'util/number';

export { alloc } from './_memory';

// UTF-16 scratch for one number (at most 28 characters).
const SCRATCH: usize = memory.data(64);

@inline
function writeNumber(out: usize, v: f64): i32 {
  if (!isFinite(v)) {
    store<u32>(out, 0x6c6c756e); // "null"
    return 4;
  }
  if (v == 0) {
    store<u8>(out, 0x30); // "0" (JavaScript writes -0 as 0 too)
    return 1;
  }
  let n = <i32>dtoa_buffered<f64>(SCRATCH, v);
  // AssemblyScript writes integers as "12.0"; JavaScript as "12".
  if (n >= 2 && load<u16>(SCRATCH + ((<usize>n - 1) << 1)) == 0x30 && load<u16>(SCRATCH + ((<usize>n - 2) << 1)) == 0x2e) n -= 2;
  for (let i = 0; i < n; i++) store<u8>(out + <usize>i, <u8>load<u16>(SCRATCH + (<usize>i << 1)));
  return n;
}

@inline
function copySegment(segments: usize, k: i32, out: usize): i32 {
  const ptr = load<u32>(segments + (<usize>k << 3));
  const len = load<u32>(segments + (<usize>k << 3) + 4);
  memory.copy(out, <usize>ptr, <usize>len);
  return <i32>len;
}

/**
 * Writes segment 0, value 0, segment 1, …, value count−1, segment count and "\n" at `out`; returns the
 * number of bytes. The value at `boolIndex` is written as true (1) or false (anything else).
 */
export function formatLine(values: usize, count: i32, boolIndex: i32, segments: usize, out: usize): i32 {
  let p = out;
  for (let i = 0; i < count; i++) {
    p += <usize>copySegment(segments, i, p);
    const v = load<f64>(values + (<usize>i << 3));
    if (i == boolIndex) {
      if (v == 1) {
        store<u32>(p, 0x65757274); // "true"
        p += 4;
      } else {
        store<u32>(p, 0x736c6166); // "fals"
        store<u8>(p + 4, 0x65); // "e"
        p += 5;
      }
    } else {
      p += <usize>writeNumber(p, v);
    }
  }
  p += <usize>copySegment(segments, count, p);
  store<u8>(p, 0x0a);
  return <i32>(p + 1 - out);
}
