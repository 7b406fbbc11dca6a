import { expect, it } from 'vitest';
import { estimateHeat } from './estimate.ts';
import { soiPhaseShifter } from './fixtures.ts';

it('estimateHeat counts the cells solveHeat builds, times a coarser probe and flags an oversize grid', () => {
  let t = 0;
  const now = () => (t += 5); // each clock read advances 5 ms: a probe reads 5 ms
  const e = estimateHeat(soiPhaseShifter(), { now });
  expect(e.unknowns).toBe(7275); // the grid the SOI test solves (solve.test.ts prints 7275 cells)
  expect(e.calibration.probe_ms).toBe(5);
  expect(e.expected_seconds).toBeCloseTo((5 * e.calibration.scale) / 1000, 12);
  expect(e.refused).toBeUndefined();
  const big = estimateHeat(soiPhaseShifter({ grid: { cell_nm: 50, max_cell_nm: 500, growth: 1.05, subdivide: 4 } }), { now });
  expect(big.refused).toMatch(/over the limit/);
});
