import { describe, expect, it } from 'vitest';
import { BUILTIN_AGENTS, getBuiltinAgent } from './index.ts';
import { deriveRow } from '../protocol/derive-row.ts';
import { P3_PRIOR, P3_TRAP, fixtureBank, fixtureP2, fixtureP3, fixtureP4 } from '../protocol/test-fixtures.ts';
import { runFixtureEpisode } from '../protocol/test-session.ts';
import { computeVehMetrics } from '../metrics/index.ts';
import type { VehRow } from '../rows.ts';
import type { VehTask } from '../task-schema.ts';

async function rowsOf(agentId: string, tasks: readonly VehTask[], seed = 1): Promise<VehRow[]> {
  const agent = getBuiltinAgent(agentId);
  const rows: VehRow[] = [];
  for (const t of tasks) rows.push(deriveRow(await runFixtureEpisode(t, agent, { seed })));
  return rows;
}

describe('built-in agent registry', () => {
  it('lists the seven agents and names them in errors', () => {
    expect(BUILTIN_AGENTS.map((a) => a.id)).toEqual(['reference', 'always-propose', 'anchor-fixed', 'last-state', 'random', 'cmaes-6', 'cmaes-40']);
    expect(() => getBuiltinAgent('gpt')).toThrow(/unknown agent "gpt"; built-in agents: reference, always-propose/);
    expect(BUILTIN_AGENTS.filter((a) => a.privileged).map((a) => a.id)).toEqual(['reference']);
  });
});

describe('reference agent', () => {
  it('scores perfectly on the fixtures', async () => {
    const rows = await rowsOf('reference', fixtureBank());
    const m = computeVehMetrics(rows, { seed: 1, resamples: 50 });
    expect(m.P1?.p1_composite?.value).toBeCloseTo(1, 12); // 0.4+0.2+0.15+0.15+0.1 in floating point
    expect(m.P2?.p2b?.value).toBeCloseTo(1, 12);
    expect(m.P3?.p3_success?.value).toBe(1);
    expect(m.P4?.kendall_tau?.value).toBe(1);
    expect(rows.every((r) => r.parse_failures === 0)).toBe(true);
    for (const r of rows) if (r.probe === 'P2') expect(r.queries).toBe(1);
  });
});

describe('calibration baselines (Table 16)', () => {
  it('always-propose answers propose_design on every P1 task', async () => {
    const rows = await rowsOf('always-propose', fixtureBank().filter((t) => t.probe === 'P1'));
    expect(rows.map((r) => (r.probe === 'P1' ? r.predicted_action : null))).toEqual(Array(8).fill('propose_design'));
  });

  it('anchor-fixed keeps the initial design with 0 queries on P2', async () => {
    for (const task of [fixtureP2(0, 1), fixtureP2(1, 2.05)]) {
      const [row] = await rowsOf('anchor-fixed', [task]);
      if (row?.probe !== 'P2') throw new Error('P2');
      expect(row.queries).toBe(0);
      expect(row.final).toEqual(row.initial);
    }
  });

  it('anchor-fixed resets to the trusted prior on P3', async () => {
    const [row] = await rowsOf('anchor-fixed', [fixtureP3(0)]);
    if (row?.probe !== 'P3') throw new Error('P3');
    expect(row.steps.every((s) => s.action === 'reset_to_prior')).toBe(true);
    expect(row.final.design).toEqual(P3_PRIOR);
  });

  it('last-state re-proposes the corrupted last state on P3: no replan or reset', async () => {
    for (const variant of ['raw_history', 'state_summary'] as const) {
      const row = deriveRow(await runFixtureEpisode(fixtureP3(0), getBuiltinAgent('last-state'), { p3Variant: variant }));
      if (row.probe !== 'P3') throw new Error('P3');
      expect(row.steps.map((s) => s.action)).toEqual(Array(4).fill('propose_design'));
      expect(row.steps.every((s) => s.state?.design.tip_mass_g === P3_TRAP.tip_mass_g)).toBe(true);
      const m = computeVehMetrics([row], { seed: 1, resamples: 10 });
      expect(m.P3?.replan_rate?.value).toBe(0);
      expect(m.P3?.p3_success?.value).toBe(0);
    }
  });

  it('last-state re-proposes the current design on P2', async () => {
    const [row] = await rowsOf('last-state', [fixtureP2(0, 1)]);
    if (row?.probe !== 'P2') throw new Error('P2');
    expect(row.queries).toBe(6);
    expect(row.steps.every((s) => s.state?.design.tip_mass_g === 1)).toBe(true);
    const [closed] = await rowsOf('last-state', [fixtureP2(1, 2.05)]);
    if (closed?.probe !== 'P2') throw new Error('P2');
    expect(closed.queries).toBe(1);
    expect(closed.final.result.feasible).toBe(true);
  });

  it('given-order baselines keep the candidate order on P4', async () => {
    for (const id of ['always-propose', 'anchor-fixed', 'last-state', 'cmaes-6']) {
      const [row] = await rowsOf(id, [fixtureP4(2)]);
      expect(row?.probe === 'P4' && row.predicted_order).toEqual(['A', 'B', 'C', 'D', 'E']);
    }
  });

  it('random P4 sits at chance: mean τ ≈ 0, top-1 ≈ 0.2', async () => {
    const tasks = Array.from({ length: 600 }, (_, i) => fixtureP4(i));
    const rows = await rowsOf('random', tasks, 42);
    const m = computeVehMetrics(rows, { seed: 1, resamples: 50 });
    expect(Math.abs(m.P4?.kendall_tau?.value ?? 1)).toBeLessThan(0.06);
    expect(m.P4?.top1?.value).toBeGreaterThan(0.15);
    expect(m.P4?.top1?.value).toBeLessThan(0.25);
    expect(m.P4?.exact_match?.value).toBeLessThan(0.03);
  });

  it('random P1 spreads over the three actions, deterministically per seed', async () => {
    const tasks = fixtureBank().filter((t) => t.probe === 'P1');
    const many = Array.from({ length: 20 }, () => tasks).flat().map((t, i) => ({ ...t, task_id: `${t.task_id}-${i}` }));
    const a = await rowsOf('random', many, 5);
    const b = await rowsOf('random', many, 5);
    expect(a).toEqual(b);
    const counts = new Map<string, number>();
    for (const r of a) if (r.probe === 'P1') counts.set(String(r.predicted_action), (counts.get(String(r.predicted_action)) ?? 0) + 1);
    expect(counts.size).toBe(3);
    for (const c of counts.values()) expect(c).toBeGreaterThan(30);
  });

  it('random P2 designs stay inside the bounds', async () => {
    const rows = await rowsOf('random', [fixtureP2(0), fixtureP3(0)], 9);
    for (const r of rows) if (r.probe === 'P2' || r.probe === 'P3') expect(r.steps.every((s) => s.protocol_valid)).toBe(true);
  });
});

describe('CMA-ES baselines (Appendix M)', () => {
  it('cmaes-6 spends all 6 queries, then names its best evaluated design as final', async () => {
    const tr = await runFixtureEpisode(fixtureP2(0), getBuiltinAgent('cmaes-6'), { seed: 4 });
    const row = deriveRow(tr);
    if (row.probe !== 'P2') throw new Error('P2');
    expect(tr.settings.budget_rule).toEqual({ kind: 'full_budget', budget: 6 });
    expect(row.queries).toBe(6);
    expect(row.steps).toHaveLength(7);
    expect(row.steps[6]?.action).toBe('stop');
    const evaluated = row.steps.flatMap((s) => (s.state ? [s.state] : []));
    const feasible = evaluated.filter((s) => s.result.feasible);
    const best = feasible.length
      ? feasible.reduce((a, b) => (b.result.load_power_uw > a.result.load_power_uw ? b : a))
      : evaluated.reduce((a, b) => (b.result.total_violation < a.result.total_violation ? b : a));
    expect(row.final.design).toEqual(best.design);
  });

  it('cmaes-40 improves on the infeasible anchor within 40 queries', async () => {
    const row = deriveRow(await runFixtureEpisode(fixtureP2(0), getBuiltinAgent('cmaes-40'), { seed: 4 }));
    if (row.probe !== 'P2') throw new Error('P2');
    expect(row.queries).toBe(40);
    expect(row.final.result.total_violation).toBeLessThan(row.initial.result.total_violation);
  });

  it('cmaes on P3 starts with reset_to_prior and spends its full budget', async () => {
    const row = deriveRow(await runFixtureEpisode(fixtureP3(0), getBuiltinAgent('cmaes-6'), { seed: 2, p3Variant: 'state_summary' }));
    if (row.probe !== 'P3') throw new Error('P3');
    expect(row.steps[0]?.action).toBe('reset_to_prior');
    expect(row.steps[0]?.state?.design).toEqual(P3_PRIOR);
    expect(row.steps.filter((s) => s.state !== null)).toHaveLength(6);
    // The prior is feasible, so the best evaluated design is feasible.
    expect(row.final.result.feasible).toBe(true);
  });
});
