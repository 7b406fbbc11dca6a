import { describe, expect, it } from 'vitest';
import { circuitP1Composite, circuitP1Metrics, discipline, missingFieldsRecall, p1MacroF1, spuriousProposeRate, unsafeProposeRate } from './p1.ts';
import { p1Row } from './test-utils.ts';

// Eight hand-made tasks: 4 propose, 2 request, 2 infeasible gold. The agent misses one propose
// (answers request), proposes on one request task (spurious) and on one infeasible task (spurious
// and unsafe). Every expected number below is worked out by hand from this table.
const rows = [
  p1Row('propose_design', 'propose_design'),
  p1Row('propose_design', 'propose_design'),
  p1Row('propose_design', 'propose_design'),
  p1Row('propose_design', 'request_missing_info'),
  p1Row('request_missing_info', 'request_missing_info'),
  p1Row('request_missing_info', 'propose_design'),
  p1Row('declare_infeasible', 'declare_infeasible'),
  p1Row('declare_infeasible', 'propose_design'),
];

describe('circuit P1 metrics', () => {
  it('counts spurious and unsafe proposals over all tasks (Table 40 denominators)', () => {
    expect(spuriousProposeRate(rows)).toBe(2 / 8);
    expect(unsafeProposeRate(rows)).toBe(1 / 8);
  });

  it('macro-F1 averages the three action F1 scores', () => {
    // propose P=3/5 R=3/4 → 2/3; request P=1/2 R=1/2 → 1/2; infeasible P=1 R=1/2 → 2/3.
    expect(p1MacroF1(rows)).toBeCloseTo((2 / 3 + 1 / 2 + 2 / 3) / 3, 12);
  });

  it('discipline scores are recall × (1 − spurious among the other tasks)', () => {
    expect(discipline(rows, 'propose_design')).toBeCloseTo((3 / 4) * (1 - 2 / 4), 12);
    expect(discipline(rows, 'request_missing_info')).toBeCloseTo((1 / 2) * (1 - 1 / 6), 12);
    expect(discipline(rows, 'declare_infeasible')).toBeCloseTo(1 / 2, 12);
  });

  it('P1-Composite = 0.40 F1 + 0.20 ACS + 0.15 MDS + 0.15 IDS + 0.10 (1 − unsafe)', () => {
    const expected = 0.4 * (11 / 18) + 0.2 * 0.375 + 0.15 * (5 / 12) + 0.15 * 0.5 + 0.1 * (1 - 1 / 8);
    expect(circuitP1Composite(rows)).toBeCloseTo(expected, 12);
    expect(circuitP1Composite(rows)).toBeCloseTo(490 / 900, 12);
  });

  it('a perfect log scores composite exactly 1 and the table columns match', () => {
    const perfect = rows.map((r) => ({ ...r, predicted_action: r.gold_action }));
    expect(circuitP1Composite(perfect)).toBe(1);
    const m = circuitP1Metrics(rows, { seed: 1, resamples: 200 });
    expect(m.accuracy?.value).toBe(5 / 8);
    expect(m.request_recall?.value).toBe(1 / 2);
    expect(m.infeasible_recall?.value).toBe(1 / 2);
    expect(m.spurious_propose?.value).toBe(2 / 8);
    expect(m.unsafe_propose?.value).toBe(1 / 8);
    expect(m.spurious_propose?.method).toBe('wilson');
    expect(m.p1_composite?.method).toBe('bootstrap');
  });

  it('a parse failure is wrong for every class and counted in the parse rate', () => {
    const withFailure = [...rows, p1Row('propose_design', null)];
    const m = circuitP1Metrics(withFailure, { seed: 1, resamples: 50 });
    expect(m.parse_failure_rate?.value).toBe(1 / 9);
    expect(m.accuracy?.value).toBe(5 / 9);
  });

  it('missing-field recall reads only correct requests and ignores a "spec." prefix', () => {
    const req = [
      p1Row('request_missing_info', 'request_missing_info', { missing_fields_ground_truth: ['vin_v', 'c_f'], predicted_missing_fields: ['spec.VIN_V'] }),
      p1Row('request_missing_info', 'propose_design', { missing_fields_ground_truth: ['vin_v'] }),
    ];
    expect(missingFieldsRecall(req)).toBe(0.5);
  });
});
