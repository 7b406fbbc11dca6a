import { vehSuite } from '../veh/suite.ts';
import { describe, expect, it } from 'vitest';
import { pairedBootstrapDelta } from '../stats/bootstrap.ts';
import { deriveSeed } from '../stats/rng.ts';
import { p1Row, p3Row, p4Row, state, validStep } from '../veh/metrics/test-utils.ts';
import { compareRuns, headlineDelta, pairOutcome } from './compare-runs.ts';
import { stored, withId } from './test-utils.ts';

const trap = state({ v: 2, violations: ['stress'] });
const recovered = (id: string) => withId(p3Row({ trap, steps: [validStep(state())] }), id);
const stuck = (id: string) => withId(p3Row({ trap, steps: [validStep(state({ v: 1, violations: ['stress'] }))] }), id);

describe('pairOutcome', () => {
  it('names the four cases from the baseline (A) to the challenger (B)', () => {
    expect(pairOutcome(false, true)).toBe('improvement');
    expect(pairOutcome(true, false)).toBe('regression');
    expect(pairOutcome(false, false)).toBe('both_fail');
    expect(pairOutcome(true, true)).toBe('both_pass');
  });
});

describe('compareRuns', () => {
  it('pairs tasks by id, counts the four outcomes and lists unpaired tasks', () => {
    // A: t1 ok, t2 fail, t3 fail, t4 ok, t5 only in A. B (another order): t4 fail, t3 fail, t2 ok, t1 ok, t6 only in B.
    const a = stored([recovered('t1'), stuck('t2'), stuck('t3'), recovered('t4'), recovered('t5')]);
    const b = stored([stuck('t4'), stuck('t3'), recovered('t2'), recovered('t1'), recovered('t6')]);
    const c = compareRuns(vehSuite, a, b, { seed: 42, resamples: 200 });
    expect(c.pairs.map((p) => [p.task_id, p.outcome, p.a_index, p.b_index])).toEqual([
      ['t1', 'both_pass', 0, 3],
      ['t2', 'improvement', 1, 2],
      ['t3', 'both_fail', 2, 1],
      ['t4', 'regression', 3, 0],
    ]);
    expect(c.only_a).toEqual(['t5']);
    expect(c.only_b).toEqual(['t6']);
    expect(c.groups).toHaveLength(1);
    expect(c.groups[0]?.counts).toEqual({ improvement: 1, regression: 1, both_fail: 1, both_pass: 1 });
    // Both recover 2 of the 4 paired tasks: P3-Success 0.5 each, delta 0.
    expect(c.groups[0]?.headline).toMatchObject({ key: 'p3_success', a: 0.5, b: 0.5, delta: 0 });
  });

  it("gives P3's paired delta the same interval as pairedBootstrapDelta on the success indicators", () => {
    const ids = ['t1', 't2', 't3', 't4', 't5', 't6'];
    const aOk = [1, 0, 0, 1, 0, 0];
    const bOk = [1, 1, 0, 1, 1, 0];
    const a = ids.map((id, i) => (aOk[i] ? recovered(id) : stuck(id)));
    const b = ids.map((id, i) => (bOk[i] ? recovered(id) : stuck(id)));
    const d = headlineDelta(vehSuite, 'P3', a, b, { seed: 7, resamples: 500 });
    // 2/6 against 4/6 recovered.
    expect(d.a).toBeCloseTo(2 / 6, 12);
    expect(d.b).toBeCloseTo(4 / 6, 12);
    expect(d.delta).toBeCloseTo(2 / 6, 12);
    // Same RNG stream, same resampled task indices: the difference of means equals the mean of differences.
    const ref = pairedBootstrapDelta(bOk, aOk, deriveSeed(7, 'compare', 'P3'), 500);
    expect(d.ci_low).toBeCloseTo(ref.ci_low, 12);
    expect(d.ci_high).toBeCloseTo(ref.ci_high, 12);
    expect(d.ci_low as number).toBeLessThanOrEqual(d.delta as number);
    expect(d.ci_high as number).toBeGreaterThanOrEqual(d.delta as number);
  });

  it('recomputes P1-Composite on the paired tasks (not a mean of per-task scores)', () => {
    // Gold propose / request / infeasible, one of each subtype family. Always-propose: propose F1 = 0.5
    // (precision 1/3, recall 1), the others 0, so macro-F1 = 1/6; ACS = 1·(1 − 1) = 0, MDS = IDS = 0;
    // subtype F1 = (1 + 0 + 0)/3. Composite (A-27) = 0.40/6 + 0.10/3 = 0.1. The perfect run scores 1.
    const gold = [
      ['s', 'solvable_base', 'propose_design'],
      ['m', 'missing_blocker_obvious', 'request_missing_info'],
      ['i', 'infeasible_margin', 'declare_infeasible'],
    ] as const;
    const a = gold.map(([id, sub, g]) => withId(p1Row(sub, g, 'propose_design'), id));
    const b = gold.map(([id, sub, g]) => withId(p1Row(sub, g, g), id));
    const c = compareRuns(vehSuite, stored(a), stored(b), { seed: 1, resamples: 300 });
    const p1 = c.groups[0];
    expect(p1?.counts).toEqual({ improvement: 2, regression: 0, both_fail: 0, both_pass: 1 });
    expect(p1?.headline.a).toBeCloseTo(0.1, 12);
    expect(p1?.headline.b).toBe(1);
    expect(p1?.headline.delta).toBeCloseTo(0.9, 12);
  });

  it('splits a comparison per probe, in P1…P4 order', () => {
    const p4a = withId(p4Row({ oracle: ['x', 'y'], predicted: ['y', 'x'] }), 'r1');
    const p4b = withId(p4Row({ oracle: ['x', 'y'], predicted: ['x', 'y'] }), 'r1');
    const c = compareRuns(vehSuite, stored([p4a, recovered('t1')]), stored([recovered('t1'), p4b]), { seed: 3, resamples: 100 });
    expect(c.groups.map((p) => p.group)).toEqual(['P3', 'P4']);
    // τb of a reversed pair is −1, of the right order +1: delta 2.
    expect(c.groups[1]?.headline).toMatchObject({ key: 'kendall_tau', a: -1, b: 1, delta: 2 });
  });
});
