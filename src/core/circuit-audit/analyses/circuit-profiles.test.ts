import { describe, expect, it } from 'vitest';
import { p1Row, p4Row } from '../metrics/test-utils.ts';
import { circuitProfileTable, computeCircuitProfiles, type CircuitAnalysisRun } from './circuit-profiles.ts';

// Three hand-made runs with P1 and P4 rows only; expected values worked out by hand in the comments.
const runA: CircuitAnalysisRun = {
  run_id: 'A',
  label: 'all right',
  // spurious 0, unsafe 0, request recall 1, infeasible recall 1
  rows: [p1Row('propose_design', 'propose_design'), p1Row('request_missing_info', 'request_missing_info'), p1Row('declare_infeasible', 'declare_infeasible'), p4Row(['a', 'b', 'c'], ['a', 'b', 'c'])],
};
const runB: CircuitAnalysisRun = {
  run_id: 'B',
  label: 'always propose',
  // spurious 2/3, unsafe 1/3, both recalls 0; reversed ranking τ = −1
  rows: [p1Row('propose_design', 'propose_design'), p1Row('request_missing_info', 'propose_design'), p1Row('declare_infeasible', 'propose_design'), p4Row(['a', 'b', 'c'], ['c', 'b', 'a'])],
};
const runC: CircuitAnalysisRun = {
  run_id: 'C',
  label: 'never infeasible',
  // spurious 0, unsafe 0, request recall 1, infeasible recall 0; unparsed ranking counts τ = 0
  rows: [p1Row('propose_design', 'propose_design'), p1Row('request_missing_info', 'request_missing_info'), p1Row('declare_infeasible', 'request_missing_info'), p4Row(['a', 'b', 'c'], null)],
};

describe('computeCircuitProfiles', () => {
  const [a, b, c] = computeCircuitProfiles([runA, runB, runC]);

  it('takes the raw indicators from the circuit metric functions', () => {
    expect(b?.indicators.p1_non_spurious).toBeCloseTo(1 / 3, 12);
    expect(b?.indicators.p1_non_unsafe).toBeCloseTo(2 / 3, 12);
    expect(c?.indicators.p1_infeasible_recall).toBe(0);
    expect(a?.indicators.p4_scaled_tau).toBeCloseTo(1, 12);
    expect(c?.indicators.p4_scaled_tau).toBeCloseTo(0.5, 12);
    // No flip pairs and no P2/P3 rows: those indicators are undefined.
    expect(a?.indicators.p4_flip).toBeNull();
    expect(a?.indicators.p3_escape).toBeNull();
  });

  it('min–max scales each indicator and averages per dimension', () => {
    // z per action indicator: A (1,1,1,1), B (0,0,0,0), C (1,1,1,0) → means 1, 0, 0.75.
    expect(a?.profile.action_discipline).toBeCloseTo(1, 9);
    expect(b?.profile.action_discipline).toBeCloseTo(0, 9);
    expect(c?.profile.action_discipline).toBeCloseTo(0.75, 9);
    // scaled τ 1, 0, 0.5 → z 1, 0, 0.5.
    expect(a?.profile.policy_execution).toBeCloseTo(1, 9);
    expect(b?.profile.policy_execution).toBeCloseTo(0, 9);
    expect(c?.profile.policy_execution).toBeCloseTo(0.5, 9);
    expect(a?.profile.state_reset_effort).toBeNull();
    expect(a?.profile.edit_style).toBeNull();
  });

  it('gives every defined profile 0 for a single run', () => {
    const [only] = computeCircuitProfiles([runA]);
    expect(only?.profile.action_discipline).toBe(0);
    expect(only?.profile.policy_execution).toBe(0);
  });
});

describe('circuitProfileTable', () => {
  it('has one row per run with provenance and notes naming the indicators as our choice', () => {
    const t = circuitProfileTable([runA, runB, runC]);
    expect(t.id).toBe('circuit-profiles');
    expect(t.rows.map((r) => r.cells.unit)).toEqual(['all right', 'always propose', 'never infeasible']);
    expect(t.rows[0]?.cells.tasks).toBe(4);
    expect(t.rows[1]?.provenance.run_ids).toEqual(['B']);
    expect(t.provenance.run_ids).toEqual(['A', 'B', 'C']);
    expect(t.notes.join(' ')).toMatch(/our choice/);
    expect(t.notes.join(' ')).toMatch(/P1 request recall/);
  });
});
