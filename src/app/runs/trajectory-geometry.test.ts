import { describe, expect, it } from 'vitest';
import { invalidStep, p2Row, p3Row, state, validStep } from '../../core/veh/metrics/test-utils.ts';
import { panelGeometry, trajectoryPoints } from './trajectory-geometry.ts';

const box = { left: 60, right: 560, top: 20, bottom: 220 };

function row() {
  const steps = [validStep(state({ v: 0.4, violations: ['stress'], power: 30 })), invalidStep('out of bounds'), validStep(state({ power: 90 }))];
  // Number the steps 1..3 as the episode loop does (the test factory's counter is global).
  steps.forEach((s, i) => (s.step = i + 1));
  return p2Row({ initial: state({ v: 0.8, violations: ['stress', 'frequency'], power: 10 }), steps, bkf: 100 });
}

describe('trajectoryPoints', () => {
  it('starts at the initial design (x = 0) and leaves unevaluated turns without values', () => {
    const pts = trajectoryPoints(row());
    expect(pts.map((p) => [p.x, p.violation, p.powerUw, p.feasible])).toEqual([
      [0, 0.8, 10, false],
      [1, 0.4, 30, false],
      [2, null, null, null],
      [3, 0, 90, true],
    ]);
    expect(pts[2]?.label).toContain('out of bounds');
  });

  it('P3 starts at the trap', () => {
    const pts = trajectoryPoints(p3Row({ trap: state({ v: 2, violations: ['frequency'] }), steps: [] }));
    expect(pts).toHaveLength(1);
    expect(pts[0]?.label).toBe('trap state');
  });
});

describe('panelGeometry', () => {
  it('violation panel: x from step 0 to 3 across the box, y from 0 at the bottom; the gap is a cross', () => {
    const g = panelGeometry(trajectoryPoints(row()), 'violation', box, null);
    // x: step 0 → 60 px, step 3 → 560 px; y domain [0, 0.8] (already nice) → 220 px … 20 px.
    expect(g.markers.map((m) => [Math.round(m.cx), Math.round(m.cy)])).toEqual([
      [60, 20],
      [227, 120],
      [560, 220],
    ]);
    expect(g.path.startsWith('M60.00,20.00L226.67,120.00L560.00,220.00')).toBe(true);
    expect(g.gaps).toHaveLength(1);
    expect(Math.round(g.gaps[0]?.cx ?? 0)).toBe(393);
    expect(g.reference).toBeNull();
    expect(g.xTicks.map((t) => t.value)).toEqual([0, 1, 2, 3]);
    expect(g.yTicks[0]).toEqual({ value: 0, at: 220, label: '0.0' });
  });

  it('power panel: the BKF line sets the top when it exceeds every point', () => {
    const g = panelGeometry(trajectoryPoints(row()), 'power', box, 100);
    // y domain [0, 100]: BKF 100 µW sits at the top edge, the 90 µW final 10 % below it.
    expect(g.reference).toEqual({ y: 20, label: 'best-known feasible' });
    expect(g.markers[2]?.cy).toBeCloseTo(40, 9);
    expect(g.markers[2]?.feasible).toBe(true);
    expect(g.markers[0]?.feasible).toBe(false);
  });

  it('all-zero violations still give a usable axis', () => {
    const g = panelGeometry([{ x: 0, label: 's', violation: 0, powerUw: 1, feasible: true, violations: [] }], 'violation', box, null);
    expect(g.yTicks.length).toBeGreaterThan(1);
    expect(g.markers[0]?.cy).toBe(220);
    expect(g.xTicks.map((t) => t.value)).toEqual([0, 1]);
  });

  it('long episodes get at most about ten x ticks', () => {
    const pts = Array.from({ length: 41 }, (_, i) => ({ x: i, label: `${i}`, violation: i, powerUw: i, feasible: false, violations: [] }));
    const g = panelGeometry(pts, 'violation', box, null);
    expect(g.xTicks.length).toBeLessThanOrEqual(11);
    expect(g.xTicks[1]?.value).toBe(4);
  });
});
