import { describe, expect, it } from 'vitest';
import type { VehRow } from '../rows.ts';
import { computeVehMetrics, ERROR_FAMILIES, pairedBootstrapDelta } from './index.ts';
import { invalidStep, p1Row, p2Row, p3Row, p4Row, state, validStep } from './test-utils.ts';

const REQUIRED: Record<'P1' | 'P2' | 'P3' | 'P4', string[]> = {
  P1: ['p1_composite', 'accuracy', 'macro_f1', 'acs', 'mds', 'ids', 'subtype_f1', 'over_action', 'over_refusal', 'missing_info_miss', 'parse_failure_rate'],
  P2: ['p2a', 'p2b', 'final_feasible_rate', 'cond_ratio', 'improvement_rate', 'auc', 'queries', 'infeasible_closure', 'destructive_edit', 'invalid_noop', 'utility_loss', 'parse_failure_rate'],
  P3: ['p3_success', 'recovery_quality', 'first_feasible', 'escape_rate', 'cascade_rate', 'dead_budget_rate', 'replan_rate', 'escape_failure', 'post_escape_failure', 'parse_failure_rate'],
  P4: ['kendall_tau', 'exact_match', 'top1', 'top2', 'pairwise_accuracy', 'pareto_tau', 'bars', 'policy_mismatch', 'dominance_error', 'top_choice_miss', 'parse_failure_rate'],
};

const O = ['A', 'B', 'C', 'D', 'E'];
function mixedLog(): VehRow[] {
  const moved = { beam_length_mm: 60 };
  return [
    p1Row('solvable_base', 'propose_design', 'propose_design'),
    p1Row('solvable_boundary', 'propose_design', 'declare_infeasible'),
    p1Row('infeasible_margin', 'declare_infeasible', 'declare_infeasible'),
    p1Row('missing_blocker_obvious', 'request_missing_info', 'request_missing_info'),
    p1Row('missing_blocker_ambiguous', 'request_missing_info', 'propose_design'),
    p2Row({ initial: state({ power: 40, v: 0.3, violations: ['power'] }), steps: [validStep(state({ power: 70, design: moved }))] }),
    p2Row({ initial: state({ power: 50 }), steps: [invalidStep(), validStep(state({ power: 90, v: 0.2, violations: ['stress'], design: moved }))] }),
    p2Row({ initial: state({ power: 30 }), steps: [validStep(state({ power: 45, design: moved }))] }),
    p3Row({ trap: state({ v: 0.4, violations: ['frequency'] }), steps: [validStep(state({ power: 60, design: moved }))] }),
    p3Row({ trap: state({ v: 0.4, violations: ['frequency'] }), steps: [validStep(state({ v: 0.5, violations: ['frequency'] }))] }),
    p3Row({ trap: state({ v: 0.4, violations: ['frequency'] }), steps: [validStep(state({ v: 0.1, violations: ['stress'], design: moved }))] }),
    p4Row({ oracle: O, predicted: ['A', 'B', 'C', 'E', 'D'], balancedActive: true, policyPairs: [['D', 'E']], paretoPairs: [['A', 'D']] }),
    p4Row({ oracle: O, predicted: ['B', 'A', 'C', 'D', 'E'], balancedActive: true, policyPairs: [['A', 'C']] }),
    p4Row({ oracle: O, predicted: ['A', 'C', 'B', 'D', 'E'], policyPairs: [['B', 'C']] }),
  ];
}

describe('computeVehMetrics', () => {
  const rows = mixedLog();

  it('returns one table per probe present, with every required key', () => {
    const m = computeVehMetrics(rows, { seed: 1, resamples: 200 });
    for (const probe of ['P1', 'P2', 'P3', 'P4'] as const) {
      const table = m[probe];
      expect(table, probe).toBeDefined();
      for (const key of REQUIRED[probe]) expect(table?.[key], `${probe}.${key}`).toBeDefined();
      for (const { key } of ERROR_FAMILIES[probe]) expect(table?.[key], `${probe}.${key}`).toBeDefined();
    }
    const onlyP4 = computeVehMetrics(rows.filter((r) => r.probe === 'P4'), { seed: 1, resamples: 200 });
    expect(Object.keys(onlyP4)).toEqual(['P4']);
    expect(computeVehMetrics([], { seed: 1 })).toEqual({});
  });

  it('every defined value has an interval that contains it; undefined values say method none', () => {
    const m = computeVehMetrics(rows, { seed: 1, resamples: 200 });
    for (const table of Object.values(m)) {
      for (const [key, mv] of Object.entries(table)) {
        if (mv.value === null) {
          expect(mv.method, key).toBe('none');
          continue;
        }
        expect(mv.method, key).not.toBe('none');
        expect(mv.ci_low as number, key).toBeLessThanOrEqual(mv.value + 1e-12);
        expect(mv.ci_high as number, key).toBeGreaterThanOrEqual(mv.value - 1e-12);
      }
    }
  });

  it('is deterministic for a seed: identical values and intervals', () => {
    const a = computeVehMetrics(rows, { seed: 77, resamples: 300 });
    const b = computeVehMetrics(rows, { seed: 77, resamples: 300 });
    expect(a).toEqual(b);
  });

  it('a different seed moves bootstrap intervals but never point values or Wilson intervals', () => {
    const a = computeVehMetrics(rows, { seed: 77, resamples: 300 });
    const b = computeVehMetrics(rows, { seed: 78, resamples: 300 });
    let intervalsDiffer = false;
    for (const probe of ['P1', 'P2', 'P3', 'P4'] as const) {
      for (const [key, mv] of Object.entries(a[probe] ?? {})) {
        const other = b[probe]?.[key];
        expect(other?.value, key).toBe(mv.value);
        if (mv.method === 'wilson') expect(other).toEqual(mv);
        if (mv.method === 'bootstrap' && (other?.ci_low !== mv.ci_low || other?.ci_high !== mv.ci_high)) intervalsDiffer = true;
      }
    }
    expect(intervalsDiffer).toBe(true);
  });
});

describe('pairedBootstrapDelta (re-exported for the P3 intervention and near-tie audits)', () => {
  it('gives the mean per-task difference a − b', () => {
    // Success 0/1 per task, raw vs summary: summary wins on tasks 2 and 4, loses none → +2/5.
    const summary = [1, 1, 0, 1, 0];
    const raw = [1, 0, 0, 0, 0];
    const d = pairedBootstrapDelta(summary, raw, 9, 1000);
    expect(d.delta).toBeCloseTo(0.4, 14);
    expect(d.ci_low).toBeGreaterThanOrEqual(0); // no task where raw beats summary
    expect(d.ci_high).toBeLessThanOrEqual(1);
  });
});
