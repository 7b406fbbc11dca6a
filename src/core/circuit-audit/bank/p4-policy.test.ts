import { describe, expect, it } from 'vitest';
import type { CircuitP4Candidate } from '../task-schema.ts';
import { policyOrder, policyScores } from './p4-policy.ts';

const cand = (id: string, power_mw: number, tolerance_shift_pct: number, target_error_pct: number): CircuitP4Candidate => ({
  id,
  design: { r_ohm: 1, c_nf: 1 },
  metrics: { power_mw, tolerance_shift_pct, target_error_pct, source_current_ma: 0 },
});

describe('circuit P4 policy scores', () => {
  // A: lowest power, worst tolerance; B: the reverse; C: the compromise. Target error equal (contributes 0).
  const pool = [cand('A', 1, 3, 0.5), cand('B', 3, 1, 0.5), cand('C', 2, 1.5, 0.5)];

  it('scores 1 − Σ w·(x − min)/(max − min) by hand', () => {
    // normalised: power A 0, B 1, C 0.5; tolerance A 1, B 0, C 0.25
    // performance_first (0.6 power, 0.2 tolerance): A = 1 − 0.2 = 0.8, B = 1 − 0.6 = 0.4, C = 1 − 0.3 − 0.05 = 0.65
    const s = policyScores(pool, 'performance_first');
    expect(s.A).toBeCloseTo(0.8, 12);
    expect(s.B).toBeCloseTo(0.4, 12);
    expect(s.C).toBeCloseTo(0.65, 12);
    // balanced (0.4/0.4): A = B = 0.6 (a tie, broken by id), C = 1 − 0.2 − 0.1 = 0.7
    expect(policyOrder(pool, 'balanced')).toEqual(['C', 'A', 'B']);
  });

  it('flips the top candidate between performance_first and reliability_first', () => {
    expect(policyOrder(pool, 'performance_first')).toEqual(['A', 'C', 'B']);
    expect(policyOrder(pool, 'reliability_first')).toEqual(['B', 'C', 'A']);
  });
});
