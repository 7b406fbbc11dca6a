import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import { solveSlabModes } from '../slab/dispersion.ts';
import { EmeProblemSchema, type EmeProblem } from './problem.ts';
import { solveEme } from './solve.ts';

const ctx = { materials: literalResolver };
const NC = 1.45;
const LAMBDA_NM = 1550;
const material = (n: number) => ({ n, k: 0 });
const guide = (width_um: number, center_um = 0, n = 2.0) => ({ center_um, width_um, material: material(n) });

function problem(input: Record<string, unknown>): EmeProblem {
  return EmeProblemSchema.parse({ kind: 'eme', polarization: 'TM', cladding: material(NC), window_um: 8, grid_nm: 20, wavelength_nm: LAMBDA_NM, ...input });
}

/** Even TM mode H_y of a symmetric slab centred on x = 0 from the exact dispersion solution (unnormalised, peak 1). */
function exactTmFundamental(nCore: number, widthUm: number): (x: number) => number {
  const [mode] = solveSlabModes({ core: nCore, cover: NC, substrate: NC, thickness_nm: widthUm * 1000, wavelength_nm: LAMBDA_NM }, 'TM');
  if (!mode) throw new Error('no guided mode');
  const kappa = mode.kappa * 1000;
  const gamma = mode.gamma_cover * 1000;
  return (x) => (Math.abs(x) <= widthUm / 2 ? Math.cos(kappa * x) : Math.cos((kappa * widthUm) / 2) * Math.exp(-gamma * (Math.abs(x) - widthUm / 2)));
}

/** Midpoint rule on ±20 µm at 0.5 nm: the fields decay to ~e⁻⁴⁰ long before the ends. */
function integrate(f: (x: number) => number): number {
  const h = 5e-4;
  let s = 0;
  for (let x = -20 + h / 2; x < 20; x += h) s += f(x);
  return s * h;
}

function t00(r: ReturnType<typeof solveEme>): number {
  return r.transmission.find((row) => row.output_mode === 0)?.T ?? Number.NaN;
}

describe('solveEme, TM (H along y)', () => {
  it('states the polarisation, and a uniform guide transmits |S21| = 1 with no reflection', () => {
    const r = solveEme(problem({ sections: [{ length_um: 3, cores: [guide(1)] }, { length_um: 7, cores: [guide(1)] }] }), ctx);
    expect(r.polarization).toBe('TM');
    expect(r.conventions['polarization']).toMatch(/^TM: H along y/);
    expect(r.conventions['method']).toContain('E_x');
    expect(Math.abs(t00(r) - 1)).toBeLessThan(1e-10);
    expect(r.totals[0]?.R_guided).toBeLessThan(1e-20);
    expect(r.warnings).toEqual([]);
    // TM n_eff of the 1 µm guide lies below TE's (boundary factor (n_r/n_c)² > 1), as the exact slab says.
    const te = solveEme(problem({ polarization: 'TE', sections: [{ length_um: 3, cores: [guide(1)] }] }), ctx);
    expect(te.polarization).toBe('TE');
    expect(r.sections[0]?.n_eff[0]).toBeLessThan((te.sections[0]?.n_eff[0] as number) - 1e-3);
  });

  it('an offset butt joint transmits the normalised TM overlap ∫E_x1 H_y2 · ∫E_x2 H_y1 (to 1e-4)', () => {
    // Reference: the exact TM slab fields (Kogelnik's dispersion solution) by quadrature, independent
    // of the FD modes. E_x = βH_y/(ωε), so with equal β the normalised power overlap is
    // (∫h₁h₂/ε₁)(∫h₁h₂/ε₂)/(∫h₁²/ε₁ ∫h₂²/ε₂) (Marcuse, Theory of Dielectric Optical Waveguides, §3.5).
    // A 3 µm core of 1.50 in 1.45 shifted by 0.75 µm: the reflection that the overlap neglects is
    // 2e-5 (T falls 7.1e-5 short, converged in grid and modes), so 1e-4 holds; the same overlap
    // without the 1/ε weights is 3.9e-3 off.
    const width = 1.5 * 2;
    const shift = 0.75;
    const h = exactTmFundamental(1.5, width);
    const h1 = (x: number) => h(x + shift / 2);
    const h2 = (x: number) => h(x - shift / 2);
    const invEps = (center: number) => (x: number) => (Math.abs(x - center) <= width / 2 ? 1 / 1.5 ** 2 : 1 / NC ** 2);
    const [w1, w2] = [invEps(-shift / 2), invEps(shift / 2)];
    const overlap = (integrate((x) => h1(x) * h2(x) * w1(x)) * integrate((x) => h1(x) * h2(x) * w2(x))) / (integrate((x) => h1(x) ** 2 * w1(x)) * integrate((x) => h2(x) ** 2 * w2(x)));
    const unweighted = integrate((x) => h1(x) * h2(x)) ** 2 / integrate((x) => h1(x) ** 2) ** 2;
    const r = solveEme(problem({ window_um: 16, grid_nm: 10, modes: 80, sections: [{ length_um: 1, cores: [guide(width, -shift / 2, 1.5)] }, { length_um: 1, cores: [guide(width, shift / 2, 1.5)] }] }), ctx);
    expect(overlap).toBeLessThan(0.9);
    expect(Math.abs(t00(r) - overlap)).toBeLessThan(1e-4);
    expect(Math.abs(t00(r) - unweighted)).toBeGreaterThan(1e-3);
    expect(r.totals[0]?.power_balance_error).toBeLessThan(1e-3);
    // The convergence check re-cascades with 60 % of the modes in the same (weighted) products.
    expect(r.convergence?.max_change).toBeLessThan(1e-3);
    expect(r.warnings).toEqual([]);
  });

  it('a junction between two wide slabs reflects the normal-incidence TM Fresnel power of their modes (to 1e-3 relative)', () => {
    // 10 µm cores of 3.5 and 1.6 in 1.45: the fundamentals are nearly plane waves in the cores, and
    // a TM wave's impedance goes as β/ε, so R → ((n_A/ε_A − n_B/ε_B)/(n_A/ε_A + n_B/ε_B))² with the
    // modes' n_eff and the cores' ε (Born & Wolf §1.5). Measured: 2.5e-4 relative. The TE rule, plain
    // ((n_A − n_B)/(n_A + n_B))² of the effective indices, is 4e-3 relative away, and TE obeys that one.
    const junction = (polarization: 'TE' | 'TM') =>
      solveEme(problem({ polarization, window_um: 14, modes: 60, sections: [{ length_um: 1, cores: [guide(10, 0, 3.5)] }, { length_um: 1, cores: [guide(10, 0, 1.6)] }] }), ctx);
    const r = junction('TM');
    const nA = r.sections[0]?.n_eff[0] as number;
    const nB = r.sections[1]?.n_eff[0] as number;
    const [zA, zB] = [nA / 3.5 ** 2, nB / 1.6 ** 2];
    const fresnelTm = ((zA - zB) / (zA + zB)) ** 2;
    const fresnelPlain = ((nA - nB) / (nA + nB)) ** 2;
    const R = r.totals[0]?.R_guided as number;
    expect(fresnelTm).toBeGreaterThan(0.13);
    expect(Math.abs(R / fresnelTm - 1)).toBeLessThan(1e-3);
    expect(Math.abs(R / fresnelPlain - 1)).toBeGreaterThan(3e-3);
    expect(r.totals[0]?.power_balance_error).toBeLessThan(1e-3);
    const te = junction('TE');
    const [teA, teB] = [te.sections[0]?.n_eff[0] as number, te.sections[1]?.n_eff[0] as number];
    expect(Math.abs((te.totals[0]?.R_guided as number) / ((teA - teB) / (teA + teB)) ** 2 - 1)).toBeLessThan(1e-3);
  });

  // Soldano & Pennings, J. Lightwave Technol. 13, 615 (1995): L_π = 4 n_r W_e² / (3λ₀), W_e = W +
  // (λ₀/π)(n_c/n_r)^{2σ}(n_r² − n_c²)^{−1/2}, σ = 1 for TM: a TM mode reaches less far into the
  // cladding, so its MMI is shorter. Centred input: first single image at 3L_π/4; offset input: the
  // mirrored image at 3L_π. 2.0 in 1.45, W = 4 µm: L_π = 30.18 µm (TM) against 32.68 µm (TE), 8 %
  // apart, so 5 % tells them apart. Measured: both images at 0.96 of the formula (the formula's
  // paraxial β_ν falls a few per cent long in this contrast, as for TE).
  const W = 4;
  const NR = 2.0;
  const We = W + ((LAMBDA_NM / 1000 / Math.PI) * (NC / NR) ** 2) / Math.sqrt(NR * NR - NC * NC);
  const Lpi = (4 * NR * We * We) / (3 * (LAMBDA_NM / 1000));

  function mmi(inputCenter: number, outputCenter: number, target: number) {
    const lengths = Array.from({ length: 31 }, (_, i) => target * (0.85 + (0.3 * i) / 30));
    const r = solveEme(
      problem({
        grid_nm: 25,
        sections: [
          { length_um: 1, cores: [guide(1.2, inputCenter)] },
          { length_um: target, cores: [guide(W)] },
          { length_um: 1, cores: [guide(1.2, outputCenter)] },
        ],
        sweep: { section: 1, lengths_um: lengths },
      }),
      ctx,
    );
    let best = { length: 0, T: -1 };
    for (const row of r.transmission) if (row.output_mode === 0 && row.T > best.T) best = { length: row.length_um ?? 0, T: row.T };
    return { best, result: r };
  }

  it('a centred-input TM MMI images near 3L_π/4 with the TM effective width (Soldano & Pennings)', () => {
    const { best, result } = mmi(0, 0, 0.75 * Lpi);
    expect(Math.abs(best.length / (0.75 * Lpi) - 1)).toBeLessThan(0.05);
    expect(best.T).toBeGreaterThan(0.9);
    // The beat length of the MMI section's two lowest TM modes, π/(β₀ − β₁), is L_π itself.
    const [n0, n1] = result.sections[1]?.n_eff ?? [];
    const k0 = (2 * Math.PI) / (LAMBDA_NM / 1000);
    expect(Math.abs(Math.PI / (k0 * ((n0 as number) - (n1 as number))) / Lpi - 1)).toBeLessThan(0.05);
    for (const row of result.totals) expect(row.power_balance_error).toBeLessThan(1e-3);
  });

  it('an offset-input TM MMI forms the mirrored image near 3L_π (Soldano & Pennings)', () => {
    const { best } = mmi(0.9, -0.9, 3 * Lpi);
    expect(Math.abs(best.length / (3 * Lpi) - 1)).toBeLessThan(0.05);
    expect(best.T).toBeGreaterThan(0.85);
  });

  it('keeps the TE warnings: a coarse taper and too few modes are flagged in TM too', () => {
    const taper = solveEme(problem({ sections: [{ length_um: 1, cores: [guide(0.8)] }, { length_um: 40, cores: [guide(0.8)], taper_to: [{ center_um: 0, width_um: 2.4 }], taper_steps: 2 }, { length_um: 1, cores: [guide(2.4)] }] }), ctx);
    expect(taper.warnings.some((w) => w.startsWith('coarse taper'))).toBe(true);
    const few = solveEme(problem({ modes: 10, sections: [{ length_um: 1, cores: [guide(0.6)] }, { length_um: 1, cores: [guide(2.5)] }] }), ctx);
    expect(few.warnings.some((w) => w.startsWith('not converged in the mode count'))).toBe(true);
    expect(few.totals[0]?.power_balance_error).toBeLessThan(1e-3);
  });
});
