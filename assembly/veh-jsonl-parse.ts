// The input side of `proving-ground oracle veh` (cli/commands/oracle-veh.ts): a request line read
// straight from stdin's bytes into doubles, without JSON.parse's objects and strings (at 100,000
// lines, JSON.parse alone cost more than the oracle, the output and the process start together).
//
// Only the common shape is taken here: an object with `design` and `excitation` (every documented
// key once, a number in range), an optional `environment` (material names as plain ASCII strings
// without escapes, a damping ratio) and optional `constraints` (a [{name, limit}] list or a
// {name: limit} object with the four documented names). Anything else — another key, a duplicate
// key, an escape, non-ASCII, a number out of range or one the exact conversion will not decide, bad
// JSON — is answered OTHER, and the caller parses that line with JSON.parse and the schema as
// before, so errors read the same and every accepted line means what JSON.parse would make of it.

import { decimalOk, decimalToF64 } from './_decimal-to-f64';

export { alloc } from './_memory';

// Codes returned by parseLine.
const BLANK: i32 = 0; // JSON whitespace only
const FAST: i32 = 1; // parsed: values and names written
const OTHER: i32 = 2; // not taken here: the caller parses the line itself

// The output region: the oracle's input slot (src/core/veh/oracle-layout.ts IN, INPUT_STRIDE f64;
// the material constants at 8–13 are the caller's to fill), then NAME_SLOTS i32, then DEFAULTS f64
// that the caller writes once (damping ratio and the four limits, the schema's defaults).
const V_BEAM_LENGTH: i32 = 0;
const V_FREQUENCY: i32 = 6;
const V_DAMPING: i32 = 14;
const V_MAX_STRESS: i32 = 15; // then max_disp_mm, max_freq_error_pct, min_power_uw
const REQUEST_VALUES: i32 = 19;
const NAMES_OFFSET: usize = 152; // 19 × 8
const DEFAULTS_OFFSET: usize = 168; // after 4 i32 names
const DEFAULT_COUNT: i32 = 5; // V_DAMPING … V_MAX_STRESS + 3, contiguous

/** Bytes the caller reserves for the output region. */
export function outputBytes(): i32 {
  return <i32>DEFAULTS_OFFSET + DEFAULT_COUNT * 8;
}

/** Where in the output region the two name spans (pointer, length: i32 pairs) are written. */
export function namesOffset(): i32 {
  return <i32>NAMES_OFFSET;
}

/** Where in the output region the caller writes the DEFAULT_COUNT defaults. */
export function defaultsOffset(): i32 {
  return <i32>DEFAULTS_OFFSET;
}

// Cursor over the current line.
let p: usize = 0;
let e: usize = 0;
let out: usize = 0;
// The last string read (a pointer into the line and a length).
let strStart: usize = 0;
let strLen: i32 = 0;
// The last number read.
let numValue: f64 = 0;

@inline
function setValue(k: i32, v: f64): void {
  store<f64>(out + (<usize>k << 3), v);
}

// The cursor is copied into a local in every scanning loop: V8 keeps a local in a register, a
// WebAssembly global it loads and stores on every access.
@inline
function skipWhitespace(): void {
  let q = p;
  while (q < e) {
    const c = load<u8>(q);
    if (c == 0x20 || c == 0x09 || c == 0x0d || c == 0x0a) q++;
    else break;
  }
  p = q;
}

/** Consumes `c` after optional whitespace. */
@inline
function take(c: u8): bool {
  skipWhitespace();
  if (p < e && load<u8>(p) == c) {
    p++;
    return true;
  }
  return false;
}

@inline
function peekIs(c: u8): bool {
  skipWhitespace();
  return p < e && load<u8>(p) == c;
}

/** A string of printable ASCII without escapes (anything else is left to JSON.parse). */
function readString(): bool {
  skipWhitespace();
  let q = p;
  const end = e;
  if (q >= end || load<u8>(q) != 0x22) return false;
  q++;
  strStart = q;
  while (q < end) {
    const c = load<u8>(q);
    if (c == 0x22) {
      strLen = <i32>(q - strStart);
      p = q + 1;
      return true;
    }
    if (c < 0x20 || c >= 0x80 || c == 0x5c) return false;
    q++;
  }
  return false;
}

/** The last string read equals `s` (ASCII). */
function stringIs(s: string): bool {
  if (strLen != s.length) return false;
  for (let i = 0; i < strLen; i++) if (<i32>load<u8>(strStart + <usize>i) != s.charCodeAt(i)) return false;
  return true;
}

/** The index of the last string read among `names`, or −1. */
function keyIndex(names: StaticArray<string>): i32 {
  for (let i = 0; i < names.length; i++) if (stringIs(unchecked(names[i]))) return i;
  return -1;
}

@inline
function isDigit(c: u32): bool {
  return c - 0x30 < 10;
}

/** A JSON number: -?(0|[1-9]d*)(.d+)?([eE][+-]?d+)?, converted exactly (or refused). */
function readNumber(): bool {
  skipWhitespace();
  let q = p;
  const end = e;
  let negative = false;
  if (q < end && load<u8>(q) == 0x2d) {
    negative = true;
    q++;
  }
  if (q >= end) return false;
  let c = <u32>load<u8>(q);
  let mantissa: u64 = 0;
  let digits = 0;
  let exp10: i32 = 0;
  if (c == 0x30) {
    q++;
  } else if (c - 0x31 < 9) {
    while (q < end && isDigit((c = <u32>load<u8>(q)))) {
      if (digits == 19) return false; // more than 19 significant digits: JavaScript rounds them
      mantissa = mantissa * 10 + <u64>(c - 0x30);
      digits++;
      q++;
    }
  } else return false;
  if (q < end && load<u8>(q) == 0x2e) {
    q++;
    const fractionStart = q;
    while (q < end && isDigit((c = <u32>load<u8>(q)))) {
      if (mantissa == 0 && c == 0x30) {
        exp10--; // a leading zero of a number below one is no significant digit
      } else {
        if (digits == 19) return false;
        mantissa = mantissa * 10 + <u64>(c - 0x30);
        digits++;
        exp10--;
      }
      q++;
    }
    if (q == fractionStart) return false;
  }
  if (q < end && (load<u8>(q) | 0x20) == 0x65) {
    q++;
    let expNegative = false;
    if (q < end && (load<u8>(q) == 0x2b || load<u8>(q) == 0x2d)) {
      expNegative = load<u8>(q) == 0x2d;
      q++;
    }
    const expStart = q;
    let exponent: i32 = 0;
    while (q < end && isDigit((c = <u32>load<u8>(q)))) {
      if (exponent < 100000) exponent = exponent * 10 + <i32>(c - 0x30);
      q++;
    }
    if (q == expStart) return false;
    exp10 += expNegative ? -exponent : exponent;
  }
  // Whatever follows (a stray digit, point or letter) is judged by the caller's next token.
  p = q;
  numValue = decimalToF64(mantissa, exp10, negative);
  return decimalOk;
}

/** `"key": number` pairs of a design or excitation object; keys[i] goes to value slot base + i. */
function readNumberObject(names: StaticArray<string>, base: i32, positive: u32): bool {
  if (!take(0x7b)) return false;
  let seen: u32 = 0;
  if (!take(0x7d)) {
    while (true) {
      if (!readString() || !take(0x3a)) return false;
      const k = keyIndex(names);
      if (k < 0 || (seen & (<u32>1 << k)) != 0) return false; // unknown or repeated key
      seen |= <u32>1 << k;
      if (!readNumber()) return false;
      // `positive` marks the keys that must be > 0; the others must be ≥ 0.
      if ((positive & (<u32>1 << k)) != 0 ? !(numValue > 0) : !(numValue >= 0)) return false;
      setValue(base + k, numValue);
      if (take(0x2c)) continue;
      if (take(0x7d)) break;
      return false;
    }
  }
  return seen == (<u32>1 << names.length) - 1;
}

const DESIGN_KEYS: StaticArray<string> = ['beam_length_mm', 'beam_width_mm', 'substrate_thickness_um', 'piezo_thickness_um', 'tip_mass_g', 'load_resistance_ohm'];
const DESIGN_POSITIVE: u32 = 0b101111; // tip_mass_g may be 0
const EXCITATION_KEYS: StaticArray<string> = ['frequency_hz', 'acceleration_g'];
const EXCITATION_POSITIVE: u32 = 0b01; // acceleration_g may be 0
const LIMIT_KEYS: StaticArray<string> = ['max_stress_mpa', 'max_disp_mm', 'max_freq_error_pct', 'min_power_uw'];

const ENVIRONMENT_KEYS: StaticArray<string> = ['piezo_material', 'substrate_material', 'damping_ratio'];
const REQUEST_KEYS: StaticArray<string> = ['design', 'excitation', 'environment', 'constraints'];

/** Sets limit k (LIMIT_KEYS) to `v`, when k is a known limit and v in range. */
function setLimit(k: i32, v: f64): bool {
  if (k < 0 || (k == 3 ? !(v >= 0) : !(v > 0))) return false;
  setValue(V_MAX_STRESS + k, v);
  return true;
}

function readEnvironment(): bool {
  if (!take(0x7b)) return false;
  let seen: u32 = 0;
  if (take(0x7d)) return true;
  while (true) {
    if (!readString() || !take(0x3a)) return false;
    const k = keyIndex(ENVIRONMENT_KEYS);
    if (k < 0 || (seen & (<u32>1 << k)) != 0) return false;
    seen |= <u32>1 << k;
    if (k == 2) {
      if (!readNumber() || !(numValue >= 0)) return false;
      setValue(V_DAMPING, numValue);
    } else {
      if (!readString()) return false;
      store<i32>(out + NAMES_OFFSET + (<usize>k << 3), <i32>strStart);
      store<i32>(out + NAMES_OFFSET + (<usize>k << 3) + 4, strLen);
    }
    if (take(0x2c)) continue;
    if (take(0x7d)) return true;
    return false;
  }
}

/** [{"name": …, "limit": …}, …] (later entries win) or {"name": limit, …}. */
function readConstraints(): bool {
  if (take(0x5b)) {
    if (take(0x5d)) return true;
    while (true) {
      if (!take(0x7b)) return false;
      let seen: u32 = 0;
      let limitKey = -1;
      let limit: f64 = 0;
      if (!take(0x7d)) {
        while (true) {
          if (!readString() || !take(0x3a)) return false;
          if (stringIs('name')) {
            if ((seen & 1) != 0 || !readString()) return false;
            seen |= 1;
            limitKey = keyIndex(LIMIT_KEYS);
          } else if (stringIs('limit')) {
            if ((seen & 2) != 0 || !readNumber()) return false;
            seen |= 2;
            limit = numValue;
          } else return false;
          if (take(0x2c)) continue;
          if (take(0x7d)) break;
          return false;
        }
      }
      if (seen != 3 || !setLimit(limitKey, limit)) return false;
      if (take(0x2c)) continue;
      if (take(0x5d)) return true;
      return false;
    }
  }
  if (!take(0x7b)) return false;
  if (take(0x7d)) return true;
  let seen: u32 = 0;
  while (true) {
    if (!readString() || !take(0x3a)) return false;
    const k = keyIndex(LIMIT_KEYS);
    if (k < 0 || (seen & (<u32>1 << k)) != 0) return false;
    seen |= <u32>1 << k;
    if (!readNumber() || !setLimit(k, numValue)) return false;
    if (take(0x2c)) continue;
    if (take(0x7d)) return true;
    return false;
  }
}

function readRequest(): bool {
  if (!take(0x7b)) return false;
  let seen: u32 = 0;
  if (!peekIs(0x7d)) {
    while (true) {
      if (!readString() || !take(0x3a)) return false;
      const k = keyIndex(REQUEST_KEYS);
      if (k < 0 || (seen & (<u32>1 << k)) != 0) return false;
      seen |= <u32>1 << k;
      let ok = false;
      if (k == 0) ok = readNumberObject(DESIGN_KEYS, V_BEAM_LENGTH, DESIGN_POSITIVE);
      else if (k == 1) ok = readNumberObject(EXCITATION_KEYS, V_FREQUENCY, EXCITATION_POSITIVE);
      else if (k == 2) ok = readEnvironment();
      else ok = readConstraints();
      if (!ok) return false;
      if (take(0x2c)) continue;
      break;
    }
  }
  if (!take(0x7d)) return false;
  skipWhitespace();
  return p == e && (seen & 3) == 3;
}

/**
 * Parses the line [start, end) (no newline in it) into the output region at `output`: BLANK, FAST
 * (values and material-name spans written; a name's pointer is −1 when the request gives none) or
 * OTHER.
 */
export function parseLine(start: usize, end: usize, output: usize): i32 {
  p = start;
  e = end;
  out = output;
  skipWhitespace();
  if (p == e) return BLANK;
  memory.copy(out + (<usize>V_DAMPING << 3), out + DEFAULTS_OFFSET, <usize>DEFAULT_COUNT << 3);
  store<i64>(out + NAMES_OFFSET, -1);
  store<i64>(out + NAMES_OFFSET + 8, -1);
  return readRequest() ? FAST : OTHER;
}

/** Offset of the first newline in [start, end), or −1. */
export function findNewline(start: usize, end: usize): i32 {
  let q = start;
  const newline = i8x16.splat(0x0a);
  while (q + 16 <= end) {
    const mask = i8x16.bitmask(i8x16.eq(v128.load(q), newline));
    if (mask != 0) return <i32>(q - start) + <i32>ctz(mask);
    q += 16;
  }
  while (q < end) {
    if (load<u8>(q) == 0x0a) return <i32>(q - start);
    q++;
  }
  return -1;
}

/** Test hook: the number at [start, end) as readNumber takes it; NaN when refused or not all consumed. */
export function parseNumberForTest(start: usize, end: usize): f64 {
  p = start;
  e = end;
  if (!readNumber() || p != e) return NaN;
  return numValue;
}

/** The length of the input slot this build writes (the caller checks it against its layout). */
export function requestValueCount(): i32 {
  return REQUEST_VALUES;
}
