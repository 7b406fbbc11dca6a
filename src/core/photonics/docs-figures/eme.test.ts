/**
 * Figures docs/photonics-solvers.md quotes for `eme` (issue 15: every number in the documentation is
 * printed by a test). References (sources, not our output):
 *  - the exact slab modes (Kogelnik's dispersion relation, slab/dispersion.ts) integrated by
 *    quadrature, independently of the finite-difference modes, for the butt-joint overlap
 *    (Marcuse, Theory of Dielectric Optical Waveguides, §3.5: T₀₀ = |⟨a₀|b₀⟩|² up to the reflection);
 *  - Soldano & Pennings, J. Lightwave Technol. 13, 615 (1995): L_π = 4 n_r W_e² / (3λ₀),
 *    W_e = W + (λ₀/π)(n_c/n_r)^{2σ}(n_r² − n_c²)^{−1/2} (σ = 0 TE, 1 TM); single image of a centred
 *    input at 3L_π/4, mirrored image of an offset input at 3L_π. The formula is paraxial, so the text
 *    prints where our images fall as a fraction of it and claims 5 %.
 * The TM overlap and Fresnel figures are in eme-tm.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { EME_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import { assertDocumented, documentationText } from '../docs-text.ts';
import { EmeProblemSchema } from '../eme/problem.ts';
import { solveEme } from '../eme/solve.ts';
import { literalResolver } from '../literal-resolver.ts';
import { solveSlabModes } from '../slab/dispersion.ts';

const DOCS = documentationText();
const ctx = { materials: literalResolver };
const NC = 1.45;
const NR = 2.0;
const LAMBDA_UM = 1.55;
const guide = (width_um: number, center_um = 0) => ({ center_um, width_um, material: { n: NR, k: 0 } });
const solve = (input: Record<string, unknown>) => solveEme(EmeProblemSchema.parse({ kind: 'eme', cladding: { n: NC, k: 0 }, window_um: 8, grid_nm: 20, wavelength_nm: LAMBDA_UM * 1000, ...input }), ctx);
const t00 = (r: ReturnType<typeof solveEme>) => r.transmission.find((row) => row.output_mode === 0)!.T;

/** Midpoint rule on ±20 µm at 0.5 nm: the fields decay to ~e⁻⁴⁰ long before the ends. */
function integrate(f: (x: number) => number): number {
  const h = 5e-4;
  let s = 0;
  for (let x = -20 + h / 2; x < 20; x += h) s += f(x);
  return s * h;
}

/** Even TE mode of the symmetric slab from the exact dispersion solution, normalised ∫E² dx = 1. */
function exactTe0(width_um: number): (x: number) => number {
  const [mode] = solveSlabModes({ core: NR, cover: NC, substrate: NC, thickness_nm: width_um * 1000, wavelength_nm: LAMBDA_UM * 1000 }, 'TE');
  const kappa = mode!.kappa * 1000;
  const gamma = mode!.gamma_cover * 1000;
  const raw = (x: number) => (Math.abs(x) <= width_um / 2 ? Math.cos(kappa * x) : Math.cos((kappa * width_um) / 2) * Math.exp(-gamma * (Math.abs(x) - width_um / 2)));
  const norm = Math.sqrt(integrate((x) => raw(x) ** 2));
  return (x) => raw(x) / norm;
}

/** Length of the best image (T₀₀ peak) of a 1.2 µm guide through a 4 µm MMI, swept over ±15 % of `target` in 1 % steps. */
function imageLength(polarization: 'TE' | 'TM', inputCenter: number, outputCenter: number, target: number): number {
  const lengths = Array.from({ length: 31 }, (_, i) => target * (0.85 + (0.3 * i) / 30));
  const r = solve({
    polarization,
    grid_nm: 25,
    sections: [{ length_um: 1, cores: [guide(1.2, inputCenter)] }, { length_um: target, cores: [guide(4)] }, { length_um: 1, cores: [guide(1.2, outputCenter)] }],
    sweep: { section: 1, lengths_um: lengths },
  });
  let best = { length: 0, T: -1 };
  for (const row of r.transmission) if (row.output_mode === 0 && row.T > best.T) best = { length: row.length_um ?? 0, T: row.T };
  return best.length;
}

describe('eme figures in the documentation come from the solver', () => {
  it('TE: a uniform section transmits 1 to 1e-10 with R = 0', () => {
    const r = solve({ sections: [{ length_um: 3, cores: [guide(1)] }, { length_um: 7, cores: [guide(1)] }] });
    const tolerance = 1e-10;
    expect(Math.abs(t00(r) - 1)).toBeLessThanOrEqual(tolerance);
    expect(r.totals[0]!.R_guided).toBeLessThan(1e-20);
    assertDocumented(`TE: a uniform section transmits 1 (to ${tolerance.toExponential(0)}, R = 0)`, DOCS);
  });

  it('TE: a 1 → 1.6 µm butt joint gives |overlap|² of the exact slab fields to the stated tolerance', () => {
    const a = exactTe0(1);
    const b = exactTe0(1.6);
    const overlapSquared = integrate((x) => a(x) * b(x)) ** 2;
    const off = Math.abs(t00(solve({ sections: [{ length_um: 1, cores: [guide(1)] }, { length_um: 1, cores: [guide(1.6)] }] })) - overlapSquared);
    // The bound the text claims: the measured distance rounded up to a power of ten.
    const stated = 10 ** Math.ceil(Math.log10(off));
    assertDocumented(`a 1 → 1.6 µm butt joint gives |overlap|² of independently integrated slab fields to ${stated.toExponential(0)}`, DOCS);
    // This is the default grid, mode count and window, so it is also the kind's stated default accuracy.
    expect(EME_DEFAULT_ACCURACY).toContain(`a 1 → 1.6 µm butt joint (2.0 in 1.45, 1550 nm, 8 µm window) transmits within ${stated.toExponential(0)} of the exact slab overlap`);
  });

  it('TE and TM: a 4 µm MMI images at the stated fractions of 3L_π/4 and 3L_π (within 5 %)', () => {
    const lPi = (sigma: number) => {
      const We = 4 + ((LAMBDA_UM / Math.PI) * (NC / NR) ** (2 * sigma)) / Math.sqrt(NR * NR - NC * NC);
      return (4 * NR * We * We) / (3 * LAMBDA_UM);
    };
    const te = { single: imageLength('TE', 0, 0, 0.75 * lPi(0)) / (0.75 * lPi(0)), mirrored: imageLength('TE', 0.9, -0.9, 3 * lPi(0)) / (3 * lPi(0)) };
    const tm = { single: imageLength('TM', 0, 0, 0.75 * lPi(1)) / (0.75 * lPi(1)), mirrored: imageLength('TM', 0.9, -0.9, 3 * lPi(1)) / (3 * lPi(1)) };
    for (const ratio of [te.single, te.mirrored, tm.single, tm.mirrored]) expect(Math.abs(ratio - 1)).toBeLessThanOrEqual(0.05);
    assertDocumented(`a 4 µm MMI's single image at ${te.single.toFixed(2)} × 3L_π/4 and mirrored image at ${te.mirrored.toFixed(2)} × 3L_π (Soldano & Pennings 1995, within 5 %)`, DOCS);
    assertDocumented(`the TM MMI images at ${tm.single.toFixed(2)} × 3L_π/4 and ${tm.mirrored.toFixed(2)} × 3L_π with the TM effective width`, DOCS);
  });
});
