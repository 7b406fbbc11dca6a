/**
 * The scattering solve: units and conventions (vacuum wavelength in, x = 2π n_medium r/λ0, m = N/n_medium,
 * cross-sections on the outer radius), refusals and warnings, and a localized-plasmon check against the
 * Fröhlich condition. Materials come from the literal resolver (or a test resolver), so these tests do not
 * depend on the material library.
 */
import { describe, expect, it } from 'vitest';
import { c } from '../complex.ts';
import { literalResolver } from '../literal-resolver.ts';
import { MaterialError, type MaterialResolver } from '../material-spec.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { createMaterialLibrary } from '../materials/library.ts';
import { mieCoated } from './coated.ts';
import { ScatteringProblemSchema } from './problem.ts';
import { solveScattering } from './solve.ts';
import { mieSphere } from './sphere.ts';

const ctx: SolveContext = { materials: literalResolver };
const solve = (problem: unknown, context: SolveContext = ctx) => solveScattering(ScatteringProblemSchema.parse({ kind: 'scattering', ...(problem as object) }), context);

describe('solveScattering', () => {
  it("reproduces Bohren & Huffman's Appendix A sphere from lengths in nm (r = 525 nm, λ0 = 632.8 nm, in air)", () => {
    const r = solve({ particle: { shape: 'sphere', radius_nm: 525, material: { n: 1.55, k: 0 } }, wavelength_nm: 632.8 });
    expect(r.size_parameter[0]).toBeCloseTo(5.21282, 5);
    expect(Math.abs((r.qext[0] as number) - 3.10543)).toBeLessThan(5e-6);
    expect(Math.abs((r.qback[0] as number) - 2.92534)).toBeLessThan(5e-6);
    expect(Math.abs((r.g[0] as number) - 0.63314)).toBeLessThan(5e-6);
    expect(r.backend).toBe('reference');
    expect(r.warnings).toEqual([]);
  });

  it('round inputs that make x a multiple of π (r = 250 nm at 500 nm, 500 nm at 1000 nm, 500 nm at 500 nm, in vacuum) give the 60-digit values (issue 15)', () => {
    // x = π and 2π for m = 1.5 + 0.1i: scripts/mie-hp-reference.py (hp-reference.json, k = 1 and 2), rounded to doubles.
    // Before: Qext 1.381212 instead of 2.583727 at x = 2π.
    const atPi = { qext: 3.1127491975931667, qsca: 2.1833915635690504, qback: 0.17037957673852436, g: 0.7884396898362157 };
    const atTwoPi = { qext: 2.5837269073781806, qsca: 1.3566707303067345, qback: 0.17073085158434334, g: 0.8266873213103348 };
    const cases: [number, number, number, typeof atPi][] = [
      [250, 500, Math.PI, atPi],
      [500, 1000, Math.PI, atPi],
      [500, 500, 2 * Math.PI, atTwoPi],
    ];
    for (const [radius, lambda, x, want] of cases) {
      const r = solve({ particle: { shape: 'sphere', radius_nm: radius, material: { n: 1.5, k: 0.1 } }, wavelength_nm: lambda });
      expect(Math.abs(r.size_parameter[0]! / x - 1)).toBeLessThan(1e-15);
      for (const key of ['qext', 'qsca', 'qback', 'g'] as const) expect(Math.abs(r[key][0]! / want[key] - 1), key).toBeLessThan(1e-12);
    }
  });

  it('uses the wavelength in the medium and the index relative to it (x = 2π n_med r/λ0, m = N/n_med)', () => {
    const r = solve({
      particle: { shape: 'sphere', radius_nm: 40, material: { n: 0.2, k: 3.2 } },
      medium: { n: 1.33, k: 0 },
      wavelengths_nm: [500, 650],
    });
    [500, 650].forEach((lambda, i) => {
      const x = ((2 * Math.PI * 1.33) / lambda) * 40; // the solver forms k = 2π n_med/λ0 first
      const direct = mieSphere(c(0.2 / 1.33, 3.2 / 1.33), x);
      expect(r.size_parameter[i]).toBeCloseTo(x, 14);
      expect(r.relative_index[i]).toEqual({ n: 0.2 / 1.33, k: 3.2 / 1.33 });
      expect(r.qext[i]).toBe(direct.qext);
      expect(r.qabs[i]).toBe(direct.qext - direct.qsca);
      expect(r.cext_nm2[i]).toBeCloseTo(direct.qext * Math.PI * 40 * 40, 9);
      expect(r.csca_nm2[i]).toBeCloseTo(direct.qsca * Math.PI * 40 * 40, 9);
    });
    expect(r.medium_index).toEqual([1.33, 1.33]);
    expect(r.conventions.qback).toMatch(/Bohren & Huffman/);
  });

  it('returns arrays even for a single wavelength, and a 1,000-point spectrum quickly', () => {
    const one = solve({ particle: { shape: 'sphere', radius_nm: 50, material: { n: 1.5, k: 0 } }, wavelength_nm: 500 });
    expect(Array.isArray(one.qext) && one.qext.length === 1).toBe(true);
    const t0 = performance.now();
    const spectrum = solve({
      particle: { shape: 'sphere', radius_nm: 100, material: { n: 1.5, k: 0.01 } },
      wavelength_range_nm: { start: 300, stop: 1200, count: 1000 },
    });
    expect(spectrum.qext).toHaveLength(1000);
    expect(spectrum.wavelengths_nm[999]).toBe(1200);
    expect(performance.now() - t0).toBeLessThan(2000); // ~20 ms here with the reference kernel
  });

  it('coated spheres: cross-sections on the outer radius, core fields reported', () => {
    const r = solve({
      particle: { shape: 'coated_sphere', core_radius_nm: 60, shell_thickness_nm: 15, core_material: { n: 1.45, k: 0 }, shell_material: { n: 0.15, k: 4 } },
      medium: { n: 1.33, k: 0 },
      wavelength_nm: 800,
    });
    const k0 = (2 * Math.PI * 1.33) / 800;
    const direct = mieCoated(c(1.45 / 1.33, 0), c(0.15 / 1.33, 4 / 1.33), k0 * 60, k0 * 75);
    expect(r.qext[0]).toBe(direct.qext);
    expect(r.outer_radius_nm).toBe(75);
    expect(r.cext_nm2[0]).toBeCloseTo(direct.qext * Math.PI * 75 * 75, 8);
    expect(r.core_size_parameter?.[0]).toBeCloseTo(k0 * 60, 14);
    expect(r.core_relative_index?.[0]).toEqual({ n: 1.45 / 1.33, k: 0 });
  });

  it('a coated sphere without a core is a sphere of shell material, and says so', () => {
    const shell = { n: 2, k: 0.1 };
    const coated = solve({ particle: { shape: 'coated_sphere', core_radius_nm: 0, shell_thickness_nm: 80, core_material: { n: 1, k: 0 }, shell_material: shell }, wavelength_nm: 600 });
    const plain = solve({ particle: { shape: 'sphere', radius_nm: 80, material: shell }, wavelength_nm: 600 });
    expect(coated.qext).toEqual(plain.qext);
    expect(coated.warnings.join()).toMatch(/core_radius_nm is 0/);
  });

  it('refuses an absorbing medium, but drops a negligible k with a warning', () => {
    const particle = { shape: 'sphere', radius_nm: 50, material: { n: 1.5, k: 0 } };
    expect(() => solve({ particle, medium: { n: 1.33, k: 0.01 }, wavelength_nm: 500 })).toThrow(/medium must be non-absorbing/);
    expect(() => solve({ particle, medium: { n: 1.33, k: 0.01 }, wavelength_nm: 500 })).toThrow(ProblemError);
    const tiny = solve({ particle, medium: { n: 1.33, k: 1e-10 }, wavelength_nm: 500 });
    const lossless = solve({ particle, medium: { n: 1.33, k: 0 }, wavelength_nm: 500 });
    expect(tiny.qext).toEqual(lossless.qext);
    expect(tiny.warnings.join()).toMatch(/set to 0/);
  });

  it('refuses gain unless allow_gain is set, then warns', () => {
    const particle = { shape: 'sphere', radius_nm: 50, material: { n: 1.5, k: -0.01 } };
    expect(() => solve({ particle, wavelength_nm: 500 })).toThrow(MaterialError);
    expect(() => solve({ particle, wavelength_nm: 500 })).toThrow(/e\^\{\+jωt\}/);
    const r = solve({ particle, wavelength_nm: 500, allow_gain: true });
    expect(r.qabs[0]).toBeLessThan(0);
    expect(r.warnings.join()).toMatch(/gain/);
  });

  it('warns above x = 1e4 and refuses above 1e5, naming the size parameter', () => {
    const big = solve({ particle: { shape: 'sphere', radius_nm: 1e6, material: { n: 1.5, k: 0.01 } }, wavelength_nm: 500 });
    expect(big.warnings.join()).toMatch(/size parameter x = 12566.4 exceeds 10000/);
    expect(() => solve({ particle: { shape: 'sphere', radius_nm: 1e7, material: { n: 1.5, k: 0 } }, wavelength_nm: 500 })).toThrow(
      /size parameter .* = 125664 .* exceeds 100000/,
    );
  });

  it('refuses a size parameter below 1e-12 (outside the kernel range) and says why', () => {
    expect(() => solve({ particle: { shape: 'sphere', radius_nm: 1e-9, material: { n: 1.5, k: 0 } }, wavelength_nm: 1e4 })).toThrow(/below 1e-12.*Rayleigh/);
  });

  it('warns about lengths that look like micrometres', () => {
    const r = solve({ particle: { shape: 'sphere', radius_nm: 0.05, material: { n: 1.5, k: 0 } }, wavelength_nm: 0.5 });
    expect(r.warnings.join('\n')).toMatch(/smaller than an atom/);
    expect(r.warnings.join('\n')).toMatch(/X-ray/);
  });

  it('passes material warnings on once each, however many wavelengths raise them', () => {
    const warning: MaterialResolver = {
      resolve: (spec, wavelength, options) => ({ ...literalResolver.resolve(spec, wavelength, options), warnings: ['outside the tabulated range'] }),
    };
    const r = solve({ particle: { shape: 'sphere', radius_nm: 50, material: { n: 1.5, k: 0 } }, wavelengths_nm: [400, 500, 600] }, { materials: warning });
    expect(r.warnings).toEqual(['outside the tabulated range']);
  });

  it('uses the kernel the context provides', () => {
    const calls: number[] = [];
    const kernel = {
      id: 'spy',
      spheres: (input: Float64Array, count: number, out: Float64Array) => {
        calls.push(count);
        out.fill(0.5);
      },
      coated: () => undefined,
    };
    const r = solve({ particle: { shape: 'sphere', radius_nm: 50, material: { n: 1.5, k: 0 } }, wavelengths_nm: [400, 500] }, { materials: literalResolver, kernels: { mie: kernel } });
    expect(calls).toEqual([2]);
    expect(r.backend).toBe('spy');
    expect(r.qext).toEqual([0.5, 0.5]);
  });

  it('places the dipole plasmon of a small Drude sphere at the Fröhlich condition Re ε = −2 n_medium²', () => {
    // Drude metal ε(ω) = 1 − ωp²/(ω² + iγω), ħωp = 9 eV, ħγ = 0.05 eV, 2 nm radius in water (n = 1.33).
    // Quasi-static resonance: Re ε = −2 × 1.33² → ħω = ħωp / √(1 + 2·1.33²) (γ ≪ ω) → λ0 = 293.5 nm.
    // For x ≈ 0.06 the dynamic depolarisation red-shift is O(x²) ≈ 0.4 %.
    const wp = 9;
    const gamma = 0.05;
    const drude: MaterialResolver = {
      resolve: (spec, wavelength, options) => {
        if (spec !== 'test-drude') return literalResolver.resolve(spec, wavelength, options);
        const w = 1239.841984 / wavelength; // photon energy, eV
        const d = w * w + gamma * gamma;
        const eRe = 1 - (wp * wp) / d;
        const eIm = (wp * wp * gamma) / (w * d);
        const mod = Math.hypot(eRe, eIm);
        return { n: Math.sqrt((mod + eRe) / 2), k: Math.sqrt((mod - eRe) / 2), warnings: [] };
      },
    };
    const r = solve(
      { particle: { shape: 'sphere', radius_nm: 2, material: 'test-drude' }, medium: { n: 1.33, k: 0 }, wavelength_range_nm: { start: 250, stop: 350, count: 1001 } },
      { materials: drude },
    );
    const peak = r.wavelengths_nm[r.qabs.indexOf(Math.max(...r.qabs))] as number;
    const froehlich = 1239.841984 / Math.sqrt((wp * wp) / (1 + 2 * 1.33 * 1.33) - gamma * gamma);
    expect(Math.abs(peak / froehlich - 1)).toBeLessThan(0.005);
  });
});

describe('warnings over a spectrum', () => {
  const library = createMaterialLibrary();
  const gold = (medium: unknown, start: number, stop: number) =>
    solveScattering(
      ScatteringProblemSchema.parse({
        kind: 'scattering',
        particle: { shape: 'sphere', radius_nm: 20, material: 'Au (Johnson and Christy 1972)' },
        medium,
        wavelength_range_nm: { start, stop, count: 1000 },
      }),
      { materials: library },
    );

  it('drops the negligible k of library water once for the whole spectrum, not once per wavelength', () => {
    // Hale & Querry water has k ~ 1e-9..1e-7 across the visible: far below the threshold for a 40 nm particle.
    const result = gold('H2O (Hale and Querry 1973)', 400, 700);
    const dropped = result.warnings.filter((w) => /set to 0/.test(w));
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatch(/of the 1000 wavelengths/);
  });

  it('words an out-of-range dataset once, with a count', () => {
    // Johnson & Christy gold ends at 1937 nm; 400–2000 nm goes past it at the last few dozen points.
    const result = gold({ n: 1.33, k: 0 }, 400, 2000);
    expect(result.warnings.length).toBeLessThanOrEqual(2);
    expect(result.warnings.filter((w) => /1937/.test(w))).toHaveLength(1);
  });
});
