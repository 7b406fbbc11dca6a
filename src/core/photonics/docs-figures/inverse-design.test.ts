/**
 * Figures docs/photonics-solvers.md quotes for `inverse_design`'s FDFD engine (issue 15: every number
 * in the documentation is printed by a test), on the straight slab guide of fdfd/waveguide.test.ts
 * (n = 2.85 in 1.44, 400 nm wide, λ = 1550 nm, 40 nm cells, 10 PML cells). The reference for the
 * propagation constant is the analytic TE0 of the symmetric slab (tan(κw/2) = γ/κ); the modal power
 * is compared with itself 2.7 µm downstream. The default bend's FOM is in inverse-design.slow.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { assertDocumented, documentationText } from '../docs-text.ts';
import { modeAmplitude, modePower, portModes } from '../fdfd/ports.ts';
import { analyticSlabTe0, eastPmlReflection, K0, phaseIndex, straightGuide } from '../fdfd/straight-guide.fixture.ts';

const DOCS = documentationText();

describe('inverse_design (FDFD) figures in the documentation come from the solver', () => {
  const npml = 10;
  const sim = straightGuide(0.04, 3.6, 3.2, 0.4, npml);
  const near = portModes(sim.grid, sim.eps, sim.line(npml + 6), K0, 1)[0]!;

  it('a straight guide transmits its mode with power 1 to 1e-2 and the analytic slab β within 1 %', () => {
    const far = portModes(sim.grid, sim.eps, sim.line(sim.grid.nx - npml - 3), K0, 1)[0]!;
    const ratio = modePower(sim.grid, far, modeAmplitude(sim.grid, sim.field, far)) / modePower(sim.grid, near, modeAmplitude(sim.grid, sim.field, near));
    const [powerTolerance, betaTolerance] = [1e-2, 0.01];
    expect(Math.abs(ratio - 1)).toBeLessThanOrEqual(powerTolerance);
    expect(Math.abs(phaseIndex(sim) / analyticSlabTe0(0.4) - 1)).toBeLessThanOrEqual(betaTolerance);
    assertDocumented(`a straight guide transmits its mode with power 1 to ${powerTolerance.toExponential(0)} and the analytic slab β within ${betaTolerance * 100} %`, DOCS);
  });

  it('PML reflection (10 cells, cubic grading) to one digit', () => {
    assertDocumented(`PML reflection ≈ ${eastPmlReflection(sim, near).toExponential(0)}`, DOCS);
  });
});
