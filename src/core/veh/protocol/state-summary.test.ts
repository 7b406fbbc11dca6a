import { describe, expect, it } from 'vitest';
import { buildStateSummary } from './state-summary.ts';
import { P3_PRIOR, P3_TRAP, fixtureP3 } from './test-fixtures.ts';

describe('buildStateSummary', () => {
  it('summarises only trusted verifier fields (Appendix N.4)', () => {
    const s = buildStateSummary(fixtureP3(0).corrupted_history);
    expect(s.current_step).toBe(2);
    expect(s.latest_proposal).toEqual(P3_TRAP);
    expect(s.latest_verifier_state.feasible).toBe(false);
    expect(s.best_feasible_so_far?.step).toBe(0);
    expect(s.best_feasible_so_far?.design).toEqual(P3_PRIOR);
    expect(s.recent_trend.steps).toEqual([0, 1, 2]);
    expect(s.recent_trend.objective).toBe('falling');
    expect(s.recent_trend.violations).toBe('rising');
    expect(JSON.stringify(s)).not.toContain('note');
  });

  it('reports violations that the latest step introduced', () => {
    const h = fixtureP3(0).corrupted_history;
    const s = buildStateSummary(h);
    const prev = new Set(h[1]?.verifier_response.violations);
    const expected = h[2]?.verifier_response.violations.filter((v) => !prev.has(v)) ?? [];
    expect(s.new_violations).toEqual(expected);
    expect(s.new_violations_introduced).toBe(expected.length > 0);
    expect(buildStateSummary(h.slice(0, 1)).new_violations_introduced).toBe(false);
  });
});
