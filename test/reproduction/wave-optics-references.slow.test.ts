// The finest settings behind the hidden reference values (see wave-optics-references.test.ts): the
// square rod gap at 19 plane waves per axis and the slab's transmission zero at 11 × 11 harmonics.
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeReproductionOracle } from '../../src/adapters/node/reproduction-oracle.ts';
import type { ReproductionOracle } from '../../src/core/reproduction/replay.ts';
import { SLAB } from '../../src/core/reproduction/tasks/slab-guided-resonances.ts';
import { SQUARE_ROD } from '../../src/core/reproduction/tasks/square-rod-gap.ts';
import { bandsGap, slabDip } from './wave-optics-helpers.ts';

let oracle: ReproductionOracle;
beforeAll(async () => {
  oracle = await createNodeReproductionOracle();
});

describe('reference values at the finest settings', () => {
  it('square rods, 19 plane waves per axis: 0.32241–0.44254', () => {
    const g = bandsGap(oracle, 19);
    expect(g.lo).toBeCloseTo(SQUARE_ROD.reference.band1_max, 5);
    expect(g.hi).toBeCloseTo(SQUARE_ROD.reference.band2_min, 5);
  });

  it('slab, 11 × 11 harmonics: the transmission zero at 0.411587', { timeout: 180_000 }, () => {
    expect(slabDip(oracle, 5, 0.4113, 0.4119)).toBeCloseTo(SLAB.reference_dip, 5);
  });
});
