/**
 * The eigenvalues of a sparse real operator A nearest above-spectrum shift σ (the largest β² of a
 * mode solver), by block Krylov subspaces of (σI − A)⁻¹ with Rayleigh–Ritz on A itself and thick
 * restarts. Why this shape: one LU of σI − A is the expensive step, so the solve count must
 * stay small, which Krylov spaces do far better than plain subspace iteration when the wanted
 * eigenvalues sit close to a dense cluster (the box modes just below the cladding line). Blocks of
 * two keep exactly degenerate pairs (TE0/TM0 of a square core) from hiding behind each other.
 *
 * Only the Ritz pairs that `needed` accepts (guided modes, above the cladding line) must converge:
 * the box modes below are dropped by the caller and would take many more solves to settle.
 */
import { eig } from '../linalg/eig.ts';
import { zeros } from '../linalg/cmatrix.ts';
import { createReferenceKrylovKernel, type KrylovMatrix, type KrylovVectorKernel } from '../linalg/krylov-kernel.ts';
import { createRng } from '../../stats/rng.ts';

export interface ShiftInvertProblem {
  readonly n: number;
  /** y = A·x */
  readonly multiply: (x: Float64Array, y: Float64Array) => void;
  /**
   * A itself in compressed rows, when multiply is the plain sparse product: the vector kernel then
   * forms the basis's images in its own memory (the same sums in the same order, so the same bits).
   */
  readonly matrix?: KrylovMatrix;
  /** x ← (σI − A)⁻¹·x in place for each x (a block at a time, so a backend can share its pass over the factors). */
  readonly solveEach: (xs: readonly Float64Array[]) => void;
  /** 1 where a vector may be non-zero (slots pinned by walls stay zero). */
  readonly live?: Uint8Array;
  /** How many of the largest eigenvalues to return. */
  readonly wanted: number;
  /** Eigenvalues that must converge (others are returned as they stand). */
  readonly needed: (value: number) => boolean;
  /** Relative residual ‖Ax − λx‖/|λ| a needed pair must reach. */
  readonly tolerance?: number;
  /**
   * Optional early stop: called at each check with the leading pairs (largest first) up to the first
   * needed one still open; true ends the iteration as converged (the caller has all it will report), and the result holds only those leading pairs.
   */
  readonly enough?: (settled: readonly RitzPair[]) => boolean;
  /**
   * Optional re-shift, offered once, as soon as the top Ritz pair has converged to RESHIFT_RESIDUAL
   * (probed on the top pair alone from RESHIFT_PROBE_FROM basis vectors on, before full checks start): the caller may refactorise at a shift closer to (still above) that value and
   * return the new solveEach, or null to keep the old one. Rayleigh–Ritz runs on A itself, so the
   * basis built so far stays valid; only the Krylov directions added later change.
   */
  readonly reshift?: (top: RitzPair) => ((xs: readonly Float64Array[]) => void) | null;
  /** Check at every block from the start (the shift already sits near the wanted pairs). */
  readonly shiftNearWanted?: boolean;
  /** Where the basis lives and its loops run (default: TypeScript); WASM keeps it in the kernel's memory. */
  readonly vectors?: KrylovVectorKernel;
}

/** Residual of the top Ritz pair at which a re-shift is offered at a full check (its value is then within ~1e-8·λ of the eigenvalue). */
const RESHIFT_RESIDUAL = 1e-4;
/**
 * The same, at full checks and at the early probe, when more than one pair is wanted: the value is
 * then good to well under the gap to the next mode, all the caller's new shift needs. Issue 20:
 * at full checks alone the strip re-shifted after 18 solves, with the probe after 14, and every
 * solve before it is spent at the poorer shift.
 */
const PROBE_RESIDUAL = 1e-2;
/** Basis size from which the top pair is probed for the re-shift (below it the top Ritz value is noise). */
const RESHIFT_PROBE_FROM = 6;

export interface RitzPair {
  readonly value: number;
  /** Unit 2-norm. */
  readonly vector: Float64Array;
  readonly residual: number;
  /** |Im λ| / |λ| of the Ritz value (the operator is not symmetric; a lossless guide gives 0). */
  readonly imaginaryRatio: number;
}

export interface ShiftInvertResult {
  readonly pairs: RitzPair[];
  readonly solves: number;
  readonly converged: boolean;
}

const BLOCK = 2;
const DEFAULT_TOLERANCE = 1e-7;
/** Krylov vectors beyond the wanted ones before a restart. */
const EXTRA_DIMENSION = 24;
/** Ritz vectors beyond the wanted ones kept through a restart (they carry the cluster below). */
const KEEP_EXTRA = 6;
/**
 * No convergence check on fewer Krylov vectors than wanted + this: a small space can show every
 * Ritz value below the cladding line before the guided ones have emerged, and stop too early.
 */
const MIN_CHECK_EXTRA = 12;
/** Rayleigh–Ritz checks every this many blocks (a check costs about as much as one solve). */
const CHECK_EVERY = 3;
/** Solves allowed, in units of the Krylov dimension. */
const MAX_SOLVES_PER_DIMENSION = 12;
/**
 * At a check, a pair whose residual estimated from the projected matrices exceeds this is left
 * open without forming its vector (two combinations of the whole basis). The estimate
 * ‖AVy − λVy‖² = yᵀQy − 2λ·yᵀPy + λ²·yᵀy (P = VᵀAV, Q = (AV)ᵀAV) cancels to about 1e-8·λ, so
 * it only screens: a pair below this gets its true residual.
 */
const ESTIMATE_SCREEN = 1e-5;
/**
 * A second Gram–Schmidt pass runs when the first left less than this fraction of a vector's norm.
 * One classical pass leaves the new vector off orthogonal by about ε/(that fraction), so 0.1 still
 * means orthogonality to ~1e-15; the classic DGKS 1/√2 re-ran the pass on every block of the
 * strip, whose new Krylov vectors keep 35–55 % of their norm (issue 20: two of the seven passes
 * over the basis per block, ~0.04 s of the 10 nm solve).
 */
const REORTHOGONALIZE_BELOW = 0.1;

function dimensions(n: number, wanted: number): { max: number; keep: number; ritz: number } {
  const max = Math.min(n, wanted + EXTRA_DIMENSION);
  const keep = Math.min(max - BLOCK, wanted + KEEP_EXTRA);
  return { max, keep, ritz: Math.max(1, Math.min(max, Math.max(keep, wanted))) };
}

/** Doubles the iteration's arena holds for n unknowns: basis and images, restart vectors, the block, one Ritz pair, small matrices. */
export function krylovArenaDoubles(n: number, wanted: number): number {
  return arenaLayout(n, dimensions(n, wanted)).doubles;
}

export function shiftInvertEigs(p: ShiftInvertProblem): ShiftInvertResult {
  const { n, wanted } = p;
  const tolerance = p.tolerance ?? DEFAULT_TOLERANCE;
  const dims = dimensions(n, wanted);
  const maxDimension = dims.max;
  const keep = dims.keep;
  const maxSolves = MAX_SOLVES_PER_DIMENSION * maxDimension;
  const k = p.vectors ?? createReferenceKrylovKernel();
  const at = arenaLayout(n, dims);
  k.reserve(at.doubles);
  if (p.matrix) k.loadMatrix(p.matrix);
  const rng = createRng(20080401);
  const basis = new KrylovBasis(k, at, n, maxDimension, p.matrix ? null : p.multiply);
  /** A random start vector into block slot b (zero on pinned slots). */
  const random = (b: number): void => randomInto(k.view(), at.block + b * n, n, p.live, rng);
  /** Appends block slots 0…count−1 to the basis; the ones that were new become the next block. */
  const appendBlock = (count: number): number => {
    const first = basis.size;
    const added = basis.appendBlock(at.block, count);
    const v = k.view();
    for (let b = 0; b < added; b++) v.copyWithin(at.block + b * n, (first + b) * n, (first + b + 1) * n);
    return added;
  };
  for (let b = 0; b < BLOCK; b++) random(b);
  let blockSize = appendBlock(BLOCK);
  let solves = 0;
  let steps = 0;
  let solveEach = p.solveEach;
  let reshiftOffered = !p.reshift;
  for (;;) {
    // The whole block is solved in place before any of it is appended: each solve reads only its own source.
    const v = k.view();
    solveEach(Array.from({ length: blockSize }, (_, b) => v.subarray(at.block + b * n, at.block + (b + 1) * n)));
    solves += blockSize;
    const added = appendBlock(blockSize);
    steps++;
    const full = basis.size >= maxDimension || added === 0;
    blockSize = added;
    const early = !full && basis.size < Math.min(maxDimension, wanted + MIN_CHECK_EXTRA);
    if (!reshiftOffered && early && wanted > 1 && basis.size >= RESHIFT_PROBE_FROM) {
      // The top pair alone (two combinations of the basis): cheap next to a solve.
      const top = basis.rayleighRitz(1, { vectorsFor: 1 }).pairs[0];
      if (top && top.residual < PROBE_RESIDUAL) {
        reshiftOffered = true;
        solveEach = p.reshift?.(top) ?? solveEach;
      }
    }
    // After the re-shift the wanted pairs converge within a few blocks: check at every one, so the
    // iteration stops at the first block that settles them rather than up to CHECK_EVERY − 1 later.
    if (early || (!full && steps % (((reshiftOffered && p.reshift) || p.shiftNearWanted) && wanted > 1 ? 1 : CHECK_EVERY) !== 0)) continue;
    // A re-shift still to be offered needs the top pair's vector; the rest are screened.
    const ritz = basis.rayleighRitz(Math.min(basis.size, wanted), { needed: p.needed, vectorsFor: reshiftOffered ? 0 : 1, screen: true, tolerance });
    const pairs = ritz.pairs;
    const isOpen = (q: RitzPair): boolean => p.needed(q.value) && q.residual > tolerance;
    const open = pairs.map((q, i) => ({ q, i })).filter(({ q }) => isOpen(q));
    const firstOpen = pairs.findIndex(isOpen);
    const settled = open.length === 0 || (p.enough?.(firstOpen < 0 ? pairs : pairs.slice(0, firstOpen)) ?? false);
    if (settled) {
      // Every needed pair up to the first open one has its vector and true residual already; the
      // open ones after it are not wanted (`enough` said the caller has all it will report), so
      // they are dropped rather than formed (issue 20: re-running the projection to form them was
      // three basis combinations and a field recovery per solve, for a mode nobody reported).
      return { pairs: firstOpen < 0 ? pairs : pairs.slice(0, firstOpen), solves, converged: true };
    }
    if (solves >= maxSolves || basis.size >= n) {
      // The needed pairs left without vectors at checks get them now (the same projection: same
      // values); the ones below the caller's line stay without (it reports none of them).
      const final = pairs.some((q) => q.vector.length === 0 && p.needed(q.value)) ? basis.rayleighRitz(Math.min(basis.size, wanted), { needed: p.needed, vectorsFor: 0, screen: false }).pairs : pairs;
      return { pairs: final, solves, converged: false };
    }
    const top = pairs[0];
    if (!reshiftOffered && top && top.residual < (wanted > 1 ? PROBE_RESIDUAL : RESHIFT_RESIDUAL)) {
      reshiftOffered = true;
      solveEach = p.reshift?.(top) ?? solveEach;
    }
    if (full) {
      // Thick restart: keep the leading Ritz vectors, grow again from the ones still open.
      const count = Math.min(basis.size, Math.max(keep, ...open.slice(0, BLOCK).map(({ i }) => i + 1)), dims.ritz);
      ritz.writeVectors(count);
      const w = k.view();
      const sources = open.slice(0, BLOCK).filter(({ i }) => i < count);
      sources.forEach(({ i }, b) => w.copyWithin(at.block + b * n, at.ritz + i * n, at.ritz + (i + 1) * n));
      basis.clear();
      basis.appendBlock(at.ritz, Math.min(count, keep));
      for (let b = sources.length; b < BLOCK; b++) random(b);
      blockSize = BLOCK;
    }
  }
}

/** Offsets (doubles) of the arena's parts: basis, images, restart vectors, block, Ritz x and A·x, coefficients, two small matrices, norms. */
interface ArenaLayout {
  readonly images: number;
  readonly ritz: number;
  readonly block: number;
  readonly x: number;
  readonly ax: number;
  readonly coefficients: number;
  readonly gram: number;
  readonly norms: number;
  /** The whole arena. */
  readonly doubles: number;
}

function arenaLayout(n: number, d: { max: number; ritz: number }): ArenaLayout {
  const images = d.max * n;
  const ritz = 2 * d.max * n;
  const block = ritz + d.ritz * n;
  const x = block + BLOCK * n;
  const ax = x + n;
  const coefficients = ax + n;
  const gram = coefficients + d.max * d.ritz;
  const norms = gram + d.max * d.max;
  return { images, ritz, block, x, ax, coefficients, gram, norms, doubles: norms + d.max };
}

/**
 * The orthonormal basis V (at arena offset 0) with its images A·V, and the projected matrices
 * P = VᵀAV and Q = (AV)ᵀAV, kept between Rayleigh–Ritz checks: a basis only grows until a
 * restart, so each check computes only the rows and columns of the vectors added since the last.
 */
class KrylovBasis {
  size = 0;
  private known = 0;
  private readonly p: Float64Array;
  private readonly q: Float64Array;

  constructor(
    private readonly k: KrylovVectorKernel,
    private readonly at: ArenaLayout,
    private readonly n: number,
    private readonly max: number,
    /** null: the kernel's own product with its loaded matrix. */
    private readonly multiply: ((x: Float64Array, y: Float64Array) => void) | null,
  ) {
    this.p = new Float64Array(max * max);
    this.q = new Float64Array(max * max);
  }

  clear(): void {
    this.size = 0;
    this.known = 0;
  }

  /**
   * Copies `count` vectors from `from` (one after another, outside the basis) into the next slots,
   * orthogonalises them against the basis together — block classical Gram–Schmidt, repeated once
   * when it cancelled most of any of them (REORTHOGONALIZE_BELOW), so each pass reads the
   * basis once for the whole block (issue 20: the basis is far larger than the cache, and these
   * passes are memory-bound) — then against each other in turn, and keeps, with its image, each
   * one that still has something new. Returns how many were kept; they sit in the slots after the
   * old basis, in order.
   */
  appendBlock(from: number, count: number): number {
    const { k, at, n } = this;
    const m = this.size;
    const b = Math.min(count, this.max - m);
    if (b <= 0) return 0;
    const slots = m * n;
    k.view().copyWithin(slots, from, from + b * n);
    const norms = (first: number, many: number): Float64Array => {
      k.norms(first, many, n, at.norms);
      return Float64Array.from(k.view().subarray(at.norms, at.norms + many), Math.sqrt);
    };
    const before = norms(slots, b);
    let after = before;
    for (let pass = 0; pass < 2 && m > 0; pass++) {
      const norm = after;
      k.gram(0, m, slots, b, n, at.coefficients);
      const v = k.view();
      for (let i = 0; i < m * b; i++) v[at.coefficients + i] = -(v[at.coefficients + i] as number);
      k.combine(0, m, at.coefficients, b, n, slots, true);
      after = norms(slots, b);
      if (after.every((a, j) => a > REORTHOGONALIZE_BELOW * (norm[j] as number))) break;
    }
    // Within the block: the same, one vector at a time against the ones already kept.
    let kept = 0;
    for (let j = 0; j < b; j++) {
      const slot = (m + kept) * n;
      const source = slots + j * n;
      if (slot !== source) k.view().copyWithin(slot, source, source + n);
      let norm = after[j] as number;
      for (let pass = 0; pass < 2 && kept > 0; pass++) {
        const was = norm;
        k.gram(m * n, kept, slot, 1, n, at.coefficients);
        const v = k.view();
        for (let i = 0; i < kept; i++) v[at.coefficients + i] = -(v[at.coefficients + i] as number);
        k.combine(m * n, kept, at.coefficients, 1, n, slot, true);
        norm = norms(slot, 1)[0] as number;
        if (norm > REORTHOGONALIZE_BELOW * was) break;
      }
      if (!((before[j] as number) > 0) || !(norm > 1e-10 * (before[j] as number))) continue;
      const v = k.view();
      for (let i = slot; i < slot + n; i++) v[i] = (v[i] as number) / norm;
      kept++;
    }
    // The kept vectors' images, two to a pass over A where the kernel holds it.
    let j = 0;
    for (; j + 1 < kept && !this.multiply; j += 2) {
      const slot = (m + j) * n;
      k.multiplyTwo(slot, slot + n, at.images + slot, at.images + slot + n);
    }
    for (; j < kept; j++) this.image((m + j) * n, at.images + (m + j) * n);
    this.size += kept;
    return kept;
  }

  /** Arena vector y = A·x (the caller's product, or the kernel's with its loaded matrix). */
  private image(x: number, y: number): void {
    const { k, n } = this;
    if (!this.multiply) {
      k.multiply(x, y);
      return;
    }
    const v = k.view();
    this.multiply(v.subarray(x, x + n), v.subarray(y, y + n));
  }

  /** Brings P and Q up to the whole basis, computing only the entries they lack. */
  private extend(): void {
    const { k, at, n, max } = this;
    const m = this.size;
    const old = this.known;
    if (old >= m) return;
    const fresh = m - old;
    const g = at.gram;
    // New columns of P (every row), then the new rows' old columns.
    k.gram(0, m, at.images + old * n, fresh, n, g);
    let v = k.view();
    for (let r = 0; r < m; r++) for (let c = 0; c < fresh; c++) this.p[r * max + old + c] = v[g + r * fresh + c] as number;
    if (old > 0) {
      k.gram(old * n, fresh, at.images, old, n, g);
      v = k.view();
      for (let r = 0; r < fresh; r++) for (let c = 0; c < old; c++) this.p[(old + r) * max + c] = v[g + r * old + c] as number;
    }
    k.gram(at.images, m, at.images + old * n, fresh, n, g);
    v = k.view();
    for (let r = 0; r < m; r++) {
      for (let c = 0; c < fresh; c++) {
        const value = v[g + r * fresh + c] as number;
        this.q[r * max + old + c] = value;
        this.q[(old + c) * max + r] = value;
      }
    }
    this.known = m;
  }

  /**
   * Ritz pairs of A on span(V), largest real part first: the first `wanted`, the leading
   * `vectorsFor` always with vectors and true residuals. With `needed`, a pair it rejects gets no
   * vector (length 0) and residual Infinity; with `screen`, so does one whose estimated residual is
   * above ESTIMATE_SCREEN (and above the tolerance), with that estimate: at a check nothing reads
   * them, and forming a vector is most of a check's cost (issue 20).
   * `writeVectors(count)` puts the leading Ritz vectors, unit length, at the arena's restart slots.
   */
  rayleighRitz(wanted: number, o: { needed?: (value: number) => boolean; vectorsFor: number; screen?: boolean; tolerance?: number }): { pairs: RitzPair[]; writeVectors: (count: number) => void } {
    const { k, at, n, max } = this;
    const m = this.size;
    this.extend();
    const h = zeros(m);
    for (let r = 0; r < m; r++) for (let c = 0; c < m; c++) h.re[r * m + c] = this.p[r * max + c] as number;
    const { valuesRe, valuesIm, vectors } = eig(h);
    const order = [...valuesRe.keys()].sort((x, y) => (valuesRe[y] as number) - (valuesRe[x] as number));
    /** The real coefficients of Ritz vector j (a real eigenvalue's eigenvector is real up to a phase: undo that of its largest entry). */
    const coefficients = (j: number): Float64Array => {
      let big = 0;
      for (let r = 0; r < m; r++) if (Math.hypot(vectors.re[r * m + j] as number, vectors.im[r * m + j] as number) > Math.hypot(vectors.re[big * m + j] as number, vectors.im[big * m + j] as number)) big = r;
      const pr = vectors.re[big * m + j] as number;
      const pi = vectors.im[big * m + j] as number;
      const pm = Math.hypot(pr, pi) || 1;
      return Float64Array.from({ length: m }, (_, r) => ((vectors.re[r * m + j] as number) * pr + (vectors.im[r * m + j] as number) * pi) / pm);
    };
    const estimate = (y: Float64Array, value: number): number => {
      let yy = 0;
      let yPy = 0;
      let yQy = 0;
      for (let r = 0; r < m; r++) {
        const yr = y[r] as number;
        yy += yr * yr;
        for (let c = 0; c < m; c++) {
          yPy += yr * (this.p[r * max + c] as number) * (y[c] as number);
          yQy += yr * (this.q[r * max + c] as number) * (y[c] as number);
        }
      }
      return Math.sqrt(Math.max(0, (yQy - 2 * value * yPy + value * value * yy) / yy)) / Math.max(Math.abs(value), Number.MIN_VALUE);
    };
    const truePair = (y: Float64Array, value: number, imaginaryRatio: number): RitzPair => {
      const c = at.coefficients;
      k.view().set(y, c);
      k.combine(0, m, c, 1, n, at.x, false);
      // A·x by one sparse product rather than the images' combination (AV)·y: the matrix is a
      // fraction of the m images' bytes (issue 20: the combination was a sixth of a check's reads).
      this.image(at.x, at.ax);
      const { vector, residual } = normalisedResidual(k.view(), at.x, at.ax, n, value);
      return { value, vector, residual, imaginaryRatio };
    };
    const pairs = order.slice(0, wanted).map((j, index): RitzPair => {
      const value = valuesRe[j] as number;
      const imaginaryRatio = Math.abs(valuesIm[j] as number) / Math.max(Math.abs(value), Number.MIN_VALUE);
      if (o.needed && index >= o.vectorsFor && !o.needed(value)) return { value, vector: new Float64Array(0), residual: Infinity, imaginaryRatio };
      const y = coefficients(j);
      if (o.screen && index >= o.vectorsFor) {
        const guess = estimate(y, value);
        if (guess > ESTIMATE_SCREEN && guess > (o.tolerance ?? 0)) return { value, vector: new Float64Array(0), residual: guess, imaginaryRatio };
      }
      return truePair(y, value, imaginaryRatio);
    });
    const writeVectors = (count: number): void => {
      const c = at.coefficients;
      const ys = order.slice(0, count).map(coefficients);
      let v = k.view();
      for (let r = 0; r < m; r++) for (let j = 0; j < count; j++) v[c + r * count + j] = (ys[j] as Float64Array)[r] as number;
      k.combine(0, m, c, count, n, at.ritz, false);
      k.norms(at.ritz, count, n, at.norms);
      v = k.view();
      for (let j = 0; j < count; j++) {
        const norm = Math.sqrt(v[at.norms + j] as number) || 1;
        for (let i = at.ritz + j * n; i < at.ritz + (j + 1) * n; i++) v[i] = (v[i] as number) / norm;
      }
    };
    return { pairs, writeVectors };
  }
}

/**
 * Long loops of the iteration as module functions, not closures made per solve: V8 keeps one
 * function's optimised code, where a closure's was compiled again on every solve on a background
 * thread (issue 20, --trace-opt of repeated solves).
 */
function randomInto(v: Float64Array, at: number, n: number, live: Uint8Array | undefined, rng: { next(): number }): void {
  for (let i = 0; i < n; i++) v[at + i] = live && !live[i] ? 0 : rng.next() - 0.5;
}

/** x/‖x‖ for the arena vector at `x`, and ‖A·x − value·x‖/(‖x‖·|value|) with A·x at `ax`. */
function normalisedResidual(v: Float64Array, x: number, ax: number, n: number, value: number): { vector: Float64Array; residual: number } {
  let xx = 0;
  for (let i = x; i < x + n; i++) xx += (v[i] as number) ** 2;
  const norm = Math.sqrt(xx) || 1;
  const vector = new Float64Array(n);
  let res = 0;
  for (let i = 0; i < n; i++) {
    const xi = (v[x + i] as number) / norm;
    vector[i] = xi;
    res += ((v[ax + i] as number) / norm - value * xi) ** 2;
  }
  return { vector, residual: Math.sqrt(res) / Math.max(Math.abs(value), Number.MIN_VALUE) };
}
