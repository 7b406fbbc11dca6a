import { describe, expect, it } from 'vitest';
import { p2ErrorFamilies } from './error-families.ts';
import { bestSoFarAuc, p2Metrics } from './p2.ts';
import { editDelta, variableEditSize } from './trajectory.ts';
import { BASE_DESIGN, BOUNDS, invalidStep, p2Row, state, validStep } from './test-utils.ts';

const OPTS = { seed: 2, resamples: 300 };

/**
 * Two tasks, P_BKF = 100 µW, budget 3.
 * A: x0 infeasible (P 40, V 0.5, frequency, err 12 %) → s1 infeasible (P 60, V 0.2, frequency, err 8 %,
 *    beam 40 → 80 mm) → s2 feasible (P 70, err 3 %). Final feasible, ratio 0.7.
 * B: x0 feasible (P 50, tip mass 0 g) → s1 invalid → s2 infeasible (P 80, V 0.4, stress 60, tip mass
 *    1 g) → s3 infeasible (P 85, V 0.4, stress 65). Final infeasible: ratio 0.85, but it counts 0.
 */
function twoTasks() {
  const a = p2Row({
    budget: 3,
    initial: state({ power: 40, v: 0.5, violations: ['frequency'], freqErr: 12, design: { beam_length_mm: 40 } }),
    steps: [
      validStep(state({ power: 60, v: 0.2, violations: ['frequency'], freqErr: 8, design: { beam_length_mm: 80 } })),
      validStep(state({ power: 70, freqErr: 3, design: { beam_length_mm: 80 } })),
    ],
  });
  const b = p2Row({
    budget: 3,
    initial: state({ power: 50, design: { tip_mass_g: 0 } }),
    steps: [
      invalidStep(),
      validStep(state({ power: 80, v: 0.4, violations: ['stress'], stress: 60, design: { tip_mass_g: 1 } })),
      validStep(state({ power: 85, v: 0.4, violations: ['stress'], stress: 65, design: { tip_mass_g: 1 } })),
    ],
  });
  return [a, b];
}

describe('P2 metrics on a two-task log', () => {
  const rows = twoTasks();
  const m = { ...p2Metrics(rows, OPTS), ...p2ErrorFamilies(rows, OPTS) };
  const v = (k: string) => m[k]?.value;

  it('first-step and final feasibility', () => {
    // A's first step is infeasible, B's is invalid → P2a = 0/2.
    expect(v('p2a')).toBe(0);
    expect(v('final_feasible_rate')).toBe(1 / 2);
    expect(v('infeasible_closure')).toBe(1 / 2);
  });

  it('P2b counts the infeasible final as 0; the conditional ratio ignores it', () => {
    // P2b = (1·0.70 + 0·0.85)/2 = 0.35; CondRatio = 0.70 over the one feasible final.
    expect(v('p2b')).toBeCloseTo(0.35, 14);
    expect(v('cond_ratio')).toBeCloseTo(0.7, 14);
    expect(m.cond_ratio?.n).toBe(1);
    expect(v('utility_loss')).toBeCloseTo(0.3, 14);
  });

  it('best-so-far AUC by hand', () => {
    // A: t=1 best feasible among {x0, s1} = none → 0; t=2 s2 → 0.7; t=3 carried → 0.7. Mean 1.4/3.
    // B: x0 is feasible (0.5) and nothing feasible beats it → 0.5 at t = 1, 2, 3.
    const [a, b] = rows;
    expect(bestSoFarAuc(a!)).toBeCloseTo(1.4 / 3, 14);
    expect(bestSoFarAuc(b!)).toBeCloseTo(0.5, 14);
    expect(v('auc')).toBeCloseTo((1.4 / 3 + 0.5) / 2, 14);
  });

  it('queries and protocol-invalid rate', () => {
    expect(v('queries')).toBe(2); // two evaluated steps in each task
    expect(v('protocol_invalid_rate')).toBeCloseTo(1 / 5, 14); // 1 invalid of 5 steps
    expect(v('invalid_noop')).toBeCloseTo(1 / 5, 14);
  });

  it('transition diagnostics', () => {
    // Transitions: A x0→s1, s1→s2; B x0→s2, s2→s3 (the invalid turn is skipped).
    // Utility P/P_BKF − V: A −0.1 → 0.4 → 0.7 (up, up); B 0.5 → 0.4 → 0.45 (down, up) → 3/4.
    expect(v('improvement_rate')).toBeCloseTo(3 / 4, 14);
    expect(m.improvement_rate?.n).toBe(4);
    // From V > 0: A x0 (0.5→0.2 ✓), A s1 (0.2→0 ✓), B s2 (0.4→0.4 ✗) → 2/3.
    expect(v('violation_reduction')).toBeCloseTo(2 / 3, 14);
    // Violated-constraint updates: frequency error 12→8 ✓, 8→3 ✓; stress 60→65 ✗ → 2/3.
    expect(v('directed_update_rate')).toBeCloseTo(2 / 3, 14);
    // From feasible states: only B x0 → s2, which breaks feasibility.
    expect(v('feasibility_preservation')).toBe(0);
    expect(v('destructive_edit')).toBe(1);
  });

  it('mean log edit delta with a zero-valued variable', () => {
    // A x0→s1: beam 40→80 in [20, 80] → |ln 2|/ln 4 = 1/2, over 6 variables → 1/12.
    // B x0→s2: tip mass 0→1 g in [0, 5] has no log → linear 1/5, over 6 variables → 1/30.
    // The other two transitions do not move. Mean over 4 transitions = (1/12 + 1/30)/4 = 7/240.
    expect(v('mean_log_edit_delta')).toBeCloseTo(7 / 240, 14);
  });

  it('intervals: Wilson for per-task rates, bootstrap for the rest', () => {
    expect(m.final_feasible_rate?.method).toBe('wilson');
    expect(m.p2b?.method).toBe('bootstrap');
    expect(m.improvement_rate?.method).toBe('bootstrap');
  });
});

describe('edit-size helpers', () => {
  it('log scale when defined, linear otherwise', () => {
    expect(variableEditSize(40, 80, [20, 80])).toBeCloseTo(0.5, 14);
    expect(variableEditSize(0, 1, [0, 5])).toBeCloseTo(0.2, 14);
    expect(editDelta(BASE_DESIGN, BASE_DESIGN, BOUNDS)).toBe(0);
  });
});

describe('P2 metrics edge cases', () => {
  it('a task with no steps keeps its initial design as final and has no transitions', () => {
    const row = p2Row({ budget: 2, initial: state({ power: 30 }), steps: [] });
    const m = p2Metrics([row], OPTS);
    expect(m.p2a?.value).toBe(0);
    expect(m.p2b?.value).toBeCloseTo(0.3, 14);
    expect(m.auc?.value).toBeCloseTo(0.3, 14);
    expect(m.improvement_rate?.method).toBe('none');
    expect(m.protocol_invalid_rate?.method).toBe('none');
  });
});
