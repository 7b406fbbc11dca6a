/**
 * The default-accuracy statements of default-accuracy.ts for eme, dda, inverse_design and the slab
 * `mode`, measured again (issue 15), as default-accuracy.slow.test.ts does for the other kinds: each
 * figure is recomputed at the default discretisation and at a finer one (or against an exact
 * reference) and must match the sentence to the digits printed there. Slow (a 5 nm, 160-mode MMI
 * sweep and several DDA spheres: about half a minute), hence *.slow.test.ts.
 * References: Mie theory (mie/, checked against Bohren & Huffman and MIEV0); the exact slab TE0
 * (Kogelnik's dispersion relation, solved here by bisection, independently of slab/dispersion.ts);
 * the energy identity n_g = Σ Γ_j n_j² / n_eff for constant indices (Okamoto, Fundamentals of Optical
 * Waveguides); the analytic TE0 of the symmetric slab for the FDFD guide.
 */
import { describe, expect, it } from 'vitest';
import { DdaProblemSchema } from './dda/problem.ts';
import { solveDda } from './dda/solve.ts';
import { DDA_DEFAULT_ACCURACY, EME_DEFAULT_ACCURACY, INVERSE_DESIGN_DEFAULT_ACCURACY, SLAB_MODE_DEFAULT_ACCURACY } from './default-accuracy.ts';
import { boundText } from './docs-text.ts';
import { EmeProblemSchema } from './eme/problem.ts';
import { solveEme } from './eme/solve.ts';
import { estimatePhotonics } from './estimate.ts';
import { portModes } from './fdfd/ports.ts';
import { analyticSlabTe0, eastPmlReflection, K0, phaseIndex, straightGuide } from './fdfd/straight-guide.fixture.ts';
import { literalResolver } from './literal-resolver.ts';
import { solveSlabModes } from './slab/dispersion.ts';
import { powerShares } from './slab/mode-field.ts';
import { SlabStructureSchema } from './slab/problem.ts';
import type { ModeResult } from './slab/solve.ts';
import { InverseDesignProblemSchema } from './topopt/problem.ts';
import { parsePhotonicsProblem, solvePhotonics } from './solve.ts';

const ctx = { materials: literalResolver };
const signed = (v: number) => `${v < 0 ? '−' : '+'}${Math.abs(v * 100).toFixed(2)} %`;
const estimateAdvice = (problem: unknown) => estimatePhotonics(parsePhotonicsProblem(problem), ctx, { now: () => performance.now() }, (p) => solvePhotonics(p, ctx)).advice;

describe('default accuracy of eme, dda, inverse_design and slab modes, as stated in the schemas and the estimates', () => {
  it('the schemas and the estimate advice carry the statements', () => {
    expect(DdaProblemSchema.shape.dipoles_across.description).toContain(DDA_DEFAULT_ACCURACY);
    expect(EmeProblemSchema.shape.modes.description).toContain(EME_DEFAULT_ACCURACY);
    expect(InverseDesignProblemSchema.shape.cell_nm.description).toContain(INVERSE_DESIGN_DEFAULT_ACCURACY);
    expect(SlabStructureSchema.description).toContain(SLAB_MODE_DEFAULT_ACCURACY);
    const clad = { n: 1.45, k: 0 };
    expect(estimateAdvice({ kind: 'dda', particle: { shape: 'sphere', radius_nm: 20 }, material: { n: 1.5, k: 0 }, wavelength_nm: 600 })).toContain(DDA_DEFAULT_ACCURACY);
    expect(estimateAdvice({ kind: 'eme', cladding: clad, window_um: 8, wavelength_nm: 1550, sections: [{ length_um: 1, cores: [{ center_um: 0, width_um: 1, material: { n: 2, k: 0 } }] }] })).toContain(EME_DEFAULT_ACCURACY);
    expect(estimateAdvice({ kind: 'inverse_design', device: 'bend', iterations: 1 })).toContain(INVERSE_DESIGN_DEFAULT_ACCURACY);
    expect(estimateAdvice({ kind: 'mode', structure: { type: 'slab', core: { material: { n: 3.4757, k: 0 }, thickness_nm: 220 }, cover: clad, substrate: clad }, polarization: 'TE', wavelength_nm: 1550 })).toContain(SLAB_MODE_DEFAULT_ACCURACY);
  });

  it('slab mode: n_eff against an independent bisection, n_g against the energy identity', () => {
    const [n1, n2, d, lambda] = [3.4757, 1.444, 220, 1550];
    const k = (2 * Math.PI) / lambda;
    // TE0 of the symmetric slab: κd − 2 atan(γ/κ) = 0, by bisection in n_eff.
    const f = (n: number) => k * Math.sqrt(n1 * n1 - n * n) * d - 2 * Math.atan(Math.sqrt(n * n - n2 * n2) / Math.sqrt(n1 * n1 - n * n));
    let [lo, hi] = [n2 + 1e-12, n1 - 1e-12];
    for (let i = 0; i < 200; i++) [lo, hi] = f((lo + hi) / 2) > 0 ? [(lo + hi) / 2, hi] : [lo, (lo + hi) / 2];
    const r = solvePhotonics({ kind: 'mode', structure: { type: 'slab', core: { material: { n: n1, k: 0 }, thickness_nm: d }, cover: { n: n2, k: 0 }, substrate: { n: n2, k: 0 } }, polarization: 'TE', wavelength_nm: lambda }, ctx) as ModeResult;
    const te0 = r.modes[0]!;
    // measured: 4e-16 (round-off) and 2.1e-11
    expect(Math.abs(te0.n_eff - (lo + hi) / 2)).toBeLessThanOrEqual(1e-15);
    const shares = powerShares(solveSlabModes({ core: n1, cover: n2, substrate: n2, thickness_nm: d, wavelength_nm: lambda }, 'TE')[0]!);
    const identity = (shares.core * n1 ** 2 + (shares.substrate + shares.cover) * n2 ** 2) / te0.n_eff;
    expect(SLAB_MODE_DEFAULT_ACCURACY).toContain(`TE0 within 1e-15 of an independent bisection); n_g is a central difference (δ = 1e-5), within ${boundText(Math.abs(te0.n_g! - identity))} of the energy identity`);
  });

  it('eme, 20 nm and 40 modes: the butt joint against the exact overlap, the MMI image against 5 nm and 160 modes', { timeout: 300_000 }, () => {
    const [NC, NR, L] = [1.45, 2.0, 1.55];
    const guide = (width_um: number) => ({ center_um: 0, width_um, material: { n: NR, k: 0 } });
    const solve = (input: Record<string, unknown>) => solveEme(EmeProblemSchema.parse({ kind: 'eme', cladding: { n: NC, k: 0 }, window_um: 8, wavelength_nm: L * 1000, convergence_check: false, field_map: false, ...input }), ctx);
    // The butt joint (T₀₀ against |⟨a₀|b₀⟩|² of the exact slab fields, at these defaults) is measured in
    // docs-figures/eme.test.ts, which requires this sentence to state the same bound as the docs.
    // The MMI: first image of a centred 1.2 µm input in a 4 µm section, swept in 0.33 % steps around 3L_π/4.
    const We = 4 + L / Math.PI / Math.sqrt(NR * NR - NC * NC);
    const target = (0.75 * 4 * NR * We * We) / (3 * L);
    const image = (grid_nm: number, modes: number, window_um: number) => {
      const lengths = Array.from({ length: 61 }, (_, i) => target * (0.9 + (0.2 * i) / 60));
      const r = solve({ grid_nm, modes, window_um, sections: [{ length_um: 1, cores: [guide(1.2)] }, { length_um: target, cores: [guide(4)] }, { length_um: 1, cores: [guide(1.2)] }], sweep: { section: 1, lengths_um: lengths } });
      let best = { length: 0, T: -1 };
      for (const row of r.transmission) if (row.output_mode === 0 && row.T > best.T) best = { length: row.length_um ?? 0, T: row.T };
      return best;
    };
    // measured: 23.773 µm, T 0.97901 at the defaults; 23.446 µm, T 0.98132 at 5 nm, 160 modes, 12 µm
    const coarse = image(20, 40, 8);
    const fine = image(5, 160, 12);
    expect(EME_DEFAULT_ACCURACY).toContain(`falls ${((coarse.length / fine.length - 1) * 100).toFixed(1)} % longer and ${(fine.T - coarse.T).toExponential(1)} lower in T`);
  });

  it('dda, 16 across: Qext of spheres against Mie', { timeout: 120_000 }, () => {
    const err = (n: number, radius_nm: number) => solveDda(DdaProblemSchema.parse({ kind: 'dda', particle: { shape: 'sphere', radius_nm }, material: { n, k: 0 }, wavelength_nm: 600 }), ctx).mie!.qext_relative_error;
    const r = (x: number) => (x * 600) / (2 * Math.PI);
    const adda = ((2 * Math.PI) / 15) * Math.cbrt((3 * 2176) / (4 * Math.PI));
    const m15 = [err(1.5, 20), err(1.5, r(1)), err(1.5, r(adda))];
    const m2 = [err(2, 20), err(2, r(1))];
    expect(DDA_DEFAULT_ACCURACY).toContain(`(x = 0.21: ${signed(m15[0]!)}, x = 1: ${signed(m15[1]!)}, ADDA’s x = 3.37: ${signed(m15[2]!)})`);
    expect(DDA_DEFAULT_ACCURACY).toContain(`(x = 0.21: ${signed(m2[0]!)}, x = 1: ${signed(m2[1]!)})`);
    expect(Math.max(...m15.map(Math.abs))).toBeLessThanOrEqual(0.013);
    expect(Math.max(...m2.map(Math.abs))).toBeLessThanOrEqual(0.029);
  });

  it('inverse_design, 40 nm cells and an 8-cell PML: the straight guide’s n_eff and PML reflection', () => {
    const s = straightGuide(0.04, 3.6, 3.2, 0.4, 8);
    const near = portModes(s.grid, s.eps, s.line(8 + 6), K0, 1)[0]!;
    const exact = analyticSlabTe0(0.4);
    // measured: +0.88 % at 40 nm, +0.22 % at 20 nm (second order), |r|² 2.9e-8
    const at = (h: number, guide = h === 0.04 ? s : straightGuide(h, 1.6, 2.4, 0.4, Math.round(0.32 / h))) => ((phaseIndex(guide) / exact - 1) * 100).toFixed(1);
    expect(INVERSE_DESIGN_DEFAULT_ACCURACY).toContain(`n_eff ${at(0.04)} % above the analytic slab value (${at(0.02)} % at 20 nm) and its PML reflects |r|² ≈ ${eastPmlReflection(s, near).toExponential(0)}`);
  });
});
