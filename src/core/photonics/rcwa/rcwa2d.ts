/**
 * Rigorous coupled-wave analysis (Fourier modal method) of a stack of 2D-periodic layers: crossed
 * gratings, photonic-crystal slabs, pillar and hole arrays on a rectangular lattice, under conical
 * incidence (polar θ, azimuth φ) with any polarisation.
 *
 * Formulation: the P/Q form of the 3D FMM as laid out by Rumpf (PIER B 35, 241 (2011)), with Li's
 * factorisation rules for the in-plane permittivity (see ./fourier2d.ts) and scattering matrices
 * referenced to a gap medium (./smatrix2d.ts). Per layer the 2H×2H matrix Ω² = P·Q (H harmonics)
 * is diagonalised; uniform layers and the half-spaces have closed-form modes.
 *
 * Internally the engineering convention exp(+iωt) is used, as in ./rcwa1d.ts: indices n + ik
 * (k ≥ 0 absorbs) are conjugated on entry, and so are the Jones amplitudes of the source, so a
 * phase between s and p keeps its meaning in the physics convention. Efficiencies do not depend on it.
 */
import { diag, identity, inverse, mul, mulDiagRight, solve, zeros, type CMatrix } from '../linalg/cmatrix.ts';
import { csqrt, eig } from '../linalg/eig.ts';
import { harmonicIndex, layerConvolution, type CellPattern, type Complex2, type FactorizationRule } from './fourier2d.ts';
import type { ComplexIndex } from './rcwa1d.ts';
import { layerSMatrix, reflectionSideSMatrix, star, starApply, transmissionSideSMatrix, type DenseLinalg, type Modes, type SMatrix } from './smatrix2d.ts';

export const referenceLinalg: DenseLinalg = { mul, solve, inverse, eig };

export interface Shape2d {
  type: 'rectangle' | 'ellipse';
  /** Centre relative to the centre of the unit cell, same length unit as the periods. */
  centerX: number;
  centerY: number;
  /** Half-widths (rectangle) or semi-axes (ellipse) along x and y. */
  halfX: number;
  halfY: number;
  index: ComplexIndex;
}

export interface Layer2d {
  thickness: number;
  background: ComplexIndex;
  /** Non-overlapping inclusions; none: a uniform film. */
  shapes: readonly Shape2d[];
}

export interface Grating2dInput {
  /** Same length unit as wavelength and thicknesses. */
  periodX: number;
  periodY: number;
  wavelength: number;
  /** Polar angle in the cover (degrees from the normal) and azimuth of the plane of incidence from x. */
  thetaDeg: number;
  phiDeg: number;
  /** Cover (incidence) index: must be lossless. */
  cover: number;
  substrate: ComplexIndex;
  /** From the cover down to the substrate. */
  layers: readonly Layer2d[];
  /** Orders −M…M along x and −N…N along y: (2M+1)(2N+1) harmonics. */
  harmonicsX: number;
  harmonicsY: number;
}

/**
 * Source amplitudes (physics convention, any norm) along ŝ = (−sin φ, cos φ, 0), perpendicular to
 * the plane of incidence, and p̂ = (cos θ cos φ, cos θ sin φ, −sin θ), in it. At θ = φ = 0, s is E
 * along y and p is E along x.
 */
export interface Jones {
  s: Complex2;
  p: Complex2;
}

export interface Order2d {
  m: number;
  n: number;
  efficiency: number;
  /** Polar angle from the normal and azimuth from x of the order in its medium (degrees); null for an evanescent order. */
  thetaDeg: number | null;
  phiDeg: number | null;
}

export interface Grating2dResult {
  /** Propagating orders only. */
  reflected: Order2d[];
  transmitted: Order2d[];
  totalReflected: number;
  totalTransmitted: number;
  /** 1 − R − T: absorption (and truncation error, for a lossless stack). */
  absorbed: number;
}

export interface Grating2dSolution {
  /** One per source, in order. */
  results: Grating2dResult[];
  /** The factorisation each layer used. */
  rules: FactorizationRule[];
}

/** Below this |k_z|/k₀ an order is exactly at grazing; nudged so the mode matrices stay invertible. */
const GRAZING_FLOOR = 1e-9;

function epsEngineering(index: ComplexIndex): Complex2 {
  return { re: index.n * index.n - index.k * index.k, im: -2 * index.n * index.k };
}

/** k_z/k₀ on the branch that decays (or carries power) away from the interface: conj(√(conj ε − kx² − ky²)). */
function kzHomogeneous(eps: Complex2, kx: Float64Array, ky: Float64Array): { re: Float64Array; im: Float64Array } {
  const h = kx.length;
  const re = new Float64Array(h);
  const im = new Float64Array(h);
  for (let i = 0; i < h; i++) {
    const [r, m] = csqrt(eps.re - (kx[i] as number) ** 2 - (ky[i] as number) ** 2, -eps.im);
    re[i] = r;
    im[i] = -m;
    if (Math.hypot(r, m) < GRAZING_FLOOR) re[i] = GRAZING_FLOOR;
  }
  return { re, im };
}

/** Q = [[Kx·Ky, E_yy − Kx²], [Ky² − E_xx, −Ky·Kx]] (μ = 1). */
function qMatrix(kx: Float64Array, ky: Float64Array, epsXX: CMatrix, epsYY: CMatrix): CMatrix {
  const h = kx.length;
  const q = zeros(2 * h);
  const put = (r0: number, c0: number, m: CMatrix, sign: number) => {
    for (let i = 0; i < h; i++) {
      for (let j = 0; j < h; j++) {
        q.re[(r0 + i) * 2 * h + c0 + j] = sign * (m.re[i * h + j] as number);
        q.im[(r0 + i) * 2 * h + c0 + j] = sign * (m.im[i * h + j] as number);
      }
    }
  };
  put(0, h, epsYY, 1);
  put(h, 0, epsXX, -1);
  for (let i = 0; i < h; i++) {
    const x = kx[i] as number;
    const y = ky[i] as number;
    const n = 2 * h;
    q.re[i * n + i] = x * y;
    q.re[i * n + h + i] = (q.re[i * n + h + i] as number) - x * x;
    q.re[(h + i) * n + i] = (q.re[(h + i) * n + i] as number) + y * y;
    q.re[(h + i) * n + h + i] = -x * y;
  }
  return q;
}

/** P = [[Kx·εz⁻¹·Ky, I − Kx·εz⁻¹·Kx], [Ky·εz⁻¹·Ky − I, −Ky·εz⁻¹·Kx]], εz⁻¹ = [[ε]]⁻¹. */
function pMatrix(kx: Float64Array, ky: Float64Array, epsZInv: CMatrix): CMatrix {
  const h = kx.length;
  const n = 2 * h;
  const p = zeros(n);
  for (let i = 0; i < h; i++) {
    for (let j = 0; j < h; j++) {
      const er = epsZInv.re[i * h + j] as number;
      const ei = epsZInv.im[i * h + j] as number;
      const blocks: [number, number, number][] = [
        [0, 0, (kx[i] as number) * (ky[j] as number)],
        [0, h, -(kx[i] as number) * (kx[j] as number)],
        [h, 0, (ky[i] as number) * (ky[j] as number)],
        [h, h, -(ky[i] as number) * (kx[j] as number)],
      ];
      for (const [r0, c0, f] of blocks) {
        p.re[(r0 + i) * n + c0 + j] = f * er;
        p.im[(r0 + i) * n + c0 + j] = f * ei;
      }
    }
    p.re[i * n + h + i] = (p.re[i * n + h + i] as number) + 1;
    p.re[(h + i) * n + i] = (p.re[(h + i) * n + i] as number) - 1;
  }
  return p;
}

/** Modes of a homogeneous medium: W = I, λ = i·k_z (doubled for the two polarisations), V = Q·λ⁻¹. */
function homogeneousModes(eps: Complex2, kx: Float64Array, ky: Float64Array): Modes & { kz: { re: Float64Array; im: Float64Array } } {
  const h = kx.length;
  const kz = kzHomogeneous(eps, kx, ky);
  const epsI = diag(new Float64Array(h).fill(eps.re), new Float64Array(h).fill(eps.im));
  const q = qMatrix(kx, ky, epsI, epsI);
  const lamRe = new Float64Array(2 * h);
  const lamIm = new Float64Array(2 * h);
  const invRe = new Float64Array(2 * h);
  const invIm = new Float64Array(2 * h);
  for (let i = 0; i < 2 * h; i++) {
    const r = kz.re[i % h] as number;
    const m = kz.im[i % h] as number;
    // λ = i·kz = −m + i·r; 1/λ = conj(λ)/|λ|².
    lamRe[i] = -m;
    lamIm[i] = r;
    const d = r * r + m * m;
    invRe[i] = -m / d;
    invIm[i] = -r / d;
  }
  return { w: identity(2 * h), v: mulDiagRight(q, invRe, invIm), lamRe, lamIm, kz };
}

function patternedModes(pattern: CellPattern, M: number, N: number, kx: Float64Array, ky: Float64Array, la: DenseLinalg): { modes: Modes; rule: FactorizationRule } {
  const conv = layerConvolution(pattern, M, N);
  const q = qMatrix(kx, ky, conv.epsXX, conv.epsYY);
  const p = pMatrix(kx, ky, la.inverse(conv.epsilon));
  const { valuesRe, valuesIm, vectors: w } = la.eig(la.mul(p, q));
  const size = valuesRe.length;
  const lamRe = new Float64Array(size);
  const lamIm = new Float64Array(size);
  const invRe = new Float64Array(size);
  const invIm = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const [sr, m] = csqrt(valuesRe[i] as number, valuesIm[i] as number);
    const r = Math.hypot(sr, m) < GRAZING_FLOOR ? GRAZING_FLOOR : sr;
    lamRe[i] = r;
    lamIm[i] = m;
    const d = r * r + m * m;
    invRe[i] = r / d;
    invIm[i] = -m / d;
  }
  return { modes: { w, v: mulDiagRight(la.mul(q, w), invRe, invIm), lamRe, lamIm }, rule: conv.rule };
}

function toPattern(layer: Layer2d, input: Grating2dInput): CellPattern {
  return {
    background: epsEngineering(layer.background),
    shapes: layer.shapes.map((s) => ({
      type: s.type,
      centerU: s.centerX / input.periodX + 0.5,
      centerV: s.centerY / input.periodY + 0.5,
      halfX: s.halfX / input.periodX,
      halfY: s.halfY / input.periodY,
      eps: epsEngineering(s.index),
    })),
  };
}

/** Normalised in-plane wave vectors of every harmonic: k_x = n·sin θ·cos φ − m·λ/px, k_y likewise with n·λ/py. */
export function harmonicWavevectors(input: Grating2dInput): { kx: Float64Array; ky: Float64Array } {
  const M = input.harmonicsX;
  const N = input.harmonicsY;
  const h = (2 * M + 1) * (2 * N + 1);
  const kx = new Float64Array(h);
  const ky = new Float64Array(h);
  const theta = (input.thetaDeg * Math.PI) / 180;
  const phi = (input.phiDeg * Math.PI) / 180;
  const kx0 = input.cover * Math.sin(theta) * Math.cos(phi);
  const ky0 = input.cover * Math.sin(theta) * Math.sin(phi);
  for (let n = -N; n <= N; n++) {
    for (let m = -M; m <= M; m++) {
      const i = harmonicIndex(m, n, M, N);
      kx[i] = kx0 - (m * input.wavelength) / input.periodX;
      ky[i] = ky0 - (n * input.wavelength) / input.periodY;
    }
  }
  return { kx, ky };
}

/** Below this |k_z|/k₀ of any order the cover is not used as the gap medium (its V would be ill-conditioned). */
const COVER_AS_GAP_MIN_KZ = 0.02;

/**
 * The cascade down to the last layer, and the substrate's S-matrix. The gap is any medium with no
 * order at grazing. The cover itself is used when it qualifies: its own S-matrix is then trivial
 * (S12 = S21 = I) and one star product is saved. Otherwise ε = 1 + max(kx² + ky²) makes every k_z ≥ 1.
 */
function cascade(input: Grating2dInput, kx: Float64Array, ky: Float64Array, la: DenseLinalg) {
  const M = input.harmonicsX;
  const N = input.harmonicsY;
  const cover = homogeneousModes({ re: input.cover * input.cover, im: 0 }, kx, ky);
  let minKz = Infinity;
  let maxK2 = 0;
  for (let i = 0; i < kx.length; i++) {
    minKz = Math.min(minKz, Math.hypot(cover.kz.re[i] as number, cover.kz.im[i] as number));
    maxK2 = Math.max(maxK2, (kx[i] as number) ** 2 + (ky[i] as number) ** 2);
  }
  const coverIsGap = minKz > COVER_AS_GAP_MIN_KZ;
  const gap = coverIsGap ? cover : homogeneousModes({ re: 1 + maxK2, im: 0 }, kx, ky);
  const substrate = homogeneousModes(epsEngineering(input.substrate), kx, ky);
  let s: SMatrix | null = coverIsGap ? null : reflectionSideSMatrix(cover.v, gap.v, la);
  const rules: FactorizationRule[] = [];
  const k0 = (2 * Math.PI) / input.wavelength;
  for (const layer of input.layers) {
    let modes: Modes;
    if (layer.shapes.length === 0) {
      modes = homogeneousModes(epsEngineering(layer.background), kx, ky);
      rules.push('uniform');
    } else {
      const patterned = patternedModes(toPattern(layer, input), M, N, kx, ky, la);
      modes = patterned.modes;
      rules.push(patterned.rule);
    }
    const ls = layerSMatrix(modes, gap.v, k0 * layer.thickness, la);
    s = s ? star(s, ls, la) : ls;
  }
  return { s, substrateS: transmissionSideSMatrix(substrate.v, gap.v, la), coverKz: cover.kz, substrateKz: substrate.kz, rules };
}

export function solveGrating2d(input: Grating2dInput, sources: readonly Jones[], la: DenseLinalg = referenceLinalg): Grating2dSolution {
  validate(input);
  const M = input.harmonicsX;
  const N = input.harmonicsY;
  const h = (2 * M + 1) * (2 * N + 1);
  const zero = harmonicIndex(0, 0, M, N);
  const { kx, ky } = harmonicWavevectors(input);
  const { s, substrateS, coverKz, substrateKz, rules } = cascade(input, kx, ky, la);
  const theta = (input.thetaDeg * Math.PI) / 180;
  const phi = (input.phiDeg * Math.PI) / 180;
  const kzInc = input.cover * Math.cos(theta);
  const sHat = [-Math.sin(phi), Math.cos(phi)];
  const pHat = [Math.cos(theta) * Math.cos(phi), Math.cos(theta) * Math.sin(phi)];
  const src = zeros(2 * h, sources.length);
  const norms: number[] = [];
  for (const [j, jones] of sources.entries()) {
    // Conjugated: exp(−iωt) amplitudes in, exp(+iωt) amplitudes inside.
    const sr = jones.s.re;
    const si = -jones.s.im;
    const pr = jones.p.re;
    const pi = -jones.p.im;
    const c = sources.length;
    src.re[zero * c + j] = sr * (sHat[0] as number) + pr * (pHat[0] as number);
    src.im[zero * c + j] = si * (sHat[0] as number) + pi * (pHat[0] as number);
    src.re[(h + zero) * c + j] = sr * (sHat[1] as number) + pr * (pHat[1] as number);
    src.im[(h + zero) * c + j] = si * (sHat[1] as number) + pi * (pHat[1] as number);
    norms.push(sr * sr + si * si + pr * pr + pi * pi);
  }
  const out = s ? starApply(s, substrateS, src, la) : { reflected: la.mul(substrateS.s11, src), transmitted: la.mul(substrateS.s21, src) };
  const r = out.reflected;
  const t = out.transmitted;
  const results = sources.map((_, j) => {
    const reflected = orderPowers(r, j, sources.length, kx, ky, coverKz, kzInc * (norms[j] as number));
    const transmitted = orderPowers(t, j, sources.length, kx, ky, substrateKz, kzInc * (norms[j] as number));
    const totalReflected = reflected.reduce((a, b) => a + b, 0);
    const totalTransmitted = transmitted.reduce((a, b) => a + b, 0);
    return {
      reflected: listOrders(reflected, M, N, kx, ky, input.cover),
      transmitted: listOrders(transmitted, M, N, kx, ky, input.substrate.n),
      totalReflected,
      totalTransmitted,
      absorbed: 1 - totalReflected - totalTransmitted,
    };
  });
  return { results, rules };
}

/** Power of every order over the incident power: |E|²·Re(k_z)/(n cos θ), with E_z from ∇·E = 0. */
function orderPowers(amp: CMatrix, col: number, cols: number, kx: Float64Array, ky: Float64Array, kz: { re: Float64Array; im: Float64Array }, incident: number): number[] {
  const h = kx.length;
  const out: number[] = [];
  for (let i = 0; i < h; i++) {
    const xr = amp.re[i * cols + col] as number;
    const xi = amp.im[i * cols + col] as number;
    const yr = amp.re[(h + i) * cols + col] as number;
    const yi = amp.im[(h + i) * cols + col] as number;
    // E_z = −(kx·Ex + ky·Ey)/kz (sign irrelevant for |E_z|).
    const nr = (kx[i] as number) * xr + (ky[i] as number) * yr;
    const ni = (kx[i] as number) * xi + (ky[i] as number) * yi;
    const kr = kz.re[i] as number;
    const ki = kz.im[i] as number;
    const ez2 = (nr * nr + ni * ni) / (kr * kr + ki * ki);
    out.push(((xr * xr + xi * xi + yr * yr + yi * yi + ez2) * kr) / incident);
  }
  return out;
}

function listOrders(powers: readonly number[], M: number, N: number, kx: Float64Array, ky: Float64Array, n: number): Order2d[] {
  const out: Order2d[] = [];
  for (let q = -N; q <= N; q++) {
    for (let p = -M; p <= M; p++) {
      const i = harmonicIndex(p, q, M, N);
      const kt = Math.hypot(kx[i] as number, ky[i] as number);
      // In an absorbing medium every order decays; the real index decides which ones would propagate.
      if (!(kt < n)) continue;
      out.push({
        m: p,
        n: q,
        efficiency: powers[i] as number,
        thetaDeg: (Math.asin(kt / n) * 180) / Math.PI,
        phiDeg: kt === 0 ? 0 : (Math.atan2(ky[i] as number, kx[i] as number) * 180) / Math.PI,
      });
    }
  }
  return out;
}

function validate(input: Grating2dInput): void {
  if (!(input.periodX > 0) || !(input.periodY > 0) || !(input.wavelength > 0)) throw new Error('RCWA 2D: periods and wavelength must be positive');
  for (const [name, v] of [
    ['harmonicsX', input.harmonicsX],
    ['harmonicsY', input.harmonicsY],
  ] as const) {
    if (!Number.isInteger(v) || v < 0) throw new Error(`RCWA 2D: ${name} must be a non-negative integer`);
  }
  if (!(Math.abs(input.thetaDeg) < 90)) throw new Error('RCWA 2D: the polar angle must be between −90° and 90°');
  if (!(input.cover > 0)) throw new Error('RCWA 2D: the cover index must be positive');
  for (const layer of input.layers) {
    if (!(layer.thickness >= 0)) throw new Error('RCWA 2D: layer thicknesses must be ≥ 0');
    for (const s of layer.shapes) {
      if (!(s.halfX > 0 && s.halfY > 0)) throw new Error('RCWA 2D: shape sizes must be positive');
      if (2 * s.halfX > input.periodX * (1 + 1e-12) || 2 * s.halfY > input.periodY * (1 + 1e-12)) throw new Error('RCWA 2D: a shape is larger than one period');
    }
  }
}
