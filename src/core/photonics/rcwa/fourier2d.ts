/**
 * Permittivity convolution matrices of one 2D-periodic layer for the Fourier modal method (RCWA).
 *
 * Cell coordinates are fractions of the periods, u = x/px and v = y/py in [0, 1). Harmonic (m, n)
 * (m along x, n along y) sits at index (n + N)·(2M+1) + (m + M). Coefficients follow the 1D
 * convention of ./fourier.ts: f(u, v) = Σ f_pq·exp(+i2π(pu + qv)), and the convolution matrix is
 * C[(m,n),(m',n')] = f_{m−m', n−n'}.
 *
 * Three matrices per layer, after Li's factorisation rules (Li, JOSA A 14, 2758 (1997)):
 *  - epsilon: [[ε]], the plain (Laurent) matrix; its inverse multiplies D_z in the E_z equation,
 *    which is the inverse rule for a field continuous across the vertical walls.
 *  - epsXX: the matrix for D_x = ε·E_x. E_x jumps across walls normal to x, so on each y-slab the
 *    x-profile is factorised by the inverse rule [[1/ε]]_x⁻¹ and the slabs are then combined along y
 *    by the Laurent rule (written ⌈⌊ε⌋⌉ by Li).
 *  - epsYY: the same with x and y swapped, for D_y = ε·E_y.
 * The slab construction is exact only when every wall is parallel to x or y, so it is used when a
 * layer holds rectangles only. Layers with ellipses or circles use the Laurent matrix for all three
 * (closed-form coefficients through J₁), which converges more slowly in p-polarisation: the
 * result's conventions say which rule each layer used.
 */
import { inverse, zeros, type CMatrix } from '../linalg/cmatrix.ts';
import { fourierCoefficients, toeplitz, type Segment } from './fourier.ts';

export interface Complex2 {
  re: number;
  im: number;
}

/** One inclusion of a layer, in fractions of the periods; `halfX`, `halfY` are half-widths (rectangle) or semi-axes (ellipse). */
export interface CellShape {
  type: 'rectangle' | 'ellipse';
  centerU: number;
  centerV: number;
  halfX: number;
  halfY: number;
  eps: Complex2;
}

export interface CellPattern {
  background: Complex2;
  /** Non-overlapping inclusions; each must fit in one period along each axis. */
  shapes: readonly CellShape[];
}

export type FactorizationRule = 'li-inverse-rule' | 'laurent' | 'uniform';

export interface LayerConvolution {
  epsilon: CMatrix;
  epsXX: CMatrix;
  epsYY: CMatrix;
  rule: FactorizationRule;
}

/** Index of harmonic (m, n) in an (2M+1)(2N+1) list. */
export function harmonicIndex(m: number, n: number, M: number, N: number): number {
  return (n + N) * (2 * M + 1) + (m + M);
}

/** Which factorisation a pattern gets: Li's rules when every wall is axis-aligned, Laurent otherwise. */
export function factorizationRule(pattern: CellPattern): FactorizationRule {
  if (pattern.shapes.length === 0) return 'uniform';
  return pattern.shapes.every((s) => s.type === 'rectangle') ? 'li-inverse-rule' : 'laurent';
}

export function layerConvolution(pattern: CellPattern, M: number, N: number): LayerConvolution {
  const rule = factorizationRule(pattern);
  if (rule === 'li-inverse-rule') {
    const epsilon = laurentFromSlabs(pattern, M, N);
    return { epsilon, epsXX: inverseRuleAlong('x', pattern, M, N), epsYY: inverseRuleAlong('y', pattern, M, N), rule };
  }
  const epsilon = convolutionFromTable(shapeCoefficients(pattern, M, N), M, N);
  return { epsilon, epsXX: epsilon, epsYY: epsilon, rule };
}

/** f_pq for |p| ≤ 2M, |q| ≤ 2N by the closed forms of each shape, as a row-major table [(q+2N)(4M+1) + p+2M]. */
export function shapeCoefficients(pattern: CellPattern, M: number, N: number): { re: Float64Array; im: Float64Array } {
  const P = 2 * M;
  const Q = 2 * N;
  const width = 2 * P + 1;
  const re = new Float64Array(width * (2 * Q + 1));
  const im = new Float64Array(width * (2 * Q + 1));
  re[Q * width + P] = pattern.background.re;
  im[Q * width + P] = pattern.background.im;
  for (const s of pattern.shapes) {
    const dr = s.eps.re - pattern.background.re;
    const di = s.eps.im - pattern.background.im;
    for (let q = -Q; q <= Q; q++) {
      for (let p = -P; p <= P; p++) {
        const amplitude = s.type === 'rectangle' ? 4 * s.halfX * s.halfY * sinc(2 * s.halfX * p) * sinc(2 * s.halfY * q) : ellipseTransform(s.halfX, s.halfY, p, q);
        const phase = -2 * Math.PI * (p * s.centerU + q * s.centerV);
        const cr = amplitude * Math.cos(phase);
        const ci = amplitude * Math.sin(phase);
        const k = (q + Q) * width + (p + P);
        re[k] = (re[k] as number) + dr * cr - di * ci;
        im[k] = (im[k] as number) + dr * ci + di * cr;
      }
    }
  }
  return { re, im };
}

/** Fourier transform of a centred ellipse's indicator over the unit cell: π·a·b·2J₁(ρ)/ρ with ρ = 2π·√((pa)² + (qb)²). */
function ellipseTransform(a: number, b: number, p: number, q: number): number {
  const rho = 2 * Math.PI * Math.hypot(p * a, q * b);
  const area = Math.PI * a * b;
  return rho === 0 ? area : (area * 2 * besselJ1(rho)) / rho;
}

function sinc(x: number): number {
  return x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
}

/**
 * J₁(x) = (1/2π)∫₀^{2π} cos(τ − x·sin τ) dτ by the trapezoidal rule: the integrand is periodic and
 * entire, so the rule converges geometrically once the point count exceeds |x| (a few dozen extra
 * points reach machine precision; checked against tabulated values in the test).
 */
export function besselJ1(x: number): number {
  const count = Math.ceil(Math.abs(x)) + 48;
  let sum = 0;
  for (let k = 0; k < count; k++) {
    const t = (2 * Math.PI * k) / count;
    sum += Math.cos(t - x * Math.sin(t));
  }
  return sum / count;
}

function convolutionFromTable(table: { re: Float64Array; im: Float64Array }, M: number, N: number): CMatrix {
  const mx = 2 * M + 1;
  const size = mx * (2 * N + 1);
  const width = 4 * M + 1;
  const out = zeros(size);
  for (let n = -N; n <= N; n++) {
    for (let m = -M; m <= M; m++) {
      const row = harmonicIndex(m, n, M, N);
      for (let n2 = -N; n2 <= N; n2++) {
        for (let m2 = -M; m2 <= M; m2++) {
          const k = (n - n2 + 2 * N) * width + (m - m2 + 2 * M);
          const col = harmonicIndex(m2, n2, M, N);
          out.re[row * size + col] = table.re[k] as number;
          out.im[row * size + col] = table.im[k] as number;
        }
      }
    }
  }
  return out;
}

/** A slab of the cell between two breakpoints along one axis, and the profile along the other axis inside it. */
interface Slab {
  from: number;
  to: number;
  /** Segments along the other axis, in [0, 1]. */
  segments: { from: number; to: number; eps: Complex2 }[];
}

/** [from, to) on the unit circle as one or two intervals inside [0, 1]. */
function wrapInterval(from: number, to: number): [number, number][] {
  const shift = Math.floor(from);
  const a = from - shift;
  const b = to - shift;
  if (b <= 1) return [[a, b]];
  return [
    [a, 1],
    [0, b - 1],
  ];
}

/** Cuts the cell into slabs perpendicular to `slabAxis` at every wall of every rectangle. */
function slabs(pattern: CellPattern, slabAxis: 'x' | 'y'): Slab[] {
  const along = (s: CellShape) => (slabAxis === 'y' ? { c: s.centerV, h: s.halfY } : { c: s.centerU, h: s.halfX });
  const across = (s: CellShape) => (slabAxis === 'y' ? { c: s.centerU, h: s.halfX } : { c: s.centerV, h: s.halfY });
  const cuts = new Set<number>([0, 1]);
  for (const s of pattern.shapes) {
    const { c, h } = along(s);
    for (const [a, b] of wrapInterval(c - h, c + h)) {
      cuts.add(a);
      cuts.add(b);
    }
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  const out: Slab[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const from = sorted[i] as number;
    const to = sorted[i + 1] as number;
    if (!(to > from)) continue;
    const mid = (from + to) / 2;
    const segments: Slab['segments'] = [];
    for (const s of pattern.shapes) {
      const { c, h } = along(s);
      const inside = wrapInterval(c - h, c + h).some(([a, b]) => mid >= a && mid < b);
      if (!inside) continue;
      const x = across(s);
      for (const [a, b] of wrapInterval(x.c - x.h, x.c + x.h)) if (b > a) segments.push({ from: a, to: b, eps: s.eps });
    }
    out.push({ from, to, segments });
  }
  return out;
}

/** ∫ over [from, to) of exp(−i2πqv) dv for |q| ≤ maxOrder: the Laurent weights of a slab. */
function slabWeights(from: number, to: number, maxOrder: number): { re: Float64Array; im: Float64Array } {
  return fourierCoefficients({ re: 0, im: 0 }, [{ from, to, re: 1, im: 0 }], maxOrder);
}

/** [[ε]] of an all-rectangle pattern, assembled slab by slab (exact, same as the closed form). */
function laurentFromSlabs(pattern: CellPattern, M: number, N: number): CMatrix {
  const width = 4 * M + 1;
  const re = new Float64Array(width * (4 * N + 1));
  const im = new Float64Array(width * (4 * N + 1));
  for (const slab of slabs(pattern, 'y')) {
    const profile = fourierCoefficients(pattern.background, toSegments(slab.segments, (e) => e), 2 * M);
    const w = slabWeights(slab.from, slab.to, 2 * N);
    for (let q = 0; q <= 4 * N; q++) {
      for (let p = 0; p <= 4 * M; p++) {
        const k = q * width + p;
        re[k] = (re[k] as number) + (profile.re[p] as number) * (w.re[q] as number) - (profile.im[p] as number) * (w.im[q] as number);
        im[k] = (im[k] as number) + (profile.re[p] as number) * (w.im[q] as number) + (profile.im[p] as number) * (w.re[q] as number);
      }
    }
  }
  return convolutionFromTable({ re, im }, M, N);
}

function toSegments(list: Slab['segments'], value: (e: Complex2) => Complex2): Segment[] {
  return list.map((s) => ({ from: s.from, to: s.to, ...value(s.eps) }));
}

function reciprocal(e: Complex2): Complex2 {
  const d = e.re * e.re + e.im * e.im;
  return { re: e.re / d, im: -e.im / d };
}

/**
 * Li's ⌈⌊ε⌋⌉ for the field component along `axis`: per slab perpendicular to the other axis, the
 * inverse rule [[1/ε]]⁻¹ along `axis`, then the slabs summed with their Laurent weights.
 */
function inverseRuleAlong(axis: 'x' | 'y', pattern: CellPattern, M: number, N: number): CMatrix {
  // Profiles run along `axis`; slabs are cut along the other one.
  const slabAxis = axis === 'x' ? 'y' : 'x';
  const profileOrder = axis === 'x' ? M : N;
  const slabOrder = axis === 'x' ? N : M;
  const size = (2 * M + 1) * (2 * N + 1);
  const out = zeros(size);
  for (const slab of slabs(pattern, slabAxis)) {
    const inv = fourierCoefficients(reciprocal(pattern.background), toSegments(slab.segments, reciprocal), 2 * profileOrder);
    const block = inverse(toeplitz(inv, profileOrder));
    const w = slabWeights(slab.from, slab.to, 2 * slabOrder);
    const bs = 2 * profileOrder + 1;
    for (let n = -N; n <= N; n++) {
      for (let m = -M; m <= M; m++) {
        const row = harmonicIndex(m, n, M, N);
        for (let n2 = -N; n2 <= N; n2++) {
          for (let m2 = -M; m2 <= M; m2++) {
            const col = harmonicIndex(m2, n2, M, N);
            // Along `axis` the block couples the profile orders; across it the slab weight couples the others.
            const [pi, pj, d] = axis === 'x' ? [m + M, m2 + M, n - n2] : [n + N, n2 + N, m - m2];
            const br = block.re[pi * bs + pj] as number;
            const bi = block.im[pi * bs + pj] as number;
            const wr = w.re[d + 2 * slabOrder] as number;
            const wi = w.im[d + 2 * slabOrder] as number;
            out.re[row * size + col] = (out.re[row * size + col] as number) + br * wr - bi * wi;
            out.im[row * size + col] = (out.im[row * size + col] as number) + br * wi + bi * wr;
          }
        }
      }
    }
  }
  return out;
}
