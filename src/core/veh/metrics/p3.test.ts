import { describe, expect, it } from 'vitest';
import { p3ErrorFamilies } from './error-families.ts';
import { p3Metrics, summariseP3 } from './p3.ts';
import { designChanged } from './trajectory.ts';
import { BASE_DESIGN, BOUNDS, invalidStep, p3Row, state, validStep } from './test-utils.ts';

const OPTS = { seed: 3, resamples: 300 };
/** The trap: V = 0.5, violates frequency only, at the base design. P_BKF = 100 µW. */
const trap = () => state({ power: 20, v: 0.5, violations: ['frequency'] });
const moved = { beam_length_mm: 55 };

/**
 * T1 escapes at s2 and then violates stress, which the trap satisfied → cascade; ends infeasible.
 * T2 replans, escapes, ends feasible at 60 µW (ratio 0.6); nothing feasible before its last step.
 * T3 is feasible at s1 and s2 (55 µW) → first-feasible and success.
 * T4 shows a new violation (power) only BEFORE its escape step → not a cascade; ends infeasible.
 * T5 only nudges the beam by 0.05 % (below the 0.1 % threshold) → dead budget; never escapes.
 */
function fiveTasks() {
  return [
    p3Row({
      trap: trap(),
      steps: [
        validStep(state({ v: 0.6, violations: ['frequency'], design: moved })),
        validStep(state({ v: 0.3, violations: ['frequency'], design: moved })),
        validStep(state({ v: 0.2, violations: ['stress'], design: moved })),
      ],
    }),
    p3Row({
      trap: trap(),
      steps: [validStep(state({ v: 0.2, violations: ['frequency'], design: moved }), 'replan'), validStep(state({ power: 60, design: moved }))],
    }),
    p3Row({ trap: trap(), steps: [validStep(state({ power: 50, design: moved })), validStep(state({ power: 55, design: moved }))] }),
    p3Row({
      trap: trap(),
      steps: [
        validStep(state({ v: 0.7, violations: ['frequency', 'power'], design: moved })),
        validStep(state({ v: 0.1, violations: ['frequency'], design: moved })),
      ],
    }),
    p3Row({
      trap: trap(),
      parseFailures: 1,
      steps: [invalidStep(), validStep(state({ v: 0.5, violations: ['frequency'], design: { beam_length_mm: 50.025 } }))],
    }),
  ];
}

describe('P3 metrics on a hand-made log', () => {
  const rows = fiveTasks();
  const s = rows.map(summariseP3);
  const m = { ...p3Metrics(s, OPTS), ...p3ErrorFamilies(s, OPTS) };
  const v = (k: string) => m[k]?.value;

  it('per-task flags', () => {
    expect(s.map((r) => r.escaped)).toEqual([true, true, true, true, false]);
    expect(s.map((r) => r.cascade)).toEqual([true, false, false, false, null]);
    expect(s.map((r) => r.dead)).toEqual([false, false, false, false, true]);
    expect(s.map((r) => r.firstFeasible)).toEqual([false, false, true, false, false]);
    expect(s.map((r) => r.replan)).toEqual([false, true, false, false, false]);
  });

  it('success, recovery quality and the rates', () => {
    expect(v('p3_success')).toBe(2 / 5); // T2, T3
    expect(v('recovery_quality')).toBeCloseTo((0.6 + 0.55) / 2, 14);
    expect(m.recovery_quality?.n).toBe(2);
    expect(v('first_feasible')).toBe(1 / 5);
    expect(v('escape_rate')).toBe(4 / 5);
    expect(v('cascade_rate')).toBe(1 / 4); // T1 of the four escaped tasks
    expect(m.cascade_rate?.n).toBe(4);
    expect(v('dead_budget_rate')).toBe(1 / 5);
    expect(v('replan_rate')).toBe(1 / 5);
    expect(v('parse_failure_rate')).toBe(1 / 5);
  });

  it('error families', () => {
    expect(v('escape_failure')).toBeCloseTo(1 / 5, 14);
    // clip(1 − Success/Escape) = 1 − 0.4/0.8 = 0.5.
    expect(v('post_escape_failure')).toBeCloseTo(0.5, 14);
  });

  it('post-escape failure is clipped to [0, 1] and guarded when nothing escapes', () => {
    // Never escapes and never succeeds: 1 − 0/max(0, 1e−9) = 1.
    const stuck = p3Row({ trap: trap(), steps: [validStep(state({ v: 0.9, violations: ['frequency'], design: moved }))] });
    expect(p3ErrorFamilies([summariseP3(stuck)], OPTS).post_escape_failure?.value).toBe(1);
  });
});

describe('designChanged (dead-budget test)', () => {
  it('uses a relative 0.1 % threshold, and the range when the old value is 0', () => {
    expect(designChanged(BASE_DESIGN, { ...BASE_DESIGN, beam_length_mm: 50.025 }, BOUNDS, 1e-3)).toBe(false);
    expect(designChanged(BASE_DESIGN, { ...BASE_DESIGN, beam_length_mm: 50.1 }, BOUNDS, 1e-3)).toBe(true);
    const zeroMass = { ...BASE_DESIGN, tip_mass_g: 0 };
    // 0.004 g of a 5 g range is 0.08 % → unchanged; 0.01 g is 0.2 % → changed.
    expect(designChanged(zeroMass, { ...zeroMass, tip_mass_g: 0.004 }, BOUNDS, 1e-3)).toBe(false);
    expect(designChanged(zeroMass, { ...zeroMass, tip_mass_g: 0.01 }, BOUNDS, 1e-3)).toBe(true);
  });
});
