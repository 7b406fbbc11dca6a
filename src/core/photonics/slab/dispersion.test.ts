/**
 * The slab dispersion solver against closed forms that do not go through its own bracketing:
 * exact points of the symmetric-slab eigenvalue equations, asymmetric slabs built backwards from a
 * chosen n_eff, an independent bisection in n_eff, the V-number mode count and Kogelnik's cutoffs.
 */
import { describe, expect, it } from 'vitest';
import { cutoffV, guidedModeCount, solveSlabModes, vNumber, type SlabAtWavelength } from './dispersion.ts';
import { coreConfinement, modeField } from './mode-field.ts';

const k0 = (lambda: number): number => (2 * Math.PI) / lambda;

/** A symmetric slab whose full-thickness V = k0 d √(n1² − n2²) is the given value. */
function symmetricSlab(n1: number, n2: number, lambda: number, v: number): SlabAtWavelength {
  return { core: n1, cover: n2, substrate: n2, wavelength_nm: lambda, thickness_nm: v / (k0(lambda) * Math.sqrt(n1 * n1 - n2 * n2)) };
}

const bOf = (nEff: number, n1: number, n2: number): number => (nEff ** 2 - n2 ** 2) / (n1 ** 2 - n2 ** 2);

describe('symmetric slab: exact points of the half-width equations (Okamoto, ch. 2; Saleh & Teich, §9.2)', () => {
  // With u = κd/2, w = γd/2 and u² + w² = (V/2)²: TE even w = u tan u, TE odd w = −u cot u,
  // TM even w = (n2/n1)² u tan u. At u = π/4 (even) or 3π/4 (odd), tan/cot = ±1, so w is known exactly.
  const n1 = 1.5, n2 = 1.45, lambda = 1000;

  it('TE0 at u = π/4: w = π/4, V = π/√2, b = 1/2 (to 1e-13)', () => {
    const s = symmetricSlab(n1, n2, lambda, Math.PI / Math.SQRT2);
    const te0 = solveSlabModes(s, 'TE')[0];
    expect(te0?.order).toBe(0);
    expect(Math.abs(bOf(te0?.n_eff ?? NaN, n1, n2) - 0.5)).toBeLessThan(1e-13);
  });

  it('TE1 at u = 3π/4: w = 3π/4, V = 3π/√2, b = 1/2 (to 1e-13)', () => {
    const s = symmetricSlab(n1, n2, lambda, (3 * Math.PI) / Math.SQRT2);
    const modes = solveSlabModes(s, 'TE');
    expect(modes.map((m) => m.order)).toEqual([0, 1, 2]); // V = 6.66: ceil(V/π) = 3 modes
    expect(Math.abs(bOf(modes[1]?.n_eff ?? NaN, n1, n2) - 0.5)).toBeLessThan(1e-13);
  });

  it('TM0 at u = π/4: w = (n2/n1)² π/4 (to 1e-13 in b)', () => {
    const u = Math.PI / 4;
    const w = (1.45 / 3.5) ** 2 * u; // high contrast, so TM differs clearly from TE
    const s = symmetricSlab(3.5, 1.45, 1550, 2 * Math.hypot(u, w));
    const tm0 = solveSlabModes(s, 'TM')[0];
    expect(Math.abs(bOf(tm0?.n_eff ?? NaN, 3.5, 1.45) - w ** 2 / (u ** 2 + w ** 2))).toBeLessThan(1e-13);
  });

  it('mode count N = ceil(V/π) for TE; single-mode exactly when V < π', () => {
    for (const v of [0.3, 1, Math.PI - 1e-6, Math.PI + 1e-6, 5, 9.5, 12.7, 31.4, 100.2]) {
      const s = symmetricSlab(3.476, 1.444, 1550, v);
      expect(guidedModeCount(s, 'TE'), `V = ${v}`).toBe(Math.ceil(v / Math.PI));
      expect(solveSlabModes(s, 'TE').length, `V = ${v}`).toBe(Math.ceil(v / Math.PI));
    }
  });

  it('the first odd mode (TE1) appears exactly at V = π: d_c = λ/(2√(n1² − n2²))', () => {
    const dc = 1550 / (2 * Math.sqrt(3.476 ** 2 - 1.444 ** 2)); // 245.0 nm for Si/SiO2
    const at = (d: number): SlabAtWavelength => ({ core: 3.476, cover: 1.444, substrate: 1.444, wavelength_nm: 1550, thickness_nm: d });
    expect(guidedModeCount(at(dc * (1 - 1e-9)), 'TE')).toBe(1);
    expect(guidedModeCount(at(dc * (1 + 1e-9)), 'TE')).toBe(2);
    // Just above cutoff TE1 is found, barely bound: n_eff a hair above the cladding.
    const te1 = solveSlabModes(at(dc * (1 + 1e-6)), 'TE')[1];
    expect(te1?.n_eff).toBeGreaterThan(1.444);
    expect((te1?.n_eff ?? 0) - 1.444).toBeLessThan(1e-6);
  });
});

describe('asymmetric slab', () => {
  /** Thickness at which a chosen n_eff solves the TE/TM equation for order m (Kogelnik 1975, eq. 2.1.14). */
  function thicknessFor(n1: number, ns: number, nc: number, lambda: number, nEff: number, m: number, tm: boolean): number {
    const kap = k0(lambda) * Math.sqrt(n1 ** 2 - nEff ** 2);
    const gs = k0(lambda) * Math.sqrt(nEff ** 2 - ns ** 2);
    const gc = k0(lambda) * Math.sqrt(nEff ** 2 - nc ** 2);
    const rs = tm ? (n1 / ns) ** 2 : 1;
    const rc = tm ? (n1 / nc) ** 2 : 1;
    return (m * Math.PI + Math.atan((rs * gs) / kap) + Math.atan((rc * gc) / kap)) / kap;
  }

  it('recovers n_eff of slabs built backwards from a chosen n_eff (TE and TM, orders 0–3, to 1e-12)', () => {
    for (const [n1, ns, nc] of [[3.476, 1.444, 1.0], [2.0, 1.444, 1.333], [1.6, 1.5, 1.0]] as const) {
      for (const tm of [false, true]) {
        for (let m = 0; m < 4; m++) {
          const nEff = nc + 0.5 * (n1 - Math.max(ns, nc)) + Math.max(ns, nc) - nc; // midway between n_hi and n1
          const d = thicknessFor(n1, ns, nc, 1550, nEff, m, tm);
          const modes = solveSlabModes({ core: n1, substrate: ns, cover: nc, wavelength_nm: 1550, thickness_nm: d }, tm ? 'TM' : 'TE');
          const found = modes.find((x) => x.order === m);
          expect(Math.abs((found?.n_eff ?? NaN) - nEff), `${tm ? 'TM' : 'TE'}${m} n=${n1}/${ns}/${nc}`).toBeLessThan(1e-12);
        }
      }
    }
  });

  it('Si 220 nm in SiO2 at 1550 nm: TE0 ≈ 2.85 (Chrostowski & Hochberg, Silicon Photonics Design, §3.1), equal to an independent bisection in n_eff', () => {
    const n1 = 3.476, n2 = 1.444, d = 220, lambda = 1550, k = k0(lambda);
    // Independent: bisection in n_eff on κd − 2 atan(γ/κ) = 0 (TE0 of the symmetric slab).
    const f = (n: number): number => {
      const kap = k * Math.sqrt(n1 * n1 - n * n);
      return kap * d - 2 * Math.atan((k * Math.sqrt(n * n - n2 * n2)) / kap);
    };
    let lo = n2 + 1e-12, hi = n1 - 1e-12;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      if (f(mid) > 0) lo = mid; // κd too large → n_eff too small
      else hi = mid;
    }
    const reference = (lo + hi) / 2;
    const te = solveSlabModes({ core: n1, cover: n2, substrate: n2, thickness_nm: d, wavelength_nm: lambda }, 'TE');
    expect(te.length).toBe(1); // 220 nm is single-mode (TE1 cutoff 245 nm)
    expect(Math.abs((te[0]?.n_eff ?? NaN) - reference)).toBeLessThan(1e-12);
    expect(Math.abs(reference - 2.85)).toBeLessThan(0.02);
    const tm = solveSlabModes({ core: n1, cover: n2, substrate: n2, thickness_nm: d, wavelength_nm: lambda }, 'TM');
    expect(tm[0]?.n_eff ?? Infinity).toBeLessThan(reference); // TM0 below TE0
  });

  it('TM n_eff lies below TE n_eff of the same order', () => {
    const s: SlabAtWavelength = { core: 2.0, cover: 1.0, substrate: 1.444, wavelength_nm: 1310, thickness_nm: 1200 };
    const te = solveSlabModes(s, 'TE');
    const tm = solveSlabModes(s, 'TM');
    expect(te.length).toBeGreaterThanOrEqual(tm.length);
    tm.forEach((mode, i) => expect(mode.n_eff).toBeLessThan(te[i]?.n_eff ?? -Infinity));
  });

  it('cutoff: the TE0 mode needs V > atan(√a) (Kogelnik asymmetry a), and the count steps there', () => {
    const base = { core: 1.6, cover: 1.0, substrate: 1.5, wavelength_nm: 1000 };
    const a = (1.5 ** 2 - 1.0 ** 2) / (1.6 ** 2 - 1.5 ** 2);
    expect(cutoffV({ ...base, thickness_nm: 1 }, 'TE', 0)).toBeCloseTo(Math.atan(Math.sqrt(a)), 15);
    const dc = Math.atan(Math.sqrt(a)) / (k0(1000) * Math.sqrt(1.6 ** 2 - 1.5 ** 2));
    expect(guidedModeCount({ ...base, thickness_nm: dc * 0.999 }, 'TE')).toBe(0);
    expect(guidedModeCount({ ...base, thickness_nm: dc * 1.001 }, 'TE')).toBe(1);
    expect(vNumber({ ...base, thickness_nm: dc })).toBeCloseTo(Math.atan(Math.sqrt(a)), 12);
    // TM cutoff uses (n1/n_c)² √a and is therefore later (thicker core).
    expect(cutoffV({ ...base, thickness_nm: 1 }, 'TM', 0)).toBeGreaterThan(cutoffV({ ...base, thickness_nm: 1 }, 'TE', 0));
  });

  it('no mode when the core is not above both claddings', () => {
    expect(solveSlabModes({ core: 1.44, cover: 1.0, substrate: 1.45, wavelength_nm: 1550, thickness_nm: 5000 }, 'TE')).toEqual([]);
  });
});

describe('mode fields', () => {
  const s: SlabAtWavelength = { core: 3.476, cover: 1.0, substrate: 1.444, wavelength_nm: 1550, thickness_nm: 600 };
  const h = 1e-4; // nm

  it('TE: E_y and ∂E_y/∂x continuous at both interfaces; TM: H_y and (1/n²) ∂H_y/∂x continuous', () => {
    for (const pol of ['TE', 'TM'] as const) {
      for (const mode of solveSlabModes(s, pol)) {
        for (const [x, nBelow, nAbove] of [[0, s.substrate, s.core], [s.thickness_nm, s.core, s.cover]] as const) {
          const below = modeField(mode, x - h), above = modeField(mode, x + h);
          expect(Math.abs(below - above), `${pol}${mode.order} field at x=${x}`).toBeLessThan(1e-5);
          const dBelow = (modeField(mode, x - h) - modeField(mode, x - 2 * h)) / h;
          const dAbove = (modeField(mode, x + 2 * h) - modeField(mode, x + h)) / h;
          const w = (n: number): number => (pol === 'TE' ? 1 : 1 / (n * n));
          expect(Math.abs(w(nBelow) * dBelow - w(nAbove) * dAbove), `${pol}${mode.order} derivative at x=${x}`).toBeLessThan(1e-5);
        }
      }
    }
  });

  it('order m has m zeros in the core and peak |field| = 1', () => {
    for (const mode of solveSlabModes(s, 'TE')) {
      let zeros = 0, peak = 0;
      let prev = modeField(mode, 0);
      for (let i = 1; i <= 6000; i++) {
        const v = modeField(mode, (i / 6000) * s.thickness_nm);
        if (Math.sign(v) !== Math.sign(prev)) zeros++;
        peak = Math.max(peak, Math.abs(v));
        prev = v;
      }
      expect(zeros).toBe(mode.order);
      expect(peak).toBeCloseTo(1, 6);
    }
  });

  it('closed-form confinement equals a numerical integral of the power density (trapezoid, to 1e-6)', () => {
    for (const pol of ['TE', 'TM'] as const) {
      for (const mode of solveSlabModes(s, pol)) {
        // ∫ field²/n² over one layer (n constant there; TE weight 1).
        const integrate = (a: number, b: number, n: number, steps: number): number => {
          let sum = 0;
          const dx = (b - a) / steps;
          for (let i = 0; i <= steps; i++) sum += (i === 0 || i === steps ? 0.5 : 1) * modeField(mode, a + i * dx) ** 2;
          return (sum * dx) / (pol === 'TE' ? 1 : n * n);
        };
        const d = s.thickness_nm;
        const core = integrate(0, d, s.core, 20000);
        const total = core + integrate(-40 / mode.gamma_substrate, 0, s.substrate, 20000) + integrate(d, d + 40 / mode.gamma_cover, s.cover, 20000);
        expect(Math.abs(coreConfinement(mode) - core / total), `${pol}${mode.order}`).toBeLessThan(1e-6);
      }
    }
  });
});
