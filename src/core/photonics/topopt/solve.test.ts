import { describe, expect, it } from 'vitest';
import type { SolveContext } from '../solve-context.ts';
import type { SolveProgress } from '../progress.ts';
import { InverseDesignProblemSchema } from './problem.ts';
import { SELF_CONSISTENCY_TOLERANCE, solveInverseDesign } from './solve.ts';

/** The solver reads no materials (its indices are numbers), so a context without a resolver is enough. */
const context = (onProgress?: (p: SolveProgress) => void): SolveContext => ({ materials: { resolve: () => { throw new Error('no materials here'); } } as unknown as SolveContext['materials'], onProgress });
const problem = (extra: object) => InverseDesignProblemSchema.parse({ kind: 'inverse_design', device: 'bend', ...extra });
/** A quick problem for the checks that need two solves or odd settings: 1 µm region, 50 nm cells. */
const small = { cell_nm: 50, design_width_nm: 1000, design_height_nm: 1000, port_length_nm: 300, pml_nm: 400, filter_radius_nm: 100 };

describe('solveInverseDesign', () => {
  it('optimises the default bend (30 iterations): FOM up from the start, binarised design re-simulated from scratch ≥ 0.8 and self-consistent', () => {
    const events: SolveProgress[] = [];
    const r = solveInverseDesign(problem({}), context((p) => events.push(p)));
    // Measured on this machine: 0.017 at the start (uniform grey ρ = ½), 0.978 continuous, 0.975 binarised.
    expect(r.fom.history).toHaveLength(30);
    expect(r.fom.initial).toBeLessThan(0.1);
    expect(r.fom.final_continuous).toBeGreaterThan(r.fom.initial + 0.5);
    expect(r.fom.binarised).toBeGreaterThanOrEqual(0.8);
    expect(r.fom.gap).toBeLessThanOrEqual(SELF_CONSISTENCY_TOLERANCE);
    expect(r.outputs[0]?.T_binarised).toBe(r.fom.binarised);
    // A lossless device: what leaves the box plus what comes back is what was launched, to a few per cent.
    expect(r.power_balance).toBeGreaterThan(0.95);
    expect(r.power_balance).toBeLessThan(1.02);
    expect(r.reflection).toBeLessThan(0.05);
    expect(r.grid.residual).toBeLessThan(1e-10);
    expect(r.warnings).toEqual([]);
    expect(r.design_binary).toHaveLength(50);
    expect(r.maps.map((m) => [m.id, m.values.length, m.values[0]?.length])).toEqual([['design', 50, 50], ['field', 70, 70]]);
    expect(r.maps[0]?.x_nm).toEqual([-1000, 1000]);
    // Progress: one step per iteration and one for the binarised check, ending at the total.
    expect(events.at(-1)).toEqual({ stage: 'iteration', done: 31, total: 31 });
  }, 180_000);

  it('is deterministic: the same problem gives the same design bytes and FOM history (random start, seeded)', () => {
    const p = problem({ ...small, iterations: 4, start: 'random', seed: 9 });
    const a = solveInverseDesign(p, context());
    const b = solveInverseDesign(p, context());
    expect(b.design_binary).toEqual(a.design_binary);
    expect(b.fom.history).toEqual(a.fom.history);
    expect(b.maps).toEqual(a.maps);
    const c = solveInverseDesign({ ...p, seed: 10 }, context());
    expect(c.fom.history[0]).not.toBe(a.fom.history[0]);
  }, 120_000);

  it('warns when the design ends grey and does not survive thresholding, and when the grid is coarse', () => {
    // β held at 1 and 2 iterations: the design stays grey, so the binarised device is a different one.
    const r = solveInverseDesign(problem({ ...small, cell_nm: 50, iterations: 2, beta_start: 1, beta_max: 1, start: 'random' }), context());
    expect(r.grey_fraction).toBeGreaterThan(0.1);
    expect(r.warnings.some((w) => w.includes('grey'))).toBe(true);
    expect(r.warnings.some((w) => w.startsWith('under-resolved grid: 10.9 cells per wavelength'))).toBe(true);
    if (r.fom.gap > SELF_CONSISTENCY_TOLERANCE) expect(r.warnings.some((w) => w.startsWith('not self-consistent'))).toBe(true);
  }, 120_000);

  it('warns that a mirror-symmetric start is stationary for the TE0 → TE1 converter, and not for a random start', () => {
    const converter = { ...small, device: 'mode_converter', output_width_nm: 900, iterations: 1 };
    const uniform = solveInverseDesign(problem(converter), context());
    expect(uniform.warnings.some((w) => w.startsWith('the start is a stationary point'))).toBe(true);
    const random = solveInverseDesign(problem({ ...converter, start: 'random' }), context());
    expect(random.warnings.some((w) => w.startsWith('the start is a stationary point'))).toBe(false);
  }, 120_000);

  it('refuses a mode converter whose output guide does not guide TE1, saying what to change', () => {
    expect(() => solveInverseDesign(problem({ ...small, device: 'mode_converter', output_width_nm: 200, iterations: 1 }), context())).toThrow(/no mode of order 1.*output_width_nm/);
  });
});
