/**
 * The heat-oracle figure docs/photonics-solvers.md quotes: P_π of the standard SOI TiN phase
 * shifter on its default grid (the reference band and literature value are in heat/solve.test.ts).
 */
import { expect, it } from 'vitest';
import { assertDocumented } from '../docs-text.ts';
import { solveHeat } from '../heat/solve.ts';
import { soiPhaseShifter } from '../heat/fixtures.ts';

it('the SOI phase shifter P_π and grid size the docs quote', () => {
  const r = solveHeat(soiPhaseShifter());
  assertDocumented(`P_π = ${(r.core.p_pi_w * 1e3).toFixed(2)} mW on its default grid (${r.grid.cells} cells)`);
  expect(r.energy.relative_error).toBeLessThan(1e-6);
});
