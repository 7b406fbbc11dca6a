/**
 * The default bend's figure of merit that docs/photonics-solvers.md quotes, recomputed (issue 15).
 * Slow (30 iterations of an 86 × 86-cell FDFD with adjoint gradients), hence *.slow.test.ts. The
 * solve is seeded and bit-identical across backends (linalg/banded-parity.test.ts), so the value the
 * text prints is the value every machine gets; topopt/solve.test.ts requires it to stay ≥ 0.8.
 */
import { describe, expect, it } from 'vitest';
import { assertDocumented } from '../docs-text.ts';
import { InverseDesignProblemSchema } from '../topopt/problem.ts';
import { solveInverseDesign } from '../topopt/solve.ts';

describe('inverse_design figures in the documentation come from the solver', () => {
  it('the default bend reaches the stated binarised FOM, re-simulated to the same value', { timeout: 300_000 }, () => {
    const r = solveInverseDesign(InverseDesignProblemSchema.parse({ kind: 'inverse_design', device: 'bend' }), { materials: { resolve: () => { throw new Error('no materials here'); } } } as never);
    expect(r.fom.binarised).toBeGreaterThanOrEqual(0.8);
    assertDocumented(`the default bend reaches a binarised FOM of ${r.fom.binarised.toFixed(2)} (≥ 0.8 required) that re-simulates to the same value`);
  });
});
