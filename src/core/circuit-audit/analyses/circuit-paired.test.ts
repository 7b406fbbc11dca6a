import { describe, expect, it } from 'vitest';
import { p3Row, p4Row, state, step, violation } from '../metrics/test-utils.ts';
import { circuitPairedDeltas, circuitPairedTable, orientCircuitPair, type CircuitPairedRun } from './circuit-paired.ts';

const trap = state({ violations: [violation('bandwidth', 'f_3db_hz', 'increase')] });
// Escapes the trap to a feasible design: success, escaped, no cascade (p3.ts definitions).
const recovered = (id: string) => p3Row(trap, [step(state())], { task_id: id });
// Never moves: final = trap, infeasible, not escaped.
const stuck = (id: string) => p3Row(trap, [], { task_id: id });

const raw: CircuitPairedRun = {
  run_id: 'raw',
  label: 'raw run',
  p3_variant: 'raw_history',
  rows: [recovered('t1'), stuck('t2'), p4Row(['a', 'b', 'c'], ['a', 'b', 'c'], [], { task_id: 'r1' }), p4Row(['a', 'b'], ['a', 'b'], [], { task_id: 'only-raw' })],
};
const summary: CircuitPairedRun = {
  run_id: 'sum',
  label: 'summary run',
  p3_variant: 'state_summary',
  rows: [recovered('t1'), recovered('t2'), p4Row(['a', 'b', 'c'], ['c', 'b', 'a'], [], { task_id: 'r1' })],
};

describe('orientCircuitPair', () => {
  it('puts the state_summary run first whichever order it is given in', () => {
    expect(orientCircuitPair(raw, summary).a.run_id).toBe('sum');
    expect(orientCircuitPair(summary, raw).a.run_id).toBe('sum');
    expect(orientCircuitPair(raw, raw).reason).toBeNull();
  });
});

describe('circuitPairedDeltas', () => {
  const { results, unmatched } = circuitPairedDeltas(summary, raw, { seed: 7, resamples: 200 });
  const byKey = new Map(results.map((r) => [r.key, r]));

  it('compares P3 success and cascade on matched tasks', () => {
    // success: summary 2/2, raw 1/2 → Δ = 0.5; cascade: no escaped task cascades in either → Δ = 0.
    expect(byKey.get('p3_success')).toMatchObject({ n: 2, a: 1, b: 0.5, delta: 0.5 });
    expect(byKey.get('cascade_rate')).toMatchObject({ a: 0, b: 0, delta: 0 });
  });

  it('matches P4 by task id, leaves the unmatched row out and brackets Δ with the interval', () => {
    // r1: reversed ranking τ = −1 against the identity τ = 1 → Δ = −2 on one task, so every resample gives −2.
    const tau = byKey.get('kendall_tau');
    expect(tau).toMatchObject({ n: 1, a: -1, b: 1, delta: -2, ci_low: -2, ci_high: -2 });
    expect(unmatched).toBe(1);
    const success = byKey.get('p3_success');
    // Per-task success differences are 0 and 1, so resampled Δ lies in [0, 1].
    expect(success?.ci_low).toBeGreaterThanOrEqual(0);
    expect(success?.ci_high).toBeLessThanOrEqual(1);
  });
});

describe('circuitPairedTable', () => {
  it('is oriented state_summary − raw_history and says so', () => {
    const t = circuitPairedTable(raw, summary, { seed: 7, resamples: 200 });
    expect(t.title).toBe('Circuit paired deltas: summary run − raw run');
    expect(t.notes.join(' ')).toMatch(/state_summary − raw_history/);
    expect(t.notes.join(' ')).toMatch(/1 task rows without a partner/);
    expect(t.rows.map((r) => r.cells.metric)).toEqual(['P3 success', 'cascade rate (of escaped)', 'Kendall τ']);
  });
});
