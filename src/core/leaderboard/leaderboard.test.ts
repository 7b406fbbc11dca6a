import { vehSuite } from '../veh/suite.ts';
import { circuitReferenceAgent } from '../circuit-audit/agents/reference-agent.ts';
import { p1Task as circuitP1, p2Task as circuitP2, p3Task as circuitP3, p4Task as circuitP4 } from '../circuit-audit/protocol/test-fixtures.ts';
import { referenceCircuitOracle } from '../circuit-audit/run/reference-oracle.ts';
import { circuitSuite } from '../circuit-audit/suite.ts';
import { runSuite } from '../run/run-suite.ts';
import { describe, expect, it } from 'vitest';
import { computeVehMetrics } from '../veh/metrics/index.ts';
import { p3Row, state, validStep } from '../veh/metrics/test-utils.ts';
import type { StoredRunSummary } from '../store/run-store.ts';
import type { VehRow } from '../veh/rows.ts';
import { claimMismatches, leaderboard, metricKeys, scoreRun, type LeaderboardRun } from './leaderboard.ts';
import { summary, withId } from './test-utils.ts';

const trap = state({ v: 2, violations: ['stress'] });
const p3 = (id: string, ok: boolean): VehRow => withId(p3Row({ trap, steps: [validStep(ok ? state() : state({ v: 1, violations: ['stress'] }))] }), id);
const rowsWith = (successes: number, of: number): VehRow[] => Array.from({ length: of }, (_, i) => p3(`t${i}`, i < successes));

function run(id: string, rows: VehRow[], over: Partial<StoredRunSummary> = {}, claimed: LeaderboardRun['claimed'] = null): LeaderboardRun {
  return { summary: summary({ store_id: id, ...over }), rows, claimed, task_filter: { probe: 'P3' } };
}

describe('scoreRun', () => {
  it('recomputes the metrics from the rows with the run seed, whatever the run claims', () => {
    const rows = rowsWith(3, 4);
    const forged = computeVehMetrics(rowsWith(4, 4), { seed: 42, resamples: 50 });
    const s = scoreRun(vehSuite, run('imp', rows, { source: 'imported' }, forged), { resamples: 50 });
    // 3 of 4 recovered.
    expect(s.metrics.P3?.p3_success?.value).toBe(0.75);
    expect(s.trust).toBe('unverified');
    expect(s.claim_mismatches).toContain('P3.p3_success');
    expect(s.tasks).toEqual({ P3: 4 });
    expect(s.task_scores).toEqual({ P3: [1, 1, 1, 0] });
  });

  it('reuses the stored metrics of a trusted run only when asked, and never those of an unverified import', () => {
    const rows = rowsWith(3, 4);
    const stale = computeVehMetrics(rowsWith(4, 4), { seed: 42, resamples: 50 });
    const local = scoreRun(vehSuite, run('loc', rows, {}, stale), { resamples: 50, reuseTrustedMetrics: true });
    // A local run's stored table is taken as is (here deliberately different, to see which one was used).
    expect(local.metrics.P3?.p3_success?.value).toBe(1);
    const imported = scoreRun(vehSuite, run('imp', rows, { source: 'imported' }, stale), { resamples: 50, reuseTrustedMetrics: true });
    expect(imported.metrics.P3?.p3_success?.value).toBe(0.75);
    // A stored table over fewer rows than the run holds (n differs) is recomputed.
    const partial = computeVehMetrics(rowsWith(2, 3), { seed: 42, resamples: 50 });
    expect(scoreRun(vehSuite, run('loc2', rows, {}, partial), { resamples: 50, reuseTrustedMetrics: true }).metrics.P3?.p3_success?.value).toBe(0.75);
  });

  it('finds no mismatch when the claim is the recomputation', () => {
    const rows = rowsWith(1, 3);
    const honest = computeVehMetrics(rows, { seed: 42, resamples: 50 });
    expect(claimMismatches(vehSuite, honest, computeVehMetrics(rows, { seed: 42, resamples: 50 }))).toEqual([]);
  });
});

describe('leaderboard', () => {
  const scored = [
    scoreRun(vehSuite, run('weak', rowsWith(1, 4), { label: 'always-propose' }), { resamples: 50 }),
    scoreRun(vehSuite, run('strong', rowsWith(4, 4), { label: 'reference' }), { resamples: 50 }),
    scoreRun(vehSuite, run('old', rowsWith(4, 4), { label: 'reference', app_version: '0.0.9' }), { resamples: 50 }),
    scoreRun(vehSuite, run('part', rowsWith(2, 4), { status: 'cancelled' }), { resamples: 50 }),
  ];

  it('ranks the filtered runs on a metric, with intervals, and skips unfinished runs', () => {
    const lb = leaderboard(vehSuite, scored, 'P3', 'p3_success', { app_version: '0.1.0' });
    expect(lb.map((e) => [e.store_id, e.rank, e.metric.value])).toEqual([
      ['strong', 1, 1],
      ['weak', 2, 0.25],
    ]);
    // Wilson interval of 1/4 (wilson.test.ts covers the formula); here: it brackets the value.
    const weak = lb[1];
    expect(weak?.metric.method).toBe('wilson');
    expect(weak?.metric.ci_low as number).toBeLessThan(0.25);
    expect(weak?.metric.ci_high as number).toBeGreaterThan(0.25);
  });

  it('ranks error families lowest first and leaves probes a run lacks out', () => {
    const lb = leaderboard(vehSuite, scored, 'P3', 'escape_failure', {});
    expect(lb[0]?.metric.value).toBe(0);
    expect(leaderboard(vehSuite, scored, 'P1', 'p1_composite', {})).toEqual([]);
    expect(metricKeys(scored, 'P3')).toContain('p3_success');
    expect(metricKeys(scored, 'P3')).toContain('escape_failure');
  });
});

describe('boards of every suite', () => {
  it('a circuit-audit run is scored with its own metrics and ranks only on the circuit board', async () => {
    const tasks = [circuitP1('propose_design'), circuitP1('declare_infeasible'), circuitP2(), circuitP3(), circuitP4()];
    let now = 0;
    const r = await runSuite(circuitSuite, { tasks, agent: circuitReferenceAgent, env: referenceCircuitOracle, clock: () => (now += 1), seed: 42, options: {}, resamples: 50 });
    const circuitRun: LeaderboardRun = { summary: summary({ store_id: 'c1', suite: 'circuit' }), rows: r.rows, claimed: r.metrics, task_filter: {} };
    const scored = scoreRun(circuitSuite, circuitRun, { resamples: 50 });
    expect(scored.claim_mismatches).toEqual([]);
    expect(scored.tasks).toEqual({ P1: 2, P2: 1, P3: 1, P4: 1 });
    expect(scored.metrics.P4?.kendall_tau?.value).toBe(r.metrics.P4?.kendall_tau?.value);
    const vehScored = scoreRun(vehSuite, run('v1', rowsWith(1, 2)), { resamples: 50 });
    expect(leaderboard(circuitSuite, [scored, vehScored], 'P4', 'kendall_tau').map((e) => e.store_id)).toEqual(['c1']);
    expect(leaderboard(vehSuite, [scored, vehScored], 'P3', 'p3_success').map((e) => e.store_id)).toEqual(['v1']);
    expect(() => scoreRun(vehSuite, circuitRun)).toThrow(/suite "circuit", not "veh"/);
  });
});
