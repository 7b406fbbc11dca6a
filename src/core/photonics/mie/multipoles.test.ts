/**
 * Per-multipole Mie terms (./multipoles.ts) and the scattering solve's `multipole_orders` output:
 *  - HP: aₙ, bₙ for n = 1…3 against 50-digit evaluations of Bohren & Huffman eq. 4.53 from mpmath's Bessel
 *    functions (scripts/mie-hp-multipoles.py, a route that shares no recurrence with this code): 1e-12.
 *  - the per-order efficiencies sum to the kernels' Qsca (B&H §4.4) when every order of the series is asked for;
 *  - a lossless sphere's coefficients lie on the unitarity circle Re aₙ = |aₙ|² (no absorption in any channel);
 *  - the Rayleigh limit a₁ → −(2i/3)x³(m²−1)/(m²+2) (B&H eq. 5.2), with b₁ smaller by O(x²).
 */
import { describe, expect, it } from 'vitest';
import { loadNodeWasmMieKernel } from '../../../adapters/node/mie-wasm.ts';
import { c, type Complex } from '../complex.ts';
import { literalResolver } from '../literal-resolver.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { sphereMultipoles } from './multipoles.ts';
import { ScatteringProblemSchema } from './problem.ts';
import { mieTermCount } from './series.ts';
import { solveScattering } from './solve.ts';

const ctx: SolveContext = { materials: literalResolver };
const solve = (problem: unknown, context: SolveContext = ctx) => solveScattering(ScatteringProblemSchema.parse({ kind: 'scattering', ...(problem as object) }), context);
const dist = (a: Complex, re: number, im: number): number => Math.hypot(a.re - re, a.im - im) / Math.hypot(re, im);

describe('sphere multipole coefficients against 50-digit evaluations (HP)', () => {
  // [m.re, m.im, x, n, Re aₙ, Im aₙ, Re bₙ, Im bₙ] from scripts/mie-hp-multipoles.py (the doubles nearest the 50-digit values)
  const rows: [number, number, number, number, number, number, number, number][] = [
    [4.0, 0.02, 0.8, 1, 0.1550591403849907, -0.3589909447430268, 0.3462736929360149, 0.43636946060499066],
    [4.0, 0.02, 0.8, 2, 0.00011018588551321358, -0.00957090609223044, 8.632813746435205e-05, -0.00354541345982024],
    [4.0, 0.02, 0.8, 3, 2.5374798488362143e-07, -0.00014900002111298526, 3.825343432482381e-07, -2.6062027818367437e-05],
    [1.5, 0.1, 2.0, 1, 0.4479464351498235, -0.3866519186033648, 0.562108295152271, -0.2550461603708488],
    [1.5, 0.1, 2.0, 2, 0.11785122454123002, -0.22718961869096652, 0.04166519975961249, -0.08575012179656567],
    [1.5, 0.1, 2.0, 3, 0.005856193595610203, -0.02773347788280061, 0.0015715043845915073, -0.005228367715956767],
    [0.2, 3.0, 0.5, 1, 0.03136678132613644, -0.1432744608310953, 0.0005410578332283414, 0.005331462995422622],
    [0.2, 3.0, 0.5, 2, 6.0710636766452514e-05, -0.0014029884723797108, 4.6824339283390754e-06, 4.3244176352223204e-05],
    [0.2, 3.0, 0.5, 3, 3.147459141794411e-07, -8.516737056885253e-06, 2.0360731751398692e-08, 1.8007772589923608e-07],
  ];
  it.each(rows)('m = %s + %si, x = %s, n = %s', (mr, mi, x, n, aRe, aIm, bRe, bIm) => {
    const r = sphereMultipoles(c(mr, mi), x, 3);
    expect(dist(r.a[n - 1] as Complex, aRe, aIm)).toBeLessThan(1e-12);
    expect(dist(r.b[n - 1] as Complex, bRe, bIm)).toBeLessThan(1e-12);
  });
});

describe('sphere multipole terms', () => {
  it('the per-order efficiencies sum to the WASM kernel’s Qsca (1e-12) for a silicon-like sphere across the visible', async () => {
    const wasm: SolveContext = { materials: literalResolver, kernels: { mie: await loadNodeWasmMieKernel() } };
    for (const [r, m] of [[75, { n: 3.9, k: 0.02 }], [150, { n: 3.6, k: 0.005 }], [20, { n: 0.2, k: 3 }]] as const) {
      const res = solve({ particle: { shape: 'sphere', radius_nm: r, material: m }, wavelength_range_nm: { start: 400, stop: 900, count: 11 }, multipole_orders: 40 }, wasm);
      expect(res.backend).toBe('wasm');
      const t = res.multipoles!;
      expect(t.orders).toHaveLength(40);
      res.qsca.forEach((q, i) => {
        // 40 orders cover the series length n_max(x) at every wavelength here (x ≤ 2.4)
        expect(mieTermCount(res.size_parameter[i] as number)).toBeLessThanOrEqual(40);
        const sum = (t.qsca_electric[i] as number[]).reduce((s, v) => s + v, 0) + (t.qsca_magnetic[i] as number[]).reduce((s, v) => s + v, 0);
        expect(Math.abs(sum / q - 1)).toBeLessThan(1e-12);
      });
    }
  });

  it('a lossless sphere’s coefficients lie on the unitarity circle Re aₙ = |aₙ|², Re bₙ = |bₙ|²', () => {
    for (const x of [0.3, 1.2, 4, 15]) {
      const r = sphereMultipoles(c(3.5, 0), x, 10);
      for (const v of [...r.a, ...r.b]) expect(Math.abs(v.re - (v.re * v.re + v.im * v.im))).toBeLessThan(1e-14 + 1e-12 * v.re);
    }
  });

  it('Rayleigh limit: a₁ → −(2i/3)x³(m²−1)/(m²+2), b₁/a₁ = O(x²) (Bohren & Huffman eq. 5.2)', () => {
    const x = 1e-3;
    const m = c(1.5, 0.1);
    const m2 = c(m.re * m.re - m.im * m.im, 2 * m.re * m.im);
    const num = c(m2.re - 1, m2.im);
    const den = c(m2.re + 2, m2.im);
    const d = den.re * den.re + den.im * den.im;
    const p = c((num.re * den.re + num.im * den.im) / d, (num.im * den.re - num.re * den.im) / d);
    const f = (2 / 3) * x ** 3;
    const r = sphereMultipoles(m, x, 2);
    // −i f p = (f p.im, −f p.re)
    expect(dist(r.a[0] as Complex, f * p.im, -f * p.re)).toBeLessThan(1e-5);
    expect(Math.hypot(r.b[0]!.re, r.b[0]!.im) / Math.hypot(r.a[0]!.re, r.a[0]!.im)).toBeLessThan(1e-5);
  });

  it('the solve returns the terms only when asked, and refuses them for a coated sphere', () => {
    const sphere = { shape: 'sphere', radius_nm: 80, material: { n: 3.8, k: 0.01 } };
    expect(solve({ particle: sphere, wavelength_nm: 600 }).multipoles).toBeUndefined();
    const t = solve({ particle: sphere, wavelengths_nm: [500, 600], multipole_orders: 2 }).multipoles!;
    expect(t.orders).toEqual([1, 2]);
    expect(t.qsca_magnetic).toHaveLength(2);
    expect(t.a_re[1]).toHaveLength(2);
    const coated = { shape: 'coated_sphere', core_radius_nm: 40, shell_thickness_nm: 10, core_material: { n: 1.5, k: 0 }, shell_material: { n: 0.2, k: 3 } };
    expect(() => solve({ particle: coated, wavelength_nm: 600, multipole_orders: 2 })).toThrow(ProblemError);
  });
});
