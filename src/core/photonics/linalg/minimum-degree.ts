/**
 * A fill-reducing elimination order by approximate minimum degree on the quotient graph (the
 * method of Amestoy, Davis & Duff, SIAM J. Matrix Anal. Appl. 17, 886 (1996), written here from
 * its description): eliminated variables become elements, whose variable lists stand for the
 * cliques elimination creates, so the graph never grows; a variable's degree is bounded from above
 * by cheap set sizes instead of computed exactly; elements wholly inside the new one are absorbed
 * (aggressively too), variables with the same adjacency are merged into supervariables, and a
 * variable left adjacent to the new element only is eliminated with it (mass elimination).
 *
 * Why here (issue 20): on the full-vectorial strip (H_x and H_y decoupled outside the core) the
 * geometric nested dissection cost 1.06 G multiply-adds at 10 nm with exact fronts (1.9 G with the
 * dense cell blocks it replaced) against 0.42 G in this order, and stored 9.2 M doubles against 5.8 M.
 *
 * Integer work only, with every tie broken by list order: the same pattern gives the same order
 * in every engine.
 */
import type { SymmetricPattern } from './supernodal-tree.ts';
import { withRoom } from './grow.ts';

const VARIABLE = 0;
const ELEMENT = 1;
/** An element absorbed into a later one, or a variable merged into a supervariable or eliminated. */
const GONE = 2;

/**
 * What the elimination recorded, for the fronts of a multifrontal LU (supernodal-tree.ts
 * minimumDegreeTree): pivot step p (pivots, in elimination order) eliminates
 * order[ownStart[p] … ownStart[p] + ownLength[p]) — p, the variables merged into it and those
 * eliminated with it — which couple to exactly boundary[boundaryStart[p] … + boundaryLength[p]]
 * (its element's variable list, each supervariable spelled out as it stood then: the row
 * structure of L below those columns); its element was absorbed into step absorbedBy[p]'s
 * (−1: never). Entries of variables that were not pivots are unused.
 */
export interface MinimumDegreeSteps {
  readonly order: Int32Array;
  readonly pivots: Int32Array;
  readonly ownStart: Int32Array;
  readonly ownLength: Int32Array;
  readonly boundary: Int32Array;
  readonly boundaryStart: Int32Array;
  readonly boundaryLength: Int32Array;
  readonly absorbedBy: Int32Array;
}

/**
 * A backend for the ordering: the WASM build of assembly/_minimum-degree.ts
 * (minimum-degree-wasm.ts), whose steps equal minimumDegreeSteps' array for array. A function
 * property, not a method, so it can be passed on detached (minimumDegreeTree's `steps`).
 */
export interface OrderingKernel {
  readonly id: string;
  readonly minimumDegreeSteps: (pattern: SymmetricPattern) => MinimumDegreeSteps;
}

/** The elimination order (order[k] is the variable eliminated k-th) of a structurally symmetric pattern. */
export function approximateMinimumDegree(pattern: SymmetricPattern): Int32Array {
  return minimumDegree(pattern, false).order;
}

/** approximateMinimumDegree with its elimination steps recorded. */
export function minimumDegreeSteps(pattern: SymmetricPattern): MinimumDegreeSteps {
  return minimumDegree(pattern, true);
}

/**
 * The order, and with `record` the steps (empty arrays otherwise).
 *
 * Storage: every list lives in one growable Int32Array `iw` at pe[x] … pe[x] + len[x]. A variable's
 * list is its elements (elen[x] of them) then its variables; an element's list is its variables. A
 * variable's list never grows (the pivot replaces an absorbed element or the pivot's own entry in
 * it), so only each new element is appended; the pool grows instead of being compacted (its total
 * is Σ|L_p|, at most the factor's row structure).
 */
function minimumDegree(pattern: SymmetricPattern, record: boolean): MinimumDegreeSteps {
  const { n, rowStart, cols } = pattern;
  const status = new Uint8Array(n);
  const nv = new Int32Array(n).fill(1); // supervariable weight of a principal variable
  const degree = new Int32Array(n); // a variable's approximate external degree
  const elementLen = new Int32Array(n); // an element's Σ nv over its variables
  const pe = new Int32Array(n);
  const len = new Int32Array(n);
  const elen = new Int32Array(n);
  let iw = new Int32Array(Math.max(1024, 2 * (rowStart[n] as number) + 2 * n));
  let top = 0;
  for (let i = 0; i < n; i++) {
    pe[i] = top;
    for (let e = rowStart[i] as number; e < (rowStart[i + 1] as number); e++) {
      const j = cols[e] as number;
      if (j !== i) iw[top++] = j;
    }
    len[i] = top - (pe[i] as number);
    degree[i] = len[i] as number;
  }
  const reserve = (extra: number): void => {
    iw = withRoom(iw, top, extra);
  };
  // Followers eliminated right after a principal variable (merged supervariables): linked lists.
  const followNext = new Int32Array(n).fill(-1);
  const followLast = new Int32Array(n);
  for (let i = 0; i < n; i++) followLast[i] = i;

  // Degree buckets, doubly linked, oldest first: among equal degrees the variable that has waited
  // longest goes next, which spreads the eliminations over the graph (newest first marched along
  // the grid as a band: 2.6× the flops of SuperLU's multiple minimum degree on the 20 nm strip).
  const head = new Int32Array(n + 1).fill(-1);
  const tail = new Int32Array(n + 1).fill(-1);
  const next = new Int32Array(n).fill(-1);
  const prev = new Int32Array(n).fill(-1);
  const insert = (i: number): void => {
    const d = degree[i] as number;
    const t = tail[d] as number;
    prev[i] = t;
    next[i] = -1;
    if (t >= 0) next[t] = i;
    else head[d] = i;
    tail[d] = i;
  };
  const remove = (i: number): void => {
    const d = degree[i] as number;
    const a = prev[i] as number;
    const b = next[i] as number;
    if (a >= 0) next[a] = b;
    else head[d] = b;
    if (b >= 0) prev[b] = a;
    else tail[d] = a;
  };
  for (let i = 0; i < n; i++) insert(i);

  // mark[x] === stamp: x is in the current set. w[e] − wflg is |L_e \ L_p| once w[e] ≥ wflg.
  const mark = new Int32Array(n);
  let stamp = 0;
  const w = new Float64Array(n);
  let wflg = 1;
  const order = new Int32Array(n);
  let k = 0;
  const m = record ? n : 0;
  const pivots = new Int32Array(m);
  let pivotCount = 0;
  const ownStart = new Int32Array(m);
  const ownLength = new Int32Array(m);
  const boundaryStart = new Int32Array(m);
  const boundaryLength = new Int32Array(m);
  const absorbedBy = new Int32Array(m).fill(-1);
  let boundary = new Int32Array(record ? Math.max(1024, 4 * n) : 0);
  let boundaryTop = 0;
  let mindeg = 0;
  const emit = (p: number): void => {
    for (let x = p; x >= 0; x = followNext[x] as number) order[k++] = x;
  };
  // Scratch for rewriting one variable's list, and the supervariable hash chains.
  const keptElements = new Int32Array(n + 1);
  const keptVariables = new Int32Array(n + 1);
  const hashOf = new Int32Array(n);
  // A power-of-two table: a mask instead of an integer division per lookup.
  let hashMask = 1;
  while (hashMask < n) hashMask <<= 1;
  const hashHead = new Int32Array(hashMask).fill(-1);
  hashMask -= 1;
  const hashNext = new Int32Array(n).fill(-1);

  while (k < n) {
    while ((head[mindeg] as number) < 0) mindeg++;
    const p = head[mindeg] as number;
    remove(p);
    // L_p, appended at the pool's top: the principal variables of p's elements (absorbed now) and of its variable list.
    let need = len[p] as number;
    for (let x = pe[p] as number; x < (pe[p] as number) + (elen[p] as number); x++) need += len[iw[x] as number] as number;
    reserve(need);
    stamp++;
    mark[p] = stamp;
    const start = top;
    let degLp = 0;
    const pEnd = (pe[p] as number) + (len[p] as number);
    const pElements = (pe[p] as number) + (elen[p] as number);
    for (let x = pe[p] as number; x < pEnd; x++) {
      const y = iw[x] as number;
      if (x < pElements) {
        if (status[y] !== ELEMENT) continue;
        const end = (pe[y] as number) + (len[y] as number);
        for (let z = pe[y] as number; z < end; z++) {
          const i = iw[z] as number;
          if (status[i] !== VARIABLE || mark[i] === stamp) continue;
          mark[i] = stamp;
          iw[top++] = i;
          degLp += nv[i] as number;
          remove(i);
        }
        status[y] = GONE;
        if (record) absorbedBy[y] = p;
      } else {
        const i = y;
        if (status[i] !== VARIABLE || mark[i] === stamp) continue;
        mark[i] = stamp;
        iw[top++] = i;
        degLp += nv[i] as number;
        remove(i);
      }
    }
    status[p] = ELEMENT;
    pe[p] = start;
    len[p] = top - start;
    elen[p] = 0;
    const firstOwn = k;
    emit(p);

    // |L_e \ L_p| for every live element next to L_p.
    for (let x = start; x < top; x++) {
      const i = iw[x] as number;
      const ni = nv[i] as number;
      const end = (pe[i] as number) + (elen[i] as number);
      for (let z = pe[i] as number; z < end; z++) {
        const e = iw[z] as number;
        if (status[e] !== ELEMENT) continue;
        if ((w[e] as number) >= wflg) w[e] = (w[e] as number) - ni;
        else w[e] = (elementLen[e] as number) + wflg - ni;
      }
    }
    // Each i ∈ L_p: its list rewritten as [p, live elements, variables outside L_p]; its degree bounded.
    const remaining = n - k;
    for (let x = start; x < top; x++) {
      const i = iw[x] as number;
      const ni = nv[i] as number;
      let outside = 0;
      let ke = 0;
      let kv = 0;
      let hash = p;
      const from = pe[i] as number;
      const elementsEnd = from + (elen[i] as number);
      const end = from + (len[i] as number);
      for (let z = from; z < elementsEnd; z++) {
        const e = iw[z] as number;
        if (status[e] !== ELEMENT) continue;
        const we = (w[e] as number) - wflg;
        if (we === 0) {
          status[e] = GONE; // aggressive absorption: all of e lies in L_p
          if (record) absorbedBy[e] = p;
          continue;
        }
        outside += we;
        keptElements[ke++] = e;
        hash = (hash + e) | 0;
      }
      for (let z = elementsEnd; z < end; z++) {
        const j = iw[z] as number;
        if (status[j] !== VARIABLE || mark[j] === stamp) continue;
        outside += nv[j] as number;
        keptVariables[kv++] = j;
        hash = (hash + j) | 0;
      }
      iw[from] = p;
      for (let a = 0; a < ke; a++) iw[from + 1 + a] = keptElements[a] as number;
      for (let a = 0; a < kv; a++) iw[from + 1 + ke + a] = keptVariables[a] as number;
      elen[i] = ke + 1;
      len[i] = ke + 1 + kv;
      if (ke === 0 && kv === 0) {
        // Adjacent to p alone: eliminated with it (mass elimination).
        status[i] = GONE;
        emit(i);
        degLp -= ni;
        continue;
      }
      const external = degLp - ni;
      degree[i] = Math.max(0, Math.min(remaining - ni, (degree[i] as number) + external, outside + external));
      hashOf[i] = hash;
    }
    wflg += n + 1;

    // Supervariables: variables of L_p with the same element and variable lists merge.
    for (let x = start; x < top; x++) {
      const i = iw[x] as number;
      if (status[i] !== VARIABLE) continue;
      const b = (hashOf[i] as number) & hashMask;
      hashNext[i] = hashHead[b] as number;
      hashHead[b] = i;
    }
    for (let x = start; x < top; x++) {
      const first = iw[x] as number;
      if (status[first] !== VARIABLE) continue;
      const b = (hashOf[first] as number) & hashMask;
      let i = hashHead[b] as number;
      hashHead[b] = -1;
      for (; i >= 0; i = hashNext[i] as number) {
        if (status[i] !== VARIABLE) continue;
        let stamped = false;
        for (let j = hashNext[i] as number, before = i; j >= 0; j = hashNext[j] as number) {
          if (status[j] !== VARIABLE || hashOf[j] !== hashOf[i] || len[j] !== len[i] || elen[j] !== elen[i]) {
            before = j;
            continue;
          }
          if (!stamped) {
            stamp++;
            for (let z = pe[i] as number; z < (pe[i] as number) + (len[i] as number); z++) mark[iw[z] as number] = stamp;
            stamped = true;
          }
          let same = true;
          for (let z = pe[j] as number; z < (pe[j] as number) + (len[j] as number); z++) {
            if (mark[iw[z] as number] !== stamp) {
              same = false;
              break;
            }
          }
          if (!same) {
            before = j;
            continue;
          }
          // j joins i: eliminated right after it (with its own followers).
          const nj = nv[j] as number;
          nv[i] = (nv[i] as number) + nj;
          degree[i] = Math.max(0, (degree[i] as number) - nj);
          nv[j] = 0;
          status[j] = GONE;
          followNext[followLast[i] as number] = j;
          followLast[i] = followLast[j] as number;
          hashNext[before] = hashNext[j] as number;
        }
      }
    }

    // The new element keeps its live variables; they go back into the buckets.
    let out = start;
    let lpLen = 0;
    for (let x = start; x < top; x++) {
      const i = iw[x] as number;
      if (status[i] !== VARIABLE) continue;
      iw[out++] = i;
      lpLen += nv[i] as number;
      if ((degree[i] as number) > n - k) degree[i] = n - k;
      insert(i);
      if ((degree[i] as number) < mindeg) mindeg = degree[i] as number;
    }
    len[p] = out - start;
    elementLen[p] = lpLen;
    top = out;
    if (record) {
      pivots[pivotCount++] = p;
      ownStart[p] = firstOwn;
      ownLength[p] = k - firstOwn;
      // The element's variables, each supervariable with the variables merged into it so far.
      boundary = withRoom(boundary, boundaryTop, lpLen);
      boundaryStart[p] = boundaryTop;
      for (let x = start; x < out; x++) {
        const i = iw[x] as number;
        const last = followLast[i] as number;
        for (let y = i; ; y = followNext[y] as number) {
          boundary[boundaryTop++] = y;
          if (y === last) break;
        }
      }
      boundaryLength[p] = boundaryTop - (boundaryStart[p] as number);
    }
  }
  return { order, pivots: pivots.subarray(0, pivotCount), ownStart, ownLength, boundary: boundary.subarray(0, boundaryTop), boundaryStart, boundaryLength, absorbedBy };
}
