import { describe, expect, it } from 'vitest';
import { cmaesRatioTable, matchedPairs } from './cmaes-ratio.ts';
import { p2Outcome, testManifest } from './test-runs.ts';
import type { AnalysisRun } from './analysis-run.ts';

const llm: AnalysisRun = { run_id: 'llm', manifest: testManifest('llm', 'anchor-fixed'), rows: [p2Outcome('t0', 0.4, 2), p2Outcome('t1', 0.4, 3), p2Outcome('t2', null, 1)] };
const cma: AnalysisRun = {
  run_id: 'cma',
  manifest: testManifest('cma', 'cmaes-matched', { matched_to_run_id: 'llm' }),
  rows: [p2Outcome('t0', 0.1, 2), p2Outcome('t1', null, 3), p2Outcome('t2', null, 1)],
};

describe('CMA-ES matched-budget ratio (App. M)', () => {
  it('pairs through matched_to_run_id and reports the P2b ratio on shared tasks', () => {
    expect(matchedPairs([llm, cma]).map(([a, b]) => [a.run_id, b.run_id])).toEqual([['cma', 'llm']]);
    const c = cmaesRatioTable([llm, cma], { seed: 1, resamples: 200 }).rows[0]?.cells;
    // LLM P2b = (0.4 + 0.4 + 0)/3; CMA-ES = 0.1/3 → ratio 0.1/0.8 = 0.125; Δ = −0.7/3.
    expect(c?.ratio).toBeCloseTo(0.125, 12);
    expect(c?.delta).toBeCloseTo(-0.7 / 3, 12);
    expect([c?.cmaes_feasible, c?.llm_feasible, c?.cmaes_queries, c?.llm_queries]).toEqual([1 / 3, 2 / 3, 2, 2]);
  });

  it('falls back to the one CMA-ES run of two given runs', () => {
    const unlinked = { ...cma, manifest: testManifest('cma', 'cmaes-6') };
    expect(matchedPairs([llm, unlinked]).map(([a]) => a.run_id)).toEqual(['cma']);
    expect(cmaesRatioTable([llm, llm], { seed: 1 }).rows).toHaveLength(0);
  });
});
