// Approximate minimum degree with its elimination steps recorded (re-exported by
// photonics-linalg.ts): twin of src/core/photonics/linalg/minimum-degree.ts minimumDegree(pattern,
// record = true), line for line — the same buckets, ties, hashes, absorptions and merges in the
// same order, so every output array is equal to the TypeScript one (the parity test holds it to
// that). Done here because in TypeScript the ordering was a fifth of the 20 nm whole-window
// full-vectorial mode solve (issue 20): bounds checks, Float64 `w` and the closures per bucket
// operation dominated its integer loops.
//
// Two differences, neither visible in the output:
// - The list pool `iw` is compacted (live lists slid down, AMD's garbage collection) when a new
//   element would not fit, instead of being grown: the minimal runtime cannot grow a caller's
//   region. Lists never move relative to their content, so nothing the algorithm reads changes.
//   With compaction the pool needs at most 2·Σ|off-diagonal row| entries (see compact), so the
//   caller can size it up front; return code 1 (no room even after compacting) is a safeguard.
// - The recorded boundaries' total (the row structure of L) is not known before the elimination:
//   the caller guesses, and when the guess is short the elimination runs on, counting, and returns
//   code 2 with the total it needed in header[1], so one retry with exactly that much suffices.
//
// Integer arrays are i32, every pointer a byte address reserved by the caller.

import { ldi, sti } from './_memory';

const VARIABLE = 0;
const ELEMENT = 1;
/** An element absorbed into a later one, or a variable merged into a supervariable or eliminated. */
const GONE = 2;

// Every per-variable (or per-element: an element keeps its pivot's index) quantity in one 64-byte
// record, so one cache line serves a variable's reads in a step instead of one line per array:
// on the 20 nm strip (27 776 variables) 4.5 ms against 4.7 ms as separate arrays — the rest is
// the algorithm's own scattered work (a flat profile), not the layout.
// Byte offsets in the record:
const PE = 0; // its list's start in iw
const LEN = 4; // its list's length
const ELEN = 8; // a variable's elements (the first elen of its list)
const STATUS = 12;
const NV = 16; // supervariable weight of a principal variable
const DEGREE = 20; // a variable's approximate external degree
const NEXT = 24; // degree bucket links
const PREV = 28;
const MARK = 32; // === stamp: in the current set
const HASH_OF = 36;
const HASH_NEXT = 40;
const ELEMENT_LEN = 44; // an element's Σ nv over its variables
// An element's |L_e \ L_p| offset: i64 because wflg grows by n + 1 per pivot (past 2³¹ near
// 50 000 variables), as the TypeScript Float64Array allows; no reset, so no extra branch to match.
const W = 48;
const FOLLOW_NEXT = 56; // followers eliminated right after a principal variable (linked)
const FOLLOW_LAST = 60;
const RECORD_SHIFT = 6;

// The records and the degree buckets' heads and tails, for the helpers below (globals:
// AssemblyScript has no closures).
let gRecords: usize = 0;
let gHead: usize = 0;
let gTail: usize = 0;

@inline
function rec(i: i32): usize {
  return gRecords + (<usize>i << RECORD_SHIFT);
}

@inline
function rd(i: i32, field: usize): i32 {
  return load<i32>(rec(i) + field);
}

@inline
function wr(i: i32, field: usize, v: i32): void {
  store<i32>(rec(i) + field, v);
}

/** Appends i to its degree's bucket (oldest first). */
@inline
function insert(i: i32): void {
  const d = rd(i, DEGREE);
  const t = ldi(gTail, d);
  wr(i, PREV, t);
  wr(i, NEXT, -1);
  if (t >= 0) wr(t, NEXT, i);
  else sti(gHead, d, i);
  sti(gTail, d, i);
}

/** Unlinks i from its degree's bucket. */
@inline
function remove(i: i32): void {
  const d = rd(i, DEGREE);
  const a = rd(i, PREV);
  const b = rd(i, NEXT);
  if (a >= 0) wr(a, NEXT, b);
  else sti(gHead, d, b);
  if (b >= 0) wr(b, PREV, a);
  else sti(gTail, d, a);
}

/** Smallest power of two ≥ n (at least 1): the supervariable hash table's size. */
function hashSize(n: i32): i32 {
  let h = 1;
  while (h < n) h <<= 1;
  return h;
}

/** i32 scratch minimumDegreeSteps needs for n variables. */
export function minimumDegreeScratchInts(n: i32): i32 {
  // The records (16n), compact's saved entries (n), head, tail, keptElements, keptVariables
  // (4(n + 1)), the hash table.
  return 17 * n + 4 * (n + 1) + hashSize(n);
}

/**
 * Slides the live lists (variables' and live elements') to the pool's bottom in pool order and
 * returns the new top. Each live list's first entry is parked in saved[x] and replaced by the
 * marker −(x + 1) (entries are variable indices, never negative), so one scan finds the lists.
 * Every position below the old top was written after the previous compaction, so no stale marker
 * remains. Bound: a variable's list never grows, and a new element's list is at most the lists it
 * frees (the pivot's own and the elements it absorbs), so the live lists never total more than
 * the initial Σ|off-diagonal row| = m; a step appends at most m more, so 2m entries always do.
 */
function compact(n: i32, iw: usize, top: i32, saved: usize): i32 {
  for (let x = 0; x < n; x++) {
    if (rd(x, STATUS) == GONE || rd(x, LEN) == 0) continue;
    const at = rd(x, PE);
    sti(saved, x, ldi(iw, at));
    sti(iw, at, -(x + 1));
  }
  let dst = 0;
  let src = 0;
  while (src < top) {
    const v = ldi(iw, src);
    if (v >= 0) {
      src++;
      continue;
    }
    const x = -v - 1;
    const l = rd(x, LEN);
    sti(iw, dst, ldi(saved, x));
    wr(x, PE, dst);
    for (let a = 1; a < l; a++) sti(iw, dst + a, ldi(iw, src + a));
    dst += l;
    src += l;
  }
  return dst;
}

/**
 * The elimination of the n × n pattern (rowStart: n + 1 i32, cols: rowStart[n] i32; the diagonal
 * may be present and is skipped). Writes at `out`, n i32 each: order, pivots (header[0] of them),
 * ownStart, ownLength, boundaryStart, boundaryLength, absorbedBy — the layout of the TypeScript
 * MinimumDegreeSteps — and the boundaries (header[1] i32) at `boundary`; header[2] counts the
 * pool's compactions (for the tests). `iw` holds iwCapacity
 * i32, `scratch` minimumDegreeScratchInts(n) (8-byte aligned). Returns 0; 1 when the list pool
 * is too small; 2 when the boundaries need header[1] > boundaryCapacity.
 */
export function minimumDegreeSteps(
  n: i32, rowStart: usize, cols: usize, out: usize, boundary: usize, boundaryCapacity: i32,
  iw: usize, iwCapacity: i32, scratch: usize, header: usize,
): i32 {
  const N = <usize>n << 2;
  const N1 = <usize>(n + 1) << 2;
  const records = scratch; // 8-byte aligned: W is an i64
  const saved = records + (N << 4); // compact's parked first entries
  const head = saved + N;
  const tail = head + N1;
  const keptElements = tail + N1;
  const keptVariables = keptElements + N1;
  const hashHead = keptVariables + N1;
  let hashMask = hashSize(n);
  hashMask -= 1;

  const order = out;
  const pivots = order + N;
  const ownStart = pivots + N;
  const ownLength = ownStart + N;
  const boundaryStart = ownLength + N;
  const boundaryLength = boundaryStart + N;
  const absorbedBy = boundaryLength + N;

  memory.fill(hashHead, 0xff, <usize>(hashMask + 1) << 2);
  memory.fill(head, 0xff, 2 * N1); // head, tail
  memory.fill(pivots, 0, 5 * N); // pivots, ownStart, ownLength, boundaryStart, boundaryLength
  memory.fill(absorbedBy, 0xff, N);
  gRecords = records;
  gHead = head;
  gTail = tail;

  let top = 0;
  for (let i = 0; i < n; i++) {
    const r = rec(i);
    store<i32>(r + ELEN, 0);
    store<i32>(r + STATUS, VARIABLE);
    store<i32>(r + NV, 1);
    store<i32>(r + MARK, 0);
    store<i32>(r + HASH_OF, 0);
    store<i32>(r + HASH_NEXT, -1);
    store<i32>(r + ELEMENT_LEN, 0);
    store<i64>(r + W, 0);
    store<i32>(r + FOLLOW_NEXT, -1);
    store<i32>(r + FOLLOW_LAST, i);
    store<i32>(r + PE, top);
    const end = ldi(rowStart, i + 1);
    for (let e = ldi(rowStart, i); e < end; e++) {
      const j = ldi(cols, e);
      if (j == i) continue;
      if (top >= iwCapacity) return 1;
      sti(iw, top++, j);
    }
    const l = top - rd(i, PE);
    wr(i, LEN, l);
    wr(i, DEGREE, l);
  }

  for (let i = 0; i < n; i++) insert(i);

  let stamp = 0;
  let wflg: i64 = 1;
  let k = 0;
  let pivotCount = 0;
  let boundaryTop = 0;
  let mindeg = 0;
  let compactions = 0;

  while (k < n) {
    while (ldi(head, mindeg) < 0) mindeg++;
    const p = ldi(head, mindeg);
    remove(p);
    // Room for L_p: p's variable list and its live elements' lists (what can be appended).
    let need = rd(p, LEN);
    {
      const from = rd(p, PE);
      const to = from + rd(p, ELEN);
      for (let x = from; x < to; x++) {
        const e = ldi(iw, x);
        if (rd(e, STATUS) == ELEMENT) need += rd(e, LEN);
      }
    }
    if (top + need > iwCapacity) {
      top = compact(n, iw, top, saved);
      compactions++;
      if (top + need > iwCapacity) return 1;
    }
    stamp++;
    wr(p, MARK, stamp);
    const start = top;
    let degLp = 0;
    const pBegin = rd(p, PE);
    const pEnd = pBegin + rd(p, LEN);
    const pElements = pBegin + rd(p, ELEN);
    for (let x = pBegin; x < pEnd; x++) {
      const y = ldi(iw, x);
      if (x < pElements) {
        if (rd(y, STATUS) != ELEMENT) continue;
        const zFrom = rd(y, PE);
        const end = zFrom + rd(y, LEN);
        for (let z = zFrom; z < end; z++) {
          const i = ldi(iw, z);
          if (rd(i, STATUS) != VARIABLE || rd(i, MARK) == stamp) continue;
          wr(i, MARK, stamp);
          sti(iw, top++, i);
          degLp += rd(i, NV);
          remove(i);
        }
        wr(y, STATUS, GONE);
        sti(absorbedBy, y, p);
      } else {
        const i = y;
        if (rd(i, STATUS) != VARIABLE || rd(i, MARK) == stamp) continue;
        wr(i, MARK, stamp);
        sti(iw, top++, i);
        degLp += rd(i, NV);
        remove(i);
      }
    }
    wr(p, STATUS, ELEMENT);
    wr(p, PE, start);
    wr(p, LEN, top - start);
    wr(p, ELEN, 0);
    const firstOwn = k;
    for (let x = p; x >= 0; x = rd(x, FOLLOW_NEXT)) sti(order, k++, x);

    // |L_e \ L_p| for every live element next to L_p.
    for (let x = start; x < top; x++) {
      const i = ldi(iw, x);
      const ni = <i64>rd(i, NV);
      const zFrom = rd(i, PE);
      const end = zFrom + rd(i, ELEN);
      for (let z = zFrom; z < end; z++) {
        const e = ldi(iw, z);
        if (rd(e, STATUS) != ELEMENT) continue;
        const at = rec(e) + W;
        const we = load<i64>(at);
        if (we >= wflg) store<i64>(at, we - ni);
        else store<i64>(at, <i64>rd(e, ELEMENT_LEN) + wflg - ni);
      }
    }
    // Each i ∈ L_p: its list rewritten as [p, live elements, variables outside L_p]; its degree bounded.
    const remaining = n - k;
    for (let x = start; x < top; x++) {
      const i = ldi(iw, x);
      const ni = rd(i, NV);
      let outside: i64 = 0;
      let ke = 0;
      let kv = 0;
      let hash = p;
      const from = rd(i, PE);
      const elementsEnd = from + rd(i, ELEN);
      const end = from + rd(i, LEN);
      for (let z = from; z < elementsEnd; z++) {
        const e = ldi(iw, z);
        if (rd(e, STATUS) != ELEMENT) continue;
        const we = load<i64>(rec(e) + W) - wflg;
        if (we == 0) {
          wr(e, STATUS, GONE); // aggressive absorption: all of e lies in L_p
          sti(absorbedBy, e, p);
          continue;
        }
        outside += we;
        sti(keptElements, ke++, e);
        hash += e;
      }
      for (let z = elementsEnd; z < end; z++) {
        const j = ldi(iw, z);
        if (rd(j, STATUS) != VARIABLE || rd(j, MARK) == stamp) continue;
        outside += <i64>rd(j, NV);
        sti(keptVariables, kv++, j);
        hash += j;
      }
      sti(iw, from, p);
      for (let a = 0; a < ke; a++) sti(iw, from + 1 + a, ldi(keptElements, a));
      for (let a = 0; a < kv; a++) sti(iw, from + 1 + ke + a, ldi(keptVariables, a));
      wr(i, ELEN, ke + 1);
      wr(i, LEN, ke + 1 + kv);
      if (ke == 0 && kv == 0) {
        // Adjacent to p alone: eliminated with it (mass elimination).
        wr(i, STATUS, GONE);
        for (let y = i; y >= 0; y = rd(y, FOLLOW_NEXT)) sti(order, k++, y);
        degLp -= ni;
        continue;
      }
      const external = <i64>(degLp - ni);
      let d = <i64>(remaining - ni);
      const viaOld = <i64>rd(i, DEGREE) + external;
      const viaOutside = outside + external;
      if (viaOld < d) d = viaOld;
      if (viaOutside < d) d = viaOutside;
      if (d < 0) d = 0;
      wr(i, DEGREE, <i32>d);
      wr(i, HASH_OF, hash);
    }
    wflg += <i64>(n + 1);

    // Supervariables: variables of L_p with the same element and variable lists merge.
    for (let x = start; x < top; x++) {
      const i = ldi(iw, x);
      if (rd(i, STATUS) != VARIABLE) continue;
      const b = rd(i, HASH_OF) & hashMask;
      wr(i, HASH_NEXT, ldi(hashHead, b));
      sti(hashHead, b, i);
    }
    for (let x = start; x < top; x++) {
      const first = ldi(iw, x);
      if (rd(first, STATUS) != VARIABLE) continue;
      const b = rd(first, HASH_OF) & hashMask;
      let i = ldi(hashHead, b);
      sti(hashHead, b, -1);
      for (; i >= 0; i = rd(i, HASH_NEXT)) {
        if (rd(i, STATUS) != VARIABLE) continue;
        const hi = rd(i, HASH_OF);
        const li = rd(i, LEN);
        const ei = rd(i, ELEN);
        let stamped = false;
        let before = i;
        for (let j = rd(i, HASH_NEXT); j >= 0; j = rd(j, HASH_NEXT)) {
          if (rd(j, STATUS) != VARIABLE || rd(j, HASH_OF) != hi || rd(j, LEN) != li || rd(j, ELEN) != ei) {
            before = j;
            continue;
          }
          if (!stamped) {
            stamp++;
            const zFrom = rd(i, PE);
            for (let z = zFrom; z < zFrom + li; z++) wr(ldi(iw, z), MARK, stamp);
            stamped = true;
          }
          let same = true;
          const zFrom = rd(j, PE);
          for (let z = zFrom; z < zFrom + li; z++) {
            if (rd(ldi(iw, z), MARK) != stamp) {
              same = false;
              break;
            }
          }
          if (!same) {
            before = j;
            continue;
          }
          // j joins i: eliminated right after it (with its own followers).
          const nj = rd(j, NV);
          wr(i, NV, rd(i, NV) + nj);
          const di = rd(i, DEGREE) - nj;
          wr(i, DEGREE, di > 0 ? di : 0);
          wr(j, NV, 0);
          wr(j, STATUS, GONE);
          wr(rd(i, FOLLOW_LAST), FOLLOW_NEXT, j);
          wr(i, FOLLOW_LAST, rd(j, FOLLOW_LAST));
          wr(before, HASH_NEXT, rd(j, HASH_NEXT));
        }
      }
    }

    // The new element keeps its live variables; they go back into the buckets.
    let outAt = start;
    let lpLen = 0;
    const cap = n - k;
    for (let x = start; x < top; x++) {
      const i = ldi(iw, x);
      if (rd(i, STATUS) != VARIABLE) continue;
      sti(iw, outAt++, i);
      lpLen += rd(i, NV);
      if (rd(i, DEGREE) > cap) wr(i, DEGREE, cap);
      insert(i);
      const di = rd(i, DEGREE);
      if (di < mindeg) mindeg = di;
    }
    wr(p, LEN, outAt - start);
    wr(p, ELEMENT_LEN, lpLen);
    top = outAt;

    sti(pivots, pivotCount++, p);
    sti(ownStart, p, firstOwn);
    sti(ownLength, p, k - firstOwn);
    // The element's variables, each supervariable with the variables merged into it so far;
    // past the caller's capacity only counted.
    sti(boundaryStart, p, boundaryTop);
    for (let x = start; x < outAt; x++) {
      const i = ldi(iw, x);
      const last = rd(i, FOLLOW_LAST);
      for (let y = i; ; y = rd(y, FOLLOW_NEXT)) {
        if (boundaryTop < boundaryCapacity) sti(boundary, boundaryTop, y);
        boundaryTop++;
        if (y == last) break;
      }
    }
    sti(boundaryLength, p, boundaryTop - ldi(boundaryStart, p));
  }
  sti(header, 0, pivotCount);
  sti(header, 1, boundaryTop);
  sti(header, 2, compactions);
  return boundaryTop > boundaryCapacity ? 2 : 0;
}
