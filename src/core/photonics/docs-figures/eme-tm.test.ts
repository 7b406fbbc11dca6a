/**
 * The TM overlap and Fresnel figures docs/photonics-solvers.md quotes for `eme`, recomputed (issue 15;
 * about 2 s: a 10 nm grid over 16 µm with 80 modes). References (sources, not our output):
 *  - the exact TM slab field H_y (Kogelnik's dispersion relation, slab/dispersion.ts) by quadrature:
 *    with equal β the normalised power overlap of two shifted guides is
 *    (∫h₁h₂/ε₁)(∫h₁h₂/ε₂)/(∫h₁²/ε₁ ∫h₂²/ε₂) (Marcuse, Theory of Dielectric Optical Waveguides, §3.5);
 *  - the normal-incidence TM Fresnel power of two wide slabs, ((n_A/ε_A − n_B/ε_B)/(n_A/ε_A + n_B/ε_B))²
 *    with the modes' n_eff and the cores' ε (Born & Wolf §1.5).
 */
import { describe, expect, it } from 'vitest';
import { assertDocumented } from '../docs-text.ts';
import { EmeProblemSchema } from '../eme/problem.ts';
import { solveEme } from '../eme/solve.ts';
import { literalResolver } from '../literal-resolver.ts';
import { solveSlabModes } from '../slab/dispersion.ts';

const ctx = { materials: literalResolver };
const NC = 1.45;
const guide = (width_um: number, center_um: number, n: number) => ({ center_um, width_um, material: { n, k: 0 } });
const solveTm = (input: Record<string, unknown>) => solveEme(EmeProblemSchema.parse({ kind: 'eme', polarization: 'TM', cladding: { n: NC, k: 0 }, grid_nm: 20, wavelength_nm: 1550, ...input }), ctx);
/** A tolerance as the text prints it: the measured distance rounded up to a power of ten. */
const bound = (off: number) => (10 ** Math.ceil(Math.log10(off))).toExponential(0);

/** Midpoint rule on ±20 µm at 0.5 nm. */
function integrate(f: (x: number) => number): number {
  const h = 5e-4;
  let s = 0;
  for (let x = -20 + h / 2; x < 20; x += h) s += f(x);
  return s * h;
}

describe('eme TM figures in the documentation come from the solver', () => {
  it('an offset butt joint gives the normalised E_x/H_y overlap to the stated tolerance', { timeout: 300_000 }, () => {
    // A 3 µm core of 1.50 in 1.45 shifted by 0.75 µm.
    const [width, shift, n] = [3, 0.75, 1.5];
    const [mode] = solveSlabModes({ core: n, cover: NC, substrate: NC, thickness_nm: width * 1000, wavelength_nm: 1550 }, 'TM');
    const [kappa, gamma] = [mode!.kappa * 1000, mode!.gamma_cover * 1000];
    const h = (x: number) => (Math.abs(x) <= width / 2 ? Math.cos(kappa * x) : Math.cos((kappa * width) / 2) * Math.exp(-gamma * (Math.abs(x) - width / 2)));
    const [h1, h2] = [(x: number) => h(x + shift / 2), (x: number) => h(x - shift / 2)];
    const invEps = (center: number) => (x: number) => (Math.abs(x - center) <= width / 2 ? 1 / n ** 2 : 1 / NC ** 2);
    const [w1, w2] = [invEps(-shift / 2), invEps(shift / 2)];
    const overlap = (integrate((x) => h1(x) * h2(x) * w1(x)) * integrate((x) => h1(x) * h2(x) * w2(x))) / (integrate((x) => h1(x) ** 2 * w1(x)) * integrate((x) => h2(x) ** 2 * w2(x)));
    const r = solveTm({ window_um: 16, grid_nm: 10, modes: 80, sections: [{ length_um: 1, cores: [guide(width, -shift / 2, n)] }, { length_um: 1, cores: [guide(width, shift / 2, n)] }] });
    const t00 = r.transmission.find((row) => row.output_mode === 0)!.T;
    assertDocumented(`an offset butt joint gives the normalised E_x/H_y overlap to ${bound(Math.abs(t00 - overlap))}`);
  });

  it('a wide-slab junction reflects the TM Fresnel power to the stated relative tolerance', { timeout: 300_000 }, () => {
    // 10 µm cores of 3.5 and 1.6 in 1.45: the fundamentals are nearly plane waves in the cores.
    const r = solveTm({ window_um: 14, modes: 60, sections: [{ length_um: 1, cores: [guide(10, 0, 3.5)] }, { length_um: 1, cores: [guide(10, 0, 1.6)] }] });
    const [zA, zB] = [r.sections[0]!.n_eff[0]! / 3.5 ** 2, r.sections[1]!.n_eff[0]! / 1.6 ** 2];
    const fresnel = ((zA - zB) / (zA + zB)) ** 2;
    const off = Math.abs(r.totals[0]!.R_guided / fresnel - 1);
    expect(fresnel).toBeGreaterThan(0.13);
    assertDocumented(`a wide-slab junction reflects the TM Fresnel power to ${bound(off)}`);
  });
});
