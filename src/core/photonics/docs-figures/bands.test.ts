/**
 * Figures the documentation (README.md, docs/**\/*.md) quotes for the band solver, recomputed here so
 * the text cannot drift from the code again (issue 15: the README said "triangular rods TM gap
 * 0.2751–0.4463", MPB's tutorial figure, where this solver gives 0.2744–0.4453). Each test solves the
 * problem as the documentation describes it, formats the result to the digits printed there and
 * requires that exact sentence fragment somewhere in the documentation; where the text claims
 * agreement with a reference, the claimed tolerance is checked too.
 * References (sources, not our output):
 *  - MPB's square-rods TM gap 0.2809–0.4171 (issue 6; NanoComp/meep, python/tests/test_mpb.py,
 *    test_run_tm, resolution 32: 0.28094795–0.41711425);
 *  - the MPB tutorial's triangular-rods TM gap 0.2751–0.4463 (NanoComp/mpb, doc/docs/Python_Tutorial.md:
 *    0.275066–0.446290);
 *  - triangular air holes (ε = 12, r = 0.45a) TE: MPB's test_tri_holes at resolution 32,
 *    0.2993049473–0.4924342824 (see pwe/te-holes-mpb.test.ts, which follows the basis to convergence).
 */
import { describe, expect, it } from 'vitest';
import { assertDocumented, documentationText } from '../docs-text.ts';
import { literalResolver } from '../literal-resolver.ts';
import type { BandsSolveResult } from '../pwe/solve.ts';
import { solvePhotonics } from '../solve.ts';

const DOCS = documentationText();
const ctx = { materials: literalResolver };

function firstGap(problem: Record<string, unknown>): { from: number; to: number } {
  const r = solvePhotonics({ kind: 'bands', ...problem }, ctx) as BandsSolveResult;
  const gap = r.gaps.find((g) => g.lower_band === 1);
  if (!gap) throw new Error(`no gap above band 1: ${JSON.stringify(problem)}`);
  return gap;
}
const rods = (lattice: 'square' | 'triangular', extra: Record<string, unknown> = {}) =>
  firstGap({ lattice, background_epsilon: 1, shapes: [{ shape: 'circle', radius_a: 0.2, epsilon: 12 }], polarization: 'TM', ...extra });

/** Largest relative distance of either edge from the reference edges. */
const worstOff = (g: { from: number; to: number }, ref: { from: number; to: number }) => Math.max(Math.abs(g.from / ref.from - 1), Math.abs(g.to / ref.to - 1));
const f4 = (v: number): string => v.toFixed(4);

describe('band-structure figures in the documentation come from the solver', () => {
  it('square lattice of ε = 12 rods, r = 0.2a (default basis): the gap, and within 0.1 % of MPB', () => {
    const gap = rods('square');
    assertDocumented(`square lattice of ε = 12 rods, r = 0.2a: TM gap ${f4(gap.from)}–${f4(gap.to)} against MPB's 0.2809–0.4171 (within 0.1 %)`, DOCS);
    expect(worstOff(gap, { from: 0.28094795, to: 0.41711425 })).toBeLessThanOrEqual(1e-3);
  });

  it('triangular lattice of ε = 12 rods, r = 0.2a (default basis): the gap, and within 0.25 % of the MPB tutorial', () => {
    const gap = rods('triangular');
    assertDocumented(`triangular rods TM gap ${f4(gap.from)}–${f4(gap.to)} against the MPB tutorial's 0.2751–0.4463 (within 0.25 %)`, DOCS);
    expect(worstOff(gap, { from: 0.275066, to: 0.44629 })).toBeLessThanOrEqual(2.5e-3);
  });

  it('triangular air holes, TE, at 31 plane waves per axis: within the stated per cent of MPB', () => {
    const gap = firstGap({ lattice: 'triangular', background_epsilon: 12, shapes: [{ shape: 'circle', radius_a: 0.45, epsilon: 1 }], polarization: 'TE', plane_waves_per_axis: 31, k_points_per_segment: 4, bands: 3, convergence_check: false });
    const off = worstOff(gap, { from: 0.2993049473, to: 0.4924342824 });
    // The sentence prints the bound rounded up to 0.1 %: a claim the solver meets, not a guess.
    const stated = (Math.ceil(off * 1000) / 10).toFixed(1);
    assertDocumented(`triangular air holes' TE gap (r = 0.45a, 31 plane waves per axis) within ${stated} % of MPB's`, DOCS);
  });

  it('the rods’ TM gap on the f64 reference at the WebGPU parity basis (29 plane waves per axis, fft)', () => {
    // e2e/webgpu-pwe.spec.ts solves this same problem on WebGPU and requires the same edges to 1e-5.
    const gap = rods('square', { plane_waves_per_axis: 29, k_points_per_segment: 1, bands: 2, method: 'fft', convergence_check: false });
    assertDocumented(`the rods' TM gap at 29 plane waves per axis comes out ${gap.from.toFixed(7)}–${gap.to.toFixed(7)} on both`, DOCS);
  });
});
