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

const VARIABLE: u8 = 0;
const ELEMENT: u8 = 1;
/** An element absorbed into a later one, or a variable merged into a supervariable or eliminated. */
const GONE: u8 = 2;

// The degree buckets' arrays for insert/remove (globals: AssemblyScript has no closures).
let gDegree: usize = 0;
let gHead: usize = 0;
let gTail: usize = 0;
let gNext: usize = 0;
let gPrev: usize = 0;

@inline
function status(s: usize, i: i32): u8 {
  return load<u8>(s + <usize>i);
}

@inline
function setStatus(s: usize, i: i32, v: u8): void {
  store<u8>(s + <usize>i, v);
}

/** Appends i to its degree's bucket (oldest first). */
@inline
function insert(i: i32): void {
  const d = ldi(gDegree, i);
  const t = ldi(gTail, d);
  sti(gPrev, i, t);
  sti(gNext, i, -1);
  if (t >= 0) sti(gNext, t, i);
  else sti(gHead, d, i);
  sti(gTail, d, i);
}

/** Unlinks i from its degree's bucket. */
@inline
function remove(i: i32): void {
  const d = ldi(gDegree, i);
  const a = ldi(gPrev, i);
  const b = ldi(gNext, i);
  if (a >= 0) sti(gNext, a, b);
  else sti(gHead, d, b);
  if (b >= 0) sti(gPrev, b, a);
  else sti(gTail, d, a);
}

/** Smallest power of two ≥ n (at least 1): the supervariable hash table's size. */
function hashSize(n: i32): i32 {
  let h = 1;
  while (h < n) h <<= 1;
  return h;
}

/** i32 scratch minimumDegreeSteps needs for n variables (w's i64s counted as two each). */
export function minimumDegreeScratchInts(n: i32): i32 {
  // w (2n); nv, degree, elementLen, pe, len, elen, followNext, followLast, next, prev, mark,
  // hashOf, hashNext, saved (14n); head, tail, keptElements, keptVariables (4(n + 1)); the hash
  // table; status bytes.
  return 16 * n + 4 * (n + 1) + hashSize(n) + ((n + 3) >> 2);
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
function compact(n: i32, iw: usize, top: i32, pe: usize, len: usize, st: usize, saved: usize): i32 {
  for (let x = 0; x < n; x++) {
    if (status(st, x) == GONE || ldi(len, x) == 0) continue;
    const at = ldi(pe, x);
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
    const l = ldi(len, x);
    sti(iw, dst, ldi(saved, x));
    sti(pe, x, dst);
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
  // An element's |L_e \ L_p| offset: in i64 because wflg grows by n + 1 per pivot (past 2³¹ near
  // 50 000 variables), as the TypeScript Float64Array allows; no reset, so no extra branch to match.
  const w = scratch;
  const nv = w + (N << 1); // supervariable weight of a principal variable
  const degree = nv + N; // a variable's approximate external degree
  const elementLen = degree + N; // an element's Σ nv over its variables
  const pe = elementLen + N;
  const len = pe + N;
  const elen = len + N;
  const followNext = elen + N; // followers eliminated right after a principal variable
  const followLast = followNext + N;
  const next = followLast + N;
  const prev = next + N;
  const mark = prev + N;
  const hashOf = mark + N;
  const hashNext = hashOf + N;
  const saved = hashNext + N; // compact's parked first entries
  const head = saved + N;
  const tail = head + N1;
  const keptElements = tail + N1;
  const keptVariables = keptElements + N1;
  const hashHead = keptVariables + N1;
  let hashMask = hashSize(n);
  const st = hashHead + (<usize>hashMask << 2);
  hashMask -= 1;

  const order = out;
  const pivots = order + N;
  const ownStart = pivots + N;
  const ownLength = ownStart + N;
  const boundaryStart = ownLength + N;
  const boundaryLength = boundaryStart + N;
  const absorbedBy = boundaryLength + N;

  memory.fill(w, 0, N << 1);
  memory.fill(nv, 0, 7 * N); // nv (set to 1 below), degree, elementLen, pe, len, elen, followNext (set to −1)
  memory.fill(mark, 0, 2 * N); // mark, hashOf
  memory.fill(st, VARIABLE, <usize>n);
  memory.fill(hashHead, 0xff, <usize>(hashMask + 1) << 2);
  memory.fill(hashNext, 0xff, N);
  memory.fill(head, 0xff, 2 * N1); // head, tail
  memory.fill(next, 0xff, 2 * N); // next, prev
  memory.fill(followNext, 0xff, N);
  memory.fill(ownStart, 0, 4 * N); // ownStart, ownLength, boundaryStart, boundaryLength
  memory.fill(absorbedBy, 0xff, N);
  memory.fill(pivots, 0, N);

  let top = 0;
  for (let i = 0; i < n; i++) {
    sti(nv, i, 1);
    sti(followLast, i, i);
    sti(pe, i, top);
    const end = ldi(rowStart, i + 1);
    for (let e = ldi(rowStart, i); e < end; e++) {
      const j = ldi(cols, e);
      if (j == i) continue;
      if (top >= iwCapacity) return 1;
      sti(iw, top++, j);
    }
    const l = top - ldi(pe, i);
    sti(len, i, l);
    sti(degree, i, l);
  }

  gDegree = degree;
  gHead = head;
  gTail = tail;
  gNext = next;
  gPrev = prev;
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
    let need = ldi(len, p);
    {
      const from = ldi(pe, p);
      const to = from + ldi(elen, p);
      for (let x = from; x < to; x++) {
        const e = ldi(iw, x);
        if (status(st, e) == ELEMENT) need += ldi(len, e);
      }
    }
    if (top + need > iwCapacity) {
      top = compact(n, iw, top, pe, len, st, saved);
      compactions++;
      if (top + need > iwCapacity) return 1;
    }
    stamp++;
    sti(mark, p, stamp);
    const start = top;
    let degLp = 0;
    const pBegin = ldi(pe, p);
    const pEnd = pBegin + ldi(len, p);
    const pElements = pBegin + ldi(elen, p);
    for (let x = pBegin; x < pEnd; x++) {
      const y = ldi(iw, x);
      if (x < pElements) {
        if (status(st, y) != ELEMENT) continue;
        const zFrom = ldi(pe, y);
        const end = zFrom + ldi(len, y);
        for (let z = zFrom; z < end; z++) {
          const i = ldi(iw, z);
          if (status(st, i) != VARIABLE || ldi(mark, i) == stamp) continue;
          sti(mark, i, stamp);
          sti(iw, top++, i);
          degLp += ldi(nv, i);
          remove(i);
        }
        setStatus(st, y, GONE);
        sti(absorbedBy, y, p);
      } else {
        const i = y;
        if (status(st, i) != VARIABLE || ldi(mark, i) == stamp) continue;
        sti(mark, i, stamp);
        sti(iw, top++, i);
        degLp += ldi(nv, i);
        remove(i);
      }
    }
    setStatus(st, p, ELEMENT);
    sti(pe, p, start);
    sti(len, p, top - start);
    sti(elen, p, 0);
    const firstOwn = k;
    for (let x = p; x >= 0; x = ldi(followNext, x)) sti(order, k++, x);

    // |L_e \ L_p| for every live element next to L_p.
    for (let x = start; x < top; x++) {
      const i = ldi(iw, x);
      const ni = <i64>ldi(nv, i);
      const zFrom = ldi(pe, i);
      const end = zFrom + ldi(elen, i);
      for (let z = zFrom; z < end; z++) {
        const e = ldi(iw, z);
        if (status(st, e) != ELEMENT) continue;
        const at = w + (<usize>e << 3);
        const we = load<i64>(at);
        if (we >= wflg) store<i64>(at, we - ni);
        else store<i64>(at, <i64>ldi(elementLen, e) + wflg - ni);
      }
    }
    // Each i ∈ L_p: its list rewritten as [p, live elements, variables outside L_p]; its degree bounded.
    const remaining = n - k;
    for (let x = start; x < top; x++) {
      const i = ldi(iw, x);
      const ni = ldi(nv, i);
      let outside: i64 = 0;
      let ke = 0;
      let kv = 0;
      let hash = p;
      const from = ldi(pe, i);
      const elementsEnd = from + ldi(elen, i);
      const end = from + ldi(len, i);
      for (let z = from; z < elementsEnd; z++) {
        const e = ldi(iw, z);
        if (status(st, e) != ELEMENT) continue;
        const we = load<i64>(w + (<usize>e << 3)) - wflg;
        if (we == 0) {
          setStatus(st, e, GONE); // aggressive absorption: all of e lies in L_p
          sti(absorbedBy, e, p);
          continue;
        }
        outside += we;
        sti(keptElements, ke++, e);
        hash += e;
      }
      for (let z = elementsEnd; z < end; z++) {
        const j = ldi(iw, z);
        if (status(st, j) != VARIABLE || ldi(mark, j) == stamp) continue;
        outside += <i64>ldi(nv, j);
        sti(keptVariables, kv++, j);
        hash += j;
      }
      sti(iw, from, p);
      for (let a = 0; a < ke; a++) sti(iw, from + 1 + a, ldi(keptElements, a));
      for (let a = 0; a < kv; a++) sti(iw, from + 1 + ke + a, ldi(keptVariables, a));
      sti(elen, i, ke + 1);
      sti(len, i, ke + 1 + kv);
      if (ke == 0 && kv == 0) {
        // Adjacent to p alone: eliminated with it (mass elimination).
        setStatus(st, i, GONE);
        for (let y = i; y >= 0; y = ldi(followNext, y)) sti(order, k++, y);
        degLp -= ni;
        continue;
      }
      const external = <i64>(degLp - ni);
      let d = <i64>(remaining - ni);
      const viaOld = <i64>ldi(degree, i) + external;
      const viaOutside = outside + external;
      if (viaOld < d) d = viaOld;
      if (viaOutside < d) d = viaOutside;
      if (d < 0) d = 0;
      sti(degree, i, <i32>d);
      sti(hashOf, i, hash);
    }
    wflg += <i64>(n + 1);

    // Supervariables: variables of L_p with the same element and variable lists merge.
    for (let x = start; x < top; x++) {
      const i = ldi(iw, x);
      if (status(st, i) != VARIABLE) continue;
      const b = ldi(hashOf, i) & hashMask;
      sti(hashNext, i, ldi(hashHead, b));
      sti(hashHead, b, i);
    }
    for (let x = start; x < top; x++) {
      const first = ldi(iw, x);
      if (status(st, first) != VARIABLE) continue;
      const b = ldi(hashOf, first) & hashMask;
      let i = ldi(hashHead, b);
      sti(hashHead, b, -1);
      for (; i >= 0; i = ldi(hashNext, i)) {
        if (status(st, i) != VARIABLE) continue;
        const hi = ldi(hashOf, i);
        const li = ldi(len, i);
        const ei = ldi(elen, i);
        let stamped = false;
        let before = i;
        for (let j = ldi(hashNext, i); j >= 0; j = ldi(hashNext, j)) {
          if (status(st, j) != VARIABLE || ldi(hashOf, j) != hi || ldi(len, j) != li || ldi(elen, j) != ei) {
            before = j;
            continue;
          }
          if (!stamped) {
            stamp++;
            const zFrom = ldi(pe, i);
            for (let z = zFrom; z < zFrom + li; z++) sti(mark, ldi(iw, z), stamp);
            stamped = true;
          }
          let same = true;
          const zFrom = ldi(pe, j);
          for (let z = zFrom; z < zFrom + li; z++) {
            if (ldi(mark, ldi(iw, z)) != stamp) {
              same = false;
              break;
            }
          }
          if (!same) {
            before = j;
            continue;
          }
          // j joins i: eliminated right after it (with its own followers).
          const nj = ldi(nv, j);
          sti(nv, i, ldi(nv, i) + nj);
          const di = ldi(degree, i) - nj;
          sti(degree, i, di > 0 ? di : 0);
          sti(nv, j, 0);
          setStatus(st, j, GONE);
          sti(followNext, ldi(followLast, i), j);
          sti(followLast, i, ldi(followLast, j));
          sti(hashNext, before, ldi(hashNext, j));
        }
      }
    }

    // The new element keeps its live variables; they go back into the buckets.
    let outAt = start;
    let lpLen = 0;
    const cap = n - k;
    for (let x = start; x < top; x++) {
      const i = ldi(iw, x);
      if (status(st, i) != VARIABLE) continue;
      sti(iw, outAt++, i);
      lpLen += ldi(nv, i);
      if (ldi(degree, i) > cap) sti(degree, i, cap);
      insert(i);
      const di = ldi(degree, i);
      if (di < mindeg) mindeg = di;
    }
    sti(len, p, outAt - start);
    sti(elementLen, p, lpLen);
    top = outAt;

    sti(pivots, pivotCount++, p);
    sti(ownStart, p, firstOwn);
    sti(ownLength, p, k - firstOwn);
    // The element's variables, each supervariable with the variables merged into it so far;
    // past the caller's capacity only counted.
    sti(boundaryStart, p, boundaryTop);
    for (let x = start; x < outAt; x++) {
      const i = ldi(iw, x);
      const last = ldi(followLast, i);
      for (let y = i; ; y = ldi(followNext, y)) {
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
