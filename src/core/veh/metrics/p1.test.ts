import { describe, expect, it } from 'vitest';
import type { P1Row } from '../rows.ts';
import { P1_SUBTYPES, type P1Action, type P1Subtype } from '../task-schema.ts';
import { p1ErrorFamilies } from './error-families.ts';
import { p1Metrics, subtypeF1 } from './p1.ts';
import { p1Row } from './test-utils.ts';

const OPTS = { seed: 1, resamples: 300 };
const P = 'propose_design' as const;
const R = 'request_missing_info' as const;
const I = 'declare_infeasible' as const;

/**
 * Ten tasks, every gold class present; the model never declares infeasible and one output is a parse
 * failure. Counts used below: predicted propose {1,2,6,8,10} (TP 1,2), predicted request {3,5,7,9}
 * (TP 5,7), predicted infeasible none.
 */
function handLog(): P1Row[] {
  return [
    p1Row('solvable_base', P, P), // 1
    p1Row('solvable_base', P, P), // 2
    p1Row('missing_nonblocker', P, R), // 3
    p1Row('missing_nonblocker', P, null), // 4 parse failure
    p1Row('missing_blocker_obvious', R, R, { truth: ['spec.target_frequency_hz', 'excitation_acceleration_g'], named: ['target_frequency_hz'] }), // 5
    p1Row('missing_blocker_obvious', R, P, { truth: ['beam_length_mm'], named: [] }), // 6
    p1Row('missing_blocker_ambiguous', R, R, { truth: ['piezo_material'], named: ['PIEZO_MATERIAL', 'beam_length_mm'] }), // 7
    p1Row('infeasible_margin', I, P), // 8
    p1Row('infeasible_margin', I, R), // 9
    p1Row('infeasible_structural', I, P), // 10
  ];
}

describe('P1 metrics on a hand-made log', () => {
  const rows = handLog();
  const m = { ...p1Metrics(rows, OPTS), ...p1ErrorFamilies(rows, OPTS) };
  const v = (k: string) => m[k]?.value;

  it('accuracy and per-class F1 / macro-F1', () => {
    expect(v('accuracy')).toBeCloseTo(4 / 10, 14); // rows 1, 2, 5, 7
    // propose: P = 2/5, R = 2/4 → F1 = 2·0.2/0.9 = 4/9. request: P = 2/4, R = 2/3 → F1 = 4/7.
    // infeasible: never predicted → F1 = 0. Macro = (4/9 + 4/7 + 0)/3 = 64/189.
    expect(v('macro_f1')).toBeCloseTo(64 / 189, 14);
  });

  it('recall, spurious rates and the discipline scores', () => {
    expect(v('recall_propose')).toBeCloseTo(1 / 2, 14);
    expect(v('spurious_propose')).toBeCloseTo(3 / 6, 14); // rows 6, 8, 10 of the six non-propose rows
    expect(v('acs')).toBeCloseTo(1 / 4, 14); // (1/2)(1 − 1/2)
    expect(v('recall_request')).toBeCloseTo(2 / 3, 14);
    expect(v('spurious_request')).toBeCloseTo(2 / 7, 14); // rows 3, 9 of the seven non-request rows
    expect(v('mds')).toBeCloseTo(10 / 21, 14); // (2/3)(5/7)
    expect(v('recall_infeasible')).toBe(0);
    expect(v('spurious_infeasible')).toBe(0);
    expect(v('ids')).toBe(0);
    expect(v('propose_precision')).toBeCloseTo(2 / 5, 14);
    expect(v('parse_failure_rate')).toBeCloseTo(1 / 10, 14);
  });

  it('subtype F1 over the families present', () => {
    // solvable_base: propose F1 on rows 1–2 = 1. missing_nonblocker: rows 3–4, no propose hit → 0.
    // missing_blocker: rows 5–7, request P = 2/2, R = 2/3 → 4/5. infeasible: rows 8–10 → 0.
    // Mean over the four families present = (1 + 0 + 0.8 + 0)/4 = 0.45.
    expect(v('subtype_f1')).toBeCloseTo(0.45, 14);
  });

  it('P1-Composite = 0.40 F1 + 0.20 ACS + 0.15 MDS + 0.15 IDS + 0.10 subtype F1', () => {
    // 0.4·64/189 + 0.2·1/4 + 0.15·10/21 + 0 + 0.1·0.45 = 39.1/189 + 0.095 = 0.3018783…
    expect(v('p1_composite')).toBeCloseTo(39.1 / 189 + 0.095, 12);
    expect(m.p1_composite?.method).toBe('bootstrap');
    expect(m.p1_composite?.ci_low).toBeLessThanOrEqual(v('p1_composite') as number);
    expect(m.p1_composite?.ci_high).toBeGreaterThanOrEqual(v('p1_composite') as number);
  });

  it('missing-field recall over request→request rows, with loose field-name matching', () => {
    // Row 5 names 1 of 2 ("spec." prefix ignored); row 7 names 1 of 1 (case ignored); row 6 was not
    // predicted as a request so it does not enter. Mean = (1/2 + 1)/2.
    expect(v('missing_fields_recall')).toBeCloseTo(0.75, 14);
    expect(m.missing_fields_recall?.n).toBe(2);
  });

  it('error families', () => {
    expect(v('over_action')).toBeCloseTo(1 / 2, 14); // = Spur_propose
    expect(v('over_refusal')).toBeCloseTo(2 / 7, 14); // clip(2/7 + 0)
    expect(v('missing_info_miss')).toBeCloseTo(1 / 3, 14); // 1 − 2/3
  });

  it('rates carry Wilson intervals with their own denominators', () => {
    expect(m.accuracy).toMatchObject({ method: 'wilson', n: 10 });
    expect(m.recall_request).toMatchObject({ method: 'wilson', n: 3 });
    expect(m.spurious_request).toMatchObject({ method: 'wilson', n: 7 });
    expect(m.propose_precision).toMatchObject({ method: 'wilson', n: 5 });
  });
});

describe('P1 metrics edge cases', () => {
  it('a perfect log scores P1-Composite 1', () => {
    const gold: Record<P1Subtype, P1Action> = {
      solvable_base: P,
      solvable_boundary: P,
      solvable_red_herring: P,
      missing_nonblocker: P,
      infeasible_margin: I,
      infeasible_structural: I,
      missing_blocker_obvious: R,
      missing_blocker_ambiguous: R,
    };
    const rows = P1_SUBTYPES.map((s) => p1Row(s, gold[s], gold[s]));
    const m = p1Metrics(rows, OPTS);
    expect(m.p1_composite?.value).toBeCloseTo(1, 14);
    expect(m.accuracy?.value).toBe(1);
    expect(m.subtype_f1?.value).toBe(1);
  });

  it('an empty gold class leaves its recall, discipline score and the composite undefined', () => {
    // No infeasible gold: Rec_infeasible = 0/0. Its F1 is 0 by convention, so macro-F1 is still defined.
    const rows = [p1Row('solvable_base', P, P), p1Row('missing_blocker_obvious', R, R), p1Row('solvable_boundary', P, I)];
    const m = p1Metrics(rows, OPTS);
    expect(m.recall_infeasible).toEqual({ value: null, ci_low: null, ci_high: null, method: 'none', n: 0 });
    expect(m.ids?.method).toBe('none');
    expect(m.p1_composite?.value).toBeNull();
    // propose: P = 1, R = 1/2 → 2/3; request: 1; infeasible: predicted once, never gold → 0.
    expect(m.macro_f1?.value).toBeCloseTo((2 / 3 + 1 + 0) / 3, 14);
    // The false infeasible call is still a spurious infeasible action: 1 of 3 non-infeasible rows.
    expect(m.spurious_infeasible?.value).toBeCloseTo(1 / 3, 14);
  });

  it('a log where every gold is one class has no spurious rate for that class', () => {
    const m = p1Metrics([p1Row('solvable_base', P, P), p1Row('solvable_base', P, R)], OPTS);
    expect(m.spurious_propose?.method).toBe('none');
    expect(m.spurious_request?.value).toBe(1 / 2);
  });

  it("always-propose on the paper's dev mix reproduces Table 16 (56.3% accuracy, 0.240 macro-F1)", () => {
    // Table 16: always-propose scores 56.3% accuracy on the 80-task dev split, i.e. 45/80 tasks have
    // gold propose_design (p = 9/16). The other 35 are split here 18 request / 17 infeasible; the
    // split does not matter to the algebra:
    //   propose: precision = p (every task predicted propose), recall = 1 → F1 = 2p/(1 + p);
    //   request, infeasible: never predicted → precision 0/0 := 0, recall 0 → F1 = 0;
    //   macro-F1 = (1/3)·2p/(1 + p) = (1/3)·(18/16)/(25/16) = 6/25 = 0.24.
    const proposeSubtypes: P1Subtype[] = ['solvable_base', 'solvable_boundary', 'solvable_red_herring', 'missing_nonblocker'];
    const rows: P1Row[] = [];
    for (let i = 0; i < 45; i++) rows.push(p1Row(proposeSubtypes[i % 4] as P1Subtype, P, P));
    for (let i = 0; i < 18; i++) rows.push(p1Row(i % 2 ? 'missing_blocker_obvious' : 'missing_blocker_ambiguous', R, P));
    for (let i = 0; i < 17; i++) rows.push(p1Row(i % 2 ? 'infeasible_margin' : 'infeasible_structural', I, P));
    const m = p1Metrics(rows, OPTS);
    const p = 45 / 80;
    expect(m.accuracy?.value).toBeCloseTo(0.5625, 14);
    expect(m.macro_f1?.value).toBeCloseTo((1 / 3) * ((2 * p) / (1 + p)), 14);
    expect(m.macro_f1?.value).toBeCloseTo(0.24, 14);
    // "0.0 worst-action recall"; ACS = 1·(1 − 1) = 0 since every non-propose task is a spurious propose.
    expect(m.recall_request?.value).toBe(0);
    expect(m.recall_infeasible?.value).toBe(0);
    expect(m.acs?.value).toBe(0);
    // Composite = 0.4·0.24 + 0.1·subtype-F1 where the four solvable families score 1 and the two
    // non-propose families 0 → subtype-F1 = 4/6; composite = 0.096 + 0.0667 = 0.16267.
    expect(subtypeF1(rows)).toBeCloseTo(4 / 6, 14);
    expect(m.p1_composite?.value).toBeCloseTo(0.4 * 0.24 + 0.1 * (4 / 6), 14);
  });
});
