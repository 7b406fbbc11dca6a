/**
 * The work a thick slab costs: a 1 mm Si core in SiO2 at 1550 nm guides 4080 modes per polarization,
 * but only MAX_LISTED_MODES are listed, so only those orders may be root-solved — at λ and at the two
 * n_g neighbours λ(1 ± δ) — and the materials are resolved once per wavelength for both
 * polarizations. Counted, not timed, so the test cannot flake: solveSlabModes is wrapped (one root
 * solve per mode it returns) and the material resolver counts its calls.
 */
import { describe, expect, it, vi } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import type { MaterialResolver } from '../material-spec.ts';
import * as dispersion from './dispersion.ts';
import { ModeProblemSchema } from './problem.ts';
import { MAX_LISTED_MODES, solveMode } from './solve.ts';

vi.mock('./dispersion.ts', async (importOriginal) => {
  const original = await importOriginal<typeof dispersion>();
  return { ...original, solveSlabModes: vi.fn(original.solveSlabModes) };
});

const SI = { n: 3.476, k: 0 };
const SIO2 = { n: 1.444, k: 0 };
const THICK = ModeProblemSchema.parse({
  kind: 'mode',
  structure: { type: 'slab', core: { material: SI, thickness_nm: 1e6 }, cover: SIO2, substrate: SIO2 },
  polarization: 'both',
  wavelength_nm: 1550,
});

describe('solveMode on a thick core (1 mm Si in SiO2, 1550 nm)', () => {
  it('solves only the listed orders, resolves the materials once per wavelength, and reports the true mode_count', () => {
    const solveSlabModes = vi.mocked(dispersion.solveSlabModes);
    solveSlabModes.mockClear();
    let resolves = 0;
    const counting: MaterialResolver = {
      resolve(spec, wavelength_nm, options) {
        resolves++;
        return literalResolver.resolve(spec, wavelength_nm, options);
      },
    };

    const r = solveMode(THICK, { materials: counting });

    // V = k0 d √(n_core² − n_clad²) ≈ 12817 → 4080 guided orders per polarization (symmetric slab: ⌈V/π⌉).
    const perPol = Math.ceil(r.v_number[0]! / Math.PI);
    expect(perPol).toBeGreaterThan(MAX_LISTED_MODES);
    expect(r.mode_count_by_polarization).toEqual({ TE: [perPol], TM: [perPol] });
    expect(r.mode_count).toEqual([2 * perPol]);
    for (const pol of ['TE', 'TM'] as const) {
      const listed = r.modes.filter((m) => m.polarization === pol);
      expect(listed.map((m) => m.order)).toEqual(Array.from({ length: MAX_LISTED_MODES }, (_, m) => m));
      expect(listed.every((m) => m.n_g !== null && m.n_g > m.n_eff)).toBe(true);
    }
    expect(r.warnings.some((w) => w.includes(`only the first ${MAX_LISTED_MODES} are listed`))).toBe(true);

    // Three solves (λ, λ − h, λ + h) per polarization, each stopping at MAX_LISTED_MODES orders:
    // one root solve per returned mode, 6 × 1000 in all (solving every order would be 6 × 4080).
    expect(solveSlabModes).toHaveBeenCalledTimes(6);
    const rootSolves = solveSlabModes.mock.results.reduce((n, res) => n + (res.value as unknown[]).length, 0);
    expect(rootSolves).toBe(6 * MAX_LISTED_MODES);
    // Three layers at λ, λ − h and λ + h: the neighbours are shared by TE and TM.
    expect(resolves).toBe(9);
  });
});
