// Where the hidden reference values of three reproduction tasks come from: each is re-derived here
// from the engine the replay uses (the Node reproduction oracle), at the settings the task files
// name. Cheap settings run here; the finest ones (19 plane waves per axis, 11 × 11 harmonics) run
// in wave-optics-references.slow.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeReproductionOracle } from '../../src/adapters/node/reproduction-oracle.ts';
import type { ReproductionOracle } from '../../src/core/reproduction/replay.ts';
import { GMR } from '../../src/core/reproduction/tasks/guided-mode-resonance.ts';
import { SLAB } from '../../src/core/reproduction/tasks/slab-guided-resonances.ts';
import { SQUARE_ROD } from '../../src/core/reproduction/tasks/square-rod-gap.ts';
import { bandsGap, slabDip } from './wave-optics-helpers.ts';

let oracle: ReproductionOracle;
beforeAll(async () => {
  oracle = await createNodeReproductionOracle();
});

describe('repro-square-rod-gap references', () => {
  it('13 plane waves per axis (dense PWE) reproduces the 19-per-axis gap edges to 2e-4', () => {
    const g = bandsGap(oracle, 13);
    expect(Math.abs(g.lo - SQUARE_ROD.reference.band1_max) / SQUARE_ROD.reference.band1_max).toBeLessThan(2e-4);
    expect(Math.abs(g.hi - SQUARE_ROD.reference.band2_min) / SQUARE_ROD.reference.band2_min).toBeLessThan(2e-4);
    // Joannopoulos et al.'s 0.32–0.44 and a gap-midgap ratio near 31 %.
    expect((2 * (g.hi - g.lo)) / (g.hi + g.lo)).toBeCloseTo(0.314, 3);
  });

  it('5 plane waves per axis (the plausible workflow) misses the upper edge by more than the tolerance', () => {
    const g = bandsGap(oracle, 5);
    expect(Math.abs(g.hi - SQUARE_ROD.reference.band2_min) / SQUARE_ROD.reference.band2_min).toBeGreaterThan(SQUARE_ROD.edge_rel_tol);
  });
});

describe('repro-slab-guided-resonances references', () => {
  it('the transmission zero at 5 × 5 harmonics (1e-4 scan) lies within the tolerance of the 11 × 11 reference; 3 × 3 does not', () => {
    const five = slabDip(oracle, 2);
    expect(five).toBeCloseTo(0.411518, 5);
    expect(Math.abs(five - SLAB.reference_dip)).toBeLessThan(SLAB.dip_abs_tol);
    expect(Math.abs(slabDip(oracle, 1) - SLAB.reference_dip)).toBeGreaterThan(SLAB.dip_abs_tol);
  });
});

describe('repro-guided-mode-resonance references', () => {
  it('λ_pm = n_eff(λ_pm)·Λ of the unmodulated ε = 4 layer is 510.68 nm (slab mode solver)', () => {
    let lambda = 2 * GMR.period_nm;
    for (let i = 0; i < 30; i++) {
      const res = oracle.solve({ kind: 'mode', structure: { type: 'slab', core: { material: { n: 2, k: 0 }, thickness_nm: GMR.thickness_nm }, cover: { n: 1, k: 0 }, substrate: { n: GMR.substrate_n, k: 0 } }, polarization: 'TE', wavelength_nm: lambda }) as { modes: { order: number; n_eff: number }[] };
      lambda = res.modes.find((m) => m.order === 0)!.n_eff * GMR.period_nm;
    }
    expect(lambda).toBeCloseTo(GMR.lambda_pm_nm, 2);
  });
});
