import { describe, expect, it } from 'vitest';
import { OVER_EDIT_THRESHOLD, circuitP2Metrics, directedUpdateRate, overEditRate, p2b, summariseCircuitP2 } from './p2.ts';
import { p2Row, state, violation } from './test-utils.ts';

const fc = violation('cutoff_band', 'fc_error_pct', 'decrease');
const isrc = violation('max_source_current', 'i_source_ma', 'decrease');

// Initial design violates both the cutoff band and the source-current limit. Step 1 halves C: the
// cutoff error falls (directed) but the current rises (not directed). Step 2 fixes both.
const initial = state({ r: 5e3, c: 1e-7, v: 2, violations: [fc, isrc], metrics: { fc_error_pct: 10, i_source_ma: 1.0 } });
const s1 = state({ r: 5e3, c: 5e-8, v: 1, violations: [fc, isrc], metrics: { fc_error_pct: 5, i_source_ma: 1.2 } });
const s2 = state({ r: 2e4, c: 8e-9, objective: 0.8, metrics: { fc_error_pct: 0.5, i_source_ma: 0.3 } });
const solved = p2Row(initial, [s1, s2]);
const failed = p2Row(initial, [null, s1]);

describe('circuit P2 metrics', () => {
  it('directed update counts each violated constraint of each transition', () => {
    // initial→s1: fc ✓, isrc ✗; s1→s2: fc ✓, isrc ✓ → 3 of 4.
    const s = summariseCircuitP2(solved);
    expect(s.violatedUpdates).toBe(4);
    expect(s.directedUpdates).toBe(3);
    expect(directedUpdateRate([s])).toBe(0.75);
  });

  it('over-edit thresholds the mean log edit delta (A-30)', () => {
    // initial→s1: C halves, R stays: (0 + ln2/ln1000)/2 ≈ 0.050 (local edit).
    // s1→s2: R ×4 over 2 decades (ln4/ln100 ≈ 0.301), C ÷6.25 over 3 decades (ln6.25/ln1000 ≈ 0.265):
    // mean ≈ 0.283 > 0.25 (a wholesale edit).
    expect(OVER_EDIT_THRESHOLD).toBe(0.25);
    const s = summariseCircuitP2(solved);
    expect(s.editDeltaSum).toBeCloseTo(Math.log(2) / Math.log(1000) / 2 + (Math.log(4) / Math.log(100) + Math.log(6.25) / Math.log(1000)) / 2, 12);
    expect(overEditRate([s])).toBe(0.5);
  });

  it('P2b gives an infeasible final 0 and a feasible one its objective ratio', () => {
    const s = [solved, failed].map(summariseCircuitP2);
    expect(p2b(s)).toBeCloseTo(0.4, 12);
    const m = circuitP2Metrics(s, { seed: 3, resamples: 100 });
    expect(m.final_feasible_rate?.value).toBe(0.5);
    expect(m.protocol_invalid_rate?.value).toBe(1 / 4);
    expect(m.p2a?.value).toBe(0);
  });

  it('a minimised objective scores BKF/objective', () => {
    const row = p2Row(initial, [state({ objective: 4 })], { objective_sense: 'minimize', bkf_objective: 2 });
    expect(summariseCircuitP2(row).finalRatio).toBe(0.5);
  });
});
