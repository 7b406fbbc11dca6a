/**
 * Figures the documentation (README.md, docs/**\/*.md) quotes for the band solver, recomputed here so
 * the text cannot drift from the code again (issue 15: the README said "triangular rods TM gap
 * 0.2751–0.4463", MPB's tutorial figure, where this solver gives 0.2744–0.4453). Each test solves the
 * problem as the README describes it (default basis and k-path), formats the result to the digits
 * printed there and requires that exact sentence fragment somewhere in the documentation.
 * References quoted beside them: MPB's square-rods TM gap 0.2809–0.4171 (issue 6; NanoComp/meep,
 * python/tests/test_mpb.py, test_run_tm: 0.28094795–0.41711425) and the MPB tutorial's triangular-rods
 * TM gap 0.2751–0.4463 (NanoComp/mpb, doc/docs/Python_Tutorial.md: 0.275066–0.446290).
 */
import { describe, expect, it } from 'vitest';
import { documentationText } from './docs-text.ts';
import { literalResolver } from './literal-resolver.ts';
import type { BandsSolveResult } from './pwe/solve.ts';
import { solvePhotonics } from './solve.ts';

const DOCS = documentationText();
const ctx = { materials: literalResolver };

function tmGapOfRods(lattice: 'square' | 'triangular'): { from: number; to: number } {
  const r = solvePhotonics({ kind: 'bands', lattice, background_epsilon: 1, shapes: [{ shape: 'circle', radius_a: 0.2, epsilon: 12 }], polarization: 'TM' }, ctx) as BandsSolveResult;
  const gap = r.gaps.find((g) => g.lower_band === 1);
  if (!gap) throw new Error(`no TM gap above band 1 (${lattice})`);
  return gap;
}

const f4 = (v: number): string => v.toFixed(4);

describe('band-structure figures in the documentation come from the solver (default basis)', () => {
  it('square lattice of ε = 12 rods, r = 0.2a', () => {
    const gap = tmGapOfRods('square');
    expect(DOCS).toContain(`square lattice of ε = 12 rods, r = 0.2a: TM gap ${f4(gap.from)}–${f4(gap.to)} against MPB's 0.2809–0.4171`);
  });

  it('triangular lattice of ε = 12 rods, r = 0.2a', () => {
    const gap = tmGapOfRods('triangular');
    expect(DOCS).toContain(`triangular rods TM gap ${f4(gap.from)}–${f4(gap.to)} against the MPB tutorial's 0.2751–0.4463`);
  });
});
