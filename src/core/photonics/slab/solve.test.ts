/**
 * The `mode` problem end to end: schema, materials through the resolver, n_g with and without
 * material dispersion against the Hellmann–Feynman (variational) identity for TE slab modes, and
 * the warnings an agent must pass on.
 *
 * Reference for n_g: for TE modes β² is the eigenvalue of d²/dx² + k0² n²(x), so
 * dβ²/dk0 = ⟨∂(k0² n²)/∂k0⟩ over the normalised |E_y|², which gives
 *   n_g = Σ_j Γ_j n_j n_g,j / n_eff      (n_g,j = n_j − λ dn_j/dλ, the material group index),
 * Γ_j the power fractions (Hellmann–Feynman theorem on the scalar TE wave equation; with constant
 * indices it reduces to the textbook n_g = Σ Γ_j n_j² / n_eff, e.g. Okamoto, Fundamentals of
 * Optical Waveguides, on the group delay of slab modes).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { literalResolver } from '../literal-resolver.ts';
import { MaterialError, type MaterialResolver } from '../material-spec.ts';
import { ModeProblemSchema, type ModeProblem } from './problem.ts';
import { solveMode } from './solve.ts';
import { solveSlabModes } from './dispersion.ts';
import { powerShares } from './mode-field.ts';

const SI = { n: 3.476, k: 0 };
const SIO2 = { n: 1.444, k: 0 };
const ctx = { materials: literalResolver };

const siSlab = (extra: Partial<ModeProblem> = {}): ModeProblem =>
  ModeProblemSchema.parse({
    kind: 'mode',
    structure: { type: 'slab', core: { material: SI, thickness_nm: 220 }, cover: SIO2, substrate: SIO2 },
    polarization: 'both',
    wavelength_nm: 1550,
    ...extra,
  });

/** Cauchy dispersion n(λ) = A + B/λ² (λ in µm), so the material group index is A + 3B/λ². */
const cauchy = (a: number, b: number) => ({ n: (l: number) => a + b / (l / 1000) ** 2, ng: (l: number) => a + (3 * b) / (l / 1000) ** 2 });
const DISPERSIVE = { 'cauchy-core': cauchy(3.4, 0.18), 'cauchy-clad': cauchy(1.43, 0.0035) } as const;
const dispersiveResolver: MaterialResolver = {
  resolve(spec, wavelength_nm) {
    if (typeof spec !== 'string' || !(spec in DISPERSIVE)) throw new MaterialError(`unknown test material ${JSON.stringify(spec)}`);
    return { n: DISPERSIVE[spec as keyof typeof DISPERSIVE].n(wavelength_nm), k: 0, warnings: [] };
  },
};

describe('ModeProblemSchema', () => {
  it('wants exactly one of wavelength_nm, wavelengths_nm, wavelength_range_nm', () => {
    const base = { kind: 'mode', structure: { type: 'slab', core: { material: SI, thickness_nm: 220 }, cover: SIO2, substrate: SIO2 }, polarization: 'TE' };
    expect(ModeProblemSchema.safeParse(base).success).toBe(false);
    expect(ModeProblemSchema.safeParse({ ...base, wavelength_nm: 1550, wavelengths_nm: [1550] }).success).toBe(false);
    expect(ModeProblemSchema.safeParse({ ...base, wavelength_range_nm: { start: 1500, stop: 1600, count: 11 } }).success).toBe(true);
  });

  it('converts to JSON Schema with unit-bearing descriptions (the playground builds its form from it)', () => {
    const schema = JSON.stringify(z.toJSONSchema(ModeProblemSchema, { io: 'input' }));
    expect(schema).toContain('thickness_nm');
    expect(schema).toContain('core thickness (the full height of the guiding layer), nm');
  });

  it('rejects a non-positive thickness, an unknown structure type and unknown fields', () => {
    const ok = siSlab();
    expect(ModeProblemSchema.safeParse({ ...ok, structure: { ...ok.structure, core: { material: SI, thickness_nm: 0 } } }).success).toBe(false);
    expect(ModeProblemSchema.safeParse({ ...ok, structure: { ...ok.structure, type: 'fiber' } }).success).toBe(false);
    expect(ModeProblemSchema.safeParse({ ...ok, width_nm: 500 }).success).toBe(false);
  });
});

describe('solveMode', () => {
  it('Si 220 nm / SiO2 at 1550 nm: one TE and one TM mode, TE1 cut off at 245 nm, n_g > n_eff', () => {
    const r = solveMode(siSlab(), ctx);
    expect(r.kind).toBe('mode');
    expect(r.backend).toBe('reference');
    expect(r.wavelengths_nm).toEqual([1550]);
    expect(r.mode_count).toEqual([2]);
    expect(r.mode_count_by_polarization).toEqual({ TE: [1], TM: [1] });
    const te0 = r.modes.find((m) => m.polarization === 'TE' && m.order === 0);
    const tm0 = r.modes.find((m) => m.polarization === 'TM' && m.order === 0);
    expect(te0 && tm0).toBeTruthy();
    expect(te0!.n_eff).toBeGreaterThan(tm0!.n_eff);
    expect(te0!.n_g).toBeGreaterThan(te0!.n_eff); // waveguide dispersion alone raises n_g above n_eff
    expect(te0!.confinement).toBeGreaterThan(0.5);
    expect(te0!.confinement).toBeLessThan(1);
    // Symmetric slab: TE1 cutoff at V = π, d = λ/(2 NA) = 1550/(2·3.16157…) = 245.13 nm.
    const te1 = r.cutoffs.find((c) => c.polarization === 'TE' && c.order === 1);
    expect(te1?.guided).toBe(false);
    expect(te1?.cutoff_thickness_nm).toBeCloseTo(1550 / (2 * Math.sqrt(3.476 ** 2 - 1.444 ** 2)), 9);
    // At 220 nm, TE1 is guided below λ = 2 d NA = 1391 nm.
    expect(te1?.cutoff_wavelength_nm).toBeCloseTo(2 * 220 * Math.sqrt(3.476 ** 2 - 1.444 ** 2), 9);
    expect(r.cutoffs.find((c) => c.polarization === 'TE' && c.order === 0)?.cutoff_wavelength_nm).toBeNull();
    expect(r.warnings).toEqual([]);
  });

  it('constant indices: TE n_g = Σ Γ_j n_j² / n_eff (variational identity, to 1e-8), asymmetric slab, two modes', () => {
    const slab = { core: 2.0, cover: 1.0, substrate: 1.444, thickness_nm: 900, wavelength_nm: 1310 };
    const problem = ModeProblemSchema.parse({
      kind: 'mode',
      structure: { type: 'slab', core: { material: { n: 2.0, k: 0 }, thickness_nm: 900 }, cover: { n: 1.0, k: 0 }, substrate: { n: 1.444, k: 0 } },
      polarization: 'TE',
      wavelength_nm: 1310,
    });
    const r = solveMode(problem, ctx);
    expect(r.modes.length).toBe(2);
    // Γ_j in closed form (checked against quadrature in dispersion.test.ts).
    for (const solved of solveSlabModes(slab, 'TE')) {
      const shares = powerShares(solved);
      const reference = (shares.core * 2.0 ** 2 + shares.substrate * 1.444 ** 2 + shares.cover * 1.0 ** 2) / solved.n_eff;
      const mode = r.modes.find((m) => m.order === solved.order)!;
      expect(Math.abs(mode.n_g! - reference), `TE${mode.order}`).toBeLessThan(1e-8);
    }
  });

  it('material dispersion included: TE n_g = Σ Γ_j n_j n_g,j / n_eff, above the constant-index value', () => {
    const lambda = 1550;
    const problem = ModeProblemSchema.parse({
      kind: 'mode',
      structure: { type: 'slab', core: { material: 'cauchy-core', thickness_nm: 250 }, cover: 'cauchy-clad', substrate: 'cauchy-clad' },
      polarization: 'TE',
      wavelength_nm: lambda,
    });
    const r = solveMode(problem, { materials: dispersiveResolver });
    const te0 = r.modes[0]!;
    const g = te0.confinement;
    const core = DISPERSIVE['cauchy-core'], clad = DISPERSIVE['cauchy-clad'];
    const reference = (g * core.n(lambda) * core.ng(lambda) + (1 - g) * clad.n(lambda) * clad.ng(lambda)) / te0.n_eff;
    expect(Math.abs(te0.n_g! - reference)).toBeLessThan(1e-7);
    // The same slab with the indices frozen at 1550 nm has a smaller n_g: material dispersion adds to it.
    const frozen = solveMode(
      { ...problem, structure: { type: 'slab', core: { material: { n: core.n(lambda), k: 0 }, thickness_nm: 250 }, cover: { n: clad.n(lambda), k: 0 }, substrate: { n: clad.n(lambda), k: 0 } } },
      ctx,
    ).modes[0]!;
    expect(frozen.n_eff).toBeCloseTo(te0.n_eff, 14);
    expect(te0.n_g! - frozen.n_g!).toBeGreaterThan(0.05);
    const frozenReference = (g * core.n(lambda) ** 2 + (1 - g) * clad.n(lambda) ** 2) / te0.n_eff;
    expect(Math.abs(frozen.n_g! - frozenReference)).toBeLessThan(1e-7);
  });

  it('data ending exactly at λ: n_g falls back to a one-sided difference (first order, ~1e-5)', () => {
    const endsAt1550: MaterialResolver = {
      resolve(spec, wavelength_nm) {
        if (wavelength_nm > 1550) throw new MaterialError('no data above 1550 nm');
        return dispersiveResolver.resolve(spec, wavelength_nm);
      },
    };
    const problem = ModeProblemSchema.parse({
      kind: 'mode',
      structure: { type: 'slab', core: { material: 'cauchy-core', thickness_nm: 250 }, cover: 'cauchy-clad', substrate: 'cauchy-clad' },
      polarization: 'TE',
      wavelength_nm: 1550,
    });
    const central = solveMode(problem, { materials: dispersiveResolver }).modes[0]!.n_g!;
    const oneSided = solveMode(problem, { materials: endsAt1550 }).modes[0]!.n_g!;
    expect(Math.abs(oneSided - central) / central).toBeLessThan(1e-4);
    expect(oneSided).not.toBe(central);
  });

  it('every n_eff lies strictly between the higher cladding and the core, over a spread of slabs', () => {
    let seed = 12345;
    const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 200; i++) {
      const core = 1.5 + 2.5 * rand(), sub = 1.0 + (core - 1.0) * rand(), cov = 1.0 + (core - 1.0) * rand();
      const p = ModeProblemSchema.parse({
        kind: 'mode',
        structure: { type: 'slab', core: { material: { n: core, k: 0 }, thickness_nm: 50 + 3000 * rand() }, cover: { n: cov, k: 0 }, substrate: { n: sub, k: 0 } },
        polarization: 'both',
        wavelength_nm: 400 + 1600 * rand(),
      });
      for (const m of solveMode(p, ctx).modes) {
        expect(m.n_eff).toBeGreaterThan(Math.max(sub, cov));
        expect(m.n_eff).toBeLessThan(core);
        if (m.n_g !== null) expect(m.n_g).toBeGreaterThan(0);
      }
    }
  });

  it('a wavelength sweep reports per-wavelength counts and modes tagged with their wavelength', () => {
    const r = solveMode(siSlab({ wavelength_nm: undefined, wavelength_range_nm: { start: 1200, stop: 1600, count: 5 }, polarization: 'TE' }), ctx);
    expect(r.wavelengths_nm).toEqual([1200, 1300, 1400, 1500, 1600]);
    // TE1 guided below 2·220·NA = 1391 nm.
    expect(r.mode_count).toEqual([2, 2, 1, 1, 1]);
    expect(r.modes.filter((m) => m.wavelength_nm === 1300).map((m) => m.order)).toEqual([0, 1]);
  });

  it('profiles: requested sample count, spanning substrate, core and cover', () => {
    const r = solveMode(siSlab({ profile_points: 301, polarization: 'TE' }), ctx);
    const p = r.modes[0]!.profile!;
    expect(p.x_nm.length).toBe(301);
    expect(p.field.length).toBe(301);
    expect(p.x_nm[0]).toBeLessThan(0);
    expect(p.x_nm[300]).toBeGreaterThan(220);
    expect(Math.max(...p.field.map(Math.abs))).toBeLessThanOrEqual(1);
  });
});

describe('warnings and refusals', () => {
  it('absorbing core: solved with real parts, with a warning that says loss is ignored', () => {
    const r = solveMode(siSlab({ structure: { type: 'slab', core: { material: { n: 3.476, k: 0.01 }, thickness_nm: 220 }, cover: SIO2, substrate: SIO2 } }), ctx);
    expect(r.modes.length).toBe(2);
    expect(r.warnings.join(' ')).toMatch(/core has k = 0\.01.*real parts.*ignore absorption/);
  });

  it('a negligible k (bulk loss below 1e-3 dB/cm, like Si at 1550 nm) is not worth a warning', () => {
    const r = solveMode(siSlab({ structure: { type: 'slab', core: { material: { n: 3.476, k: 1e-13 }, thickness_nm: 220 }, cover: SIO2, substrate: SIO2 } }), ctx);
    expect(r.warnings).toEqual([]);
  });

  it('over a sweep a condition is reported once, with how many wavelengths share it', () => {
    const r = solveMode(
      siSlab({
        wavelength_nm: undefined,
        wavelength_range_nm: { start: 1500, stop: 1600, count: 5 },
        structure: { type: 'slab', core: { material: { n: 3.476, k: 0.001 }, thickness_nm: 220 }, cover: { n: 3.5, k: 0 }, substrate: SIO2 },
      }),
      ctx,
    );
    expect(r.warnings).toHaveLength(2);
    expect(r.warnings[0]).toMatch(/^core has k = 0\.001 at 1500 nm .* \(the same holds at 5 of the 5 wavelengths, 1500–1600 nm\)$/);
    expect(r.warnings[1]).toMatch(/^no mode is guided at 1500 nm: .* \(the same holds at 5 of the 5 wavelengths, 1500–1600 nm\)$/);
  });

  it('gain (k < 0) is refused unless allow_gain is set', () => {
    const gain = { type: 'slab' as const, core: { material: { n: 3.476, k: -0.01 }, thickness_nm: 220 }, cover: SIO2, substrate: SIO2 };
    expect(() => solveMode(siSlab({ structure: gain }), ctx)).toThrow(/gain.*e\^\{\+jωt\}|e\^\{\+jωt\}.*gain/s);
    expect(solveMode(siSlab({ structure: gain, allow_gain: true }), ctx).warnings.join(' ')).toMatch(/ignore gain/);
  });

  it('a core below a cladding index: no mode, and a warning that names the indices', () => {
    const r = solveMode(siSlab({ structure: { type: 'slab', core: { material: { n: 1.4, k: 0 }, thickness_nm: 2000 }, cover: { n: 1.0, k: 0 }, substrate: SIO2 } }), ctx);
    expect(r.modes).toEqual([]);
    expect(r.mode_count).toEqual([0]);
    expect(r.warnings[0]).toMatch(/no mode is guided at 1550 nm: the core index \(1\.4\) must exceed both/);
  });

  it('an asymmetric slab below TE0 cutoff: no mode, and the warning gives the cutoff thickness', () => {
    const r = solveMode(siSlab({ polarization: 'TE', structure: { type: 'slab', core: { material: { n: 1.6, k: 0 }, thickness_nm: 100 }, cover: { n: 1.0, k: 0 }, substrate: { n: 1.5, k: 0 } } }), ctx);
    expect(r.modes).toEqual([]);
    const a = (1.5 ** 2 - 1) / (1.6 ** 2 - 1.5 ** 2);
    const dc = Math.atan(Math.sqrt(a)) / (((2 * Math.PI) / 1550) * Math.sqrt(1.6 ** 2 - 1.5 ** 2)); // Kogelnik: V_0 = atan √a
    expect(r.warnings[0]).toContain(`below the TE0 cutoff thickness ${dc.toPrecision(6).slice(0, 5)}`);
  });
});

