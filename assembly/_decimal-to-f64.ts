// Decimal to double, correctly rounded, for the JSON number grammar read by the JSONL request parser
// (assembly/veh-jsonl-parse.ts). Two exact paths, and a refusal where neither is sure:
// - Clinger's fast path: a mantissa ≤ 2^53 times or divided by an exact power of ten ≤ 1e22 is one
//   correctly rounded f64 operation.
// - Eisel–Lemire (M. Eisel's idea, D. Lemire's published algorithm, "Number Parsing at a Gigabyte per
//   Second", 2021; the carry and halfway checks as N. Tao describes them): the 64-bit normalised
//   mantissa times a 128-bit truncated significand of 10^q, keeping 54 bits, with checks that refuse
//   whenever the truncation could change the rounding.
// A refusal (more than 19 significant digits, a subnormal or out-of-range result, an ambiguous
// product) makes the caller hand the whole line to JavaScript's JSON.parse, so every number taken
// here is the double JSON.parse returns (src/core/veh/oracle-jsonl-parse.test.ts checks millions).

import { POW10_MAX_Q, POW10_MIN_Q, POW10_TABLE } from './_pow10-table';

// Exact powers of ten as doubles (10^22 is the largest one a double holds exactly).
const EXACT_POW10: usize = memory.data<f64>([1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]);

/** The high 64 bits of the last mul128's product (a global: AssemblyScript has no u128). */
let productHigh: u64 = 0;

/** a × b as 128 bits: returns the low 64, leaves the high 64 in productHigh. */
@inline
function mul128(a: u64, b: u64): u64 {
  const aLo = a & 0xffffffff;
  const aHi = a >> 32;
  const bLo = b & 0xffffffff;
  const bHi = b >> 32;
  const p0 = aLo * bLo;
  const p1 = aLo * bHi;
  const p2 = aHi * bLo;
  const p3 = aHi * bHi;
  const mid = (p0 >> 32) + (p1 & 0xffffffff) + (p2 & 0xffffffff);
  productHigh = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
  return (mid << 32) | (p0 & 0xffffffff);
}

/** Set by decimalToF64: false when it refused (the returned value is then meaningless). */
export let decimalOk: bool = false;

/**
 * The double nearest to ±mantissa × 10^exp10 (ties to even), for a mantissa of at most 19 decimal
 * digits; sets decimalOk = false instead where it cannot be sure.
 */
export function decimalToF64(mantissa: u64, exp10: i32, negative: bool): f64 {
  decimalOk = true;
  if (mantissa == 0) return negative ? -0.0 : 0.0;
  if (mantissa <= (<u64>1 << 53) && exp10 >= -22 && exp10 <= 22) {
    const m = <f64>mantissa;
    const v = exp10 < 0 ? m / load<f64>(EXACT_POW10 + (<usize>-exp10 << 3)) : m * load<f64>(EXACT_POW10 + (<usize>exp10 << 3));
    return negative ? -v : v;
  }
  if (exp10 < POW10_MIN_Q || exp10 > POW10_MAX_Q) {
    decimalOk = false;
    return 0;
  }
  const entry = POW10_TABLE + (<usize>(exp10 - POW10_MIN_Q) << 4);
  const tableHigh = load<u64>(entry);
  const tableLow = load<u64>(entry + 8);

  const lz = <i32>clz(mantissa);
  const man = mantissa << lz;
  // floor(q · log2 10) = (217706 · q) >> 16 over the table's range; 64 for the product's position.
  let exp2: i64 = <i64>((217706 * exp10) >> 16) + 64 + 1023 - <i64>lz;

  let lo = mul128(man, tableHigh);
  let hi = productHigh;
  // The table's truncated low half adds less than `man` to lo: only a carry out of lo could reach
  // the kept bits, and only when the bits below them are all ones.
  if ((hi & 0x1ff) == 0x1ff && lo + man < man) {
    const lo2 = mul128(man, tableLow);
    const hi2 = productHigh;
    let mergedHi = hi;
    const mergedLo = lo + hi2;
    if (mergedLo < lo) mergedHi++;
    if ((mergedHi & 0x1ff) == 0x1ff && mergedLo + 1 == 0 && lo2 + man < man) {
      decimalOk = false;
      return 0;
    }
    hi = mergedHi;
    lo = mergedLo;
  }

  const msb = hi >> 63;
  let bits = hi >> (msb + 9);
  exp2 -= <i64>(1 ^ msb);
  // Exactly halfway on what was kept (or too close to tell): the tie rule needs the exact value.
  if (lo == 0 && (hi & 0x1ff) == 0 && (bits & 3) == 1) {
    decimalOk = false;
    return 0;
  }
  bits += bits & 1;
  bits >>= 1;
  if (bits >> 53 > 0) {
    bits >>= 1;
    exp2++;
  }
  // Subnormal (exp2 ≤ 0) or overflow (≥ 0x7ff): JavaScript decides.
  if (exp2 <= 0 || exp2 >= 0x7ff) {
    decimalOk = false;
    return 0;
  }
  const raw = (<u64>exp2 << 52) | (bits & 0x000fffffffffffff) | (negative ? <u64>1 << 63 : 0);
  return reinterpret<f64>(raw);
}
