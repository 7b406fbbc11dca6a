import { describe, expect, it } from 'vitest';
import { p2ErrorFamilies } from './error-families.ts';
import { bestSoFarAuc, p2Metrics, summariseP2 } from './p2.ts';
import { editDelta, variableEditSize } from './trajectory.ts';
import { BASE_DESIGN, BOUNDS, invalidStep, p2Row, state, validStep } from './test-utils.ts';

const OPTS = { seed: 2, resamples: 300 };

/**
 * Two tasks, P_BKF = 100 µW, budget 3.
 * Limits are the paper's defaults (η 5 %, σ 50 MPa), and each V is the relative deficit they imply.
 * A: x0 infeasible (P 40, frequency err 12 %: V (12−5)/5 = 1.4) → s1 infeasible (P 60, err 8 %: V 0.6,
 *    beam 40 → 80 mm) → s2 feasible (P 70, err 3 %). Final feasible, ratio 0.7.
 * B: x0 feasible (P 50, tip mass 0 g) → s1 invalid → s2 infeasible (P 80, stress 60: V (60−50)/50 = 0.2,
 *    tip mass 1 g) → s3 infeasible (P 85, stress 65: V 0.3). Final infeasible: ratio 0.85, but it counts 0.
 */
function twoTasks() {
  const a = p2Row({
    budget: 3,
    initial: state({ power: 40, v: 1.4, violations: ['frequency'], freqErr: 12, design: { beam_length_mm: 40 } }),
    steps: [
      validStep(state({ power: 60, v: 0.6, violations: ['frequency'], freqErr: 8, design: { beam_length_mm: 80 } })),
      validStep(state({ power: 70, freqErr: 3, design: { beam_length_mm: 80 } })),
    ],
  });
  const b = p2Row({
    budget: 3,
    initial: state({ power: 50, design: { tip_mass_g: 0 } }),
    steps: [
      invalidStep(),
      validStep(state({ power: 80, v: 0.2, violations: ['stress'], stress: 60, design: { tip_mass_g: 1 } })),
      validStep(state({ power: 85, v: 0.3, violations: ['stress'], stress: 65, design: { tip_mass_g: 1 } })),
    ],
  });
  return [a, b];
}

describe('P2 metrics on a two-task log', () => {
  const rows = twoTasks();
  const s = rows.map(summariseP2);
  const m = { ...p2Metrics(s, OPTS), ...p2ErrorFamilies(s, OPTS) };
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
    // Improvement rate uses proposal-step transitions only (adjacent steps, both valid and evaluated):
    // A s1→s2; B s2→s3 (x0 is not a proposal; B's invalid s1 leaves no s1→s2 pair).
    // Utility P/P_BKF − (frequency + stress + displacement terms): A 0.6 − 0.6 = 0 → 0.7 − 0 = 0.7 (up);
    // B 0.8 − 0.2 = 0.6 → 0.85 − 0.3 = 0.55 (down: the extra stress costs more than the power gains) → 1/2.
    expect(v('improvement_rate')).toBe(1 / 2);
    expect(m.improvement_rate?.n).toBe(2);
    // Trajectory transitions (x0 included, the invalid turn skipped): A x0→s1, s1→s2; B x0→s2, s2→s3.
    // V(x_{t+1}) ≤ V(x_t) − 1e-6: A 1.4→0.6 ✓, 0.6→0 ✓; B 0→0.2 ✗, 0.2→0.3 ✗ → 2/4, over all 4 transitions.
    expect(v('violation_reduction')).toBeCloseTo(2 / 4, 14);
    expect(m.violation_reduction?.n).toBe(4);
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

/**
 * Improvement rate on proposal steps only, P_BKF = 100 µW. U = P/P_BKF − (frequency + stress +
 * displacement terms); here every V comes from one of those terms, so U = P/P_BKF − V.
 * C: x0 (P 90, feasible; U 0.9, never compared) → s1 (P 30, V 0.1; U 0.2) → s2 (same P and V, another
 *    design; U 0.2) → s3 (P 40; U 0.4) → s4 invalid → s5 (P 35; U 0.35) → s6 (P 45; U 0.45).
 *    Pairs: s1→s2 0.2 → 0.2 (equal, not an increase), s2→s3 0.2 → 0.4 (up), s5→s6 0.35 → 0.45 (up);
 *    s3→s4 and s4→s5 touch the invalid turn, and x0→s1 (0.9 → 0.2, a drop) is not a proposal pair.
 * D: x0 (P 10) → s1 (P 60; U 0.6) → s2 (P 20, V 0.5; U −0.3): one pair, down.
 * Pooled: 2 increases over 3 + 1 = 4 pairs → 1/2.
 * Violation reduction over the 5 + 2 = 7 trajectory transitions (x0 included, the invalid turn skipped):
 * C x0→s1 0→0.1 ✗, s1→s2 0.1→0.1 ✗, s2→s3 0.1→0 ✓, s3→s5 0→0 ✗, s5→s6 0→0 ✗; D 0→0 ✗, 0→0.5 ✗ → 1/7.
 */
describe('P2 improvement rate counts only consecutive valid proposal steps', () => {
  const c = p2Row({
    initial: state({ power: 90 }),
    steps: [
      validStep(state({ power: 30, v: 0.1, violations: ['stress'], stress: 55 })),
      validStep(state({ power: 30, v: 0.1, violations: ['stress'], stress: 55, design: { beam_length_mm: 60 } })),
      validStep(state({ power: 40 })),
      invalidStep(),
      validStep(state({ power: 35 })),
      validStep(state({ power: 45 })),
    ],
  });
  const d = p2Row({
    initial: state({ power: 10 }),
    steps: [validStep(state({ power: 60 })), validStep(state({ power: 20, v: 0.5, violations: ['displacement'], disp: 7.5 }))],
  });
  const [sc, sd] = [c, d].map(summariseP2);
  const m = p2Metrics([sc!, sd!], OPTS);

  it('per-task proposal pairs and increases', () => {
    expect([sc?.proposalTransitions, sc?.improvements]).toEqual([3, 2]);
    expect([sd?.proposalTransitions, sd?.improvements]).toEqual([1, 0]);
    expect(m.improvement_rate?.value).toBeCloseTo(2 / 4, 14);
    expect(m.improvement_rate?.n).toBe(4);
  });

  it('violation reduction counts every trajectory transition in the denominator', () => {
    expect([sc?.transitions, sd?.transitions]).toEqual([5, 2]);
    expect(m.violation_reduction?.value).toBeCloseTo(1 / 7, 14);
    expect(m.violation_reduction?.n).toBe(7);
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
    const m = p2Metrics([summariseP2(row)], OPTS);
    expect(m.p2a?.value).toBe(0);
    expect(m.p2b?.value).toBeCloseTo(0.3, 14);
    expect(m.auc?.value).toBeCloseTo(0.3, 14);
    expect(m.improvement_rate?.method).toBe('none');
    expect(m.protocol_invalid_rate?.method).toBe('none');
  });
});
