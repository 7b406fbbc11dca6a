/**
 * The selection binding and the re-runs under VEH's audit controls, as `run` selects and records
 * them (cli/commands/run-controls.ts): the Appendix D subset, an SG form with --sg-groups, a
 * CMA-ES run matched to another run's query counts, a prompt-control condition. Each untouched run
 * verifies as replayed; a task swapped for another of the bank does not.
 */
import { describe, expect, it } from 'vitest';
import { createNodeVehOracle } from '../../src/adapters/node/veh-wasm.ts';
import type { Agent } from '../../src/core/agent/types.ts';
import { cmaesMatchedAgent, planMatchedRun } from '../../src/core/veh/agents/cmaes-matched.ts';
import { getBuiltinAgent } from '../../src/core/veh/agents/index.ts';
import { sgReferenceAgent } from '../../src/core/veh/protocol/sg-reference-agent.ts';
import type { RunBundle } from '../../src/core/veh/run/results-file.ts';
import { runVehSuite } from '../../src/core/veh/run/run-veh.ts';
import type { RunControls } from '../../src/core/veh/run/types.ts';
import { selectForControls } from '../../src/core/veh/subsets/select.ts';
import type { VehTask } from '../../src/core/veh/task-schema.ts';
import { expectCaught, vehBank, verify } from './forge.ts';

async function controlledRun(agent: Agent, facets: Record<string, string>, controls: RunControls & { sgGroups?: number }, pick?: (tasks: VehTask[]) => { tasks: VehTask[]; filters: Record<string, string> }): Promise<RunBundle> {
  const bank = await vehBank();
  const all = bank.tasks as VehTask[];
  const filtered = all.filter((t) => Object.entries(facets).every(([k, v]) => (t as unknown as Record<string, unknown>)[k] === v));
  const chosen = pick ? pick(filtered) : selectForControls(filtered, { subset: controls.subset ?? null, sgForm: controls.sgForm ?? null, sgGroups: controls.sgGroups ?? null, bank: all });
  let t = Date.UTC(2026, 0, 1);
  const { sgGroups: _g, ...runControls } = controls;
  const r = await runVehSuite({ tasks: chosen.tasks, agent, oracle: await createNodeVehOracle(), clock: () => (t += 1), seed: 42, appVersion: 'controls', bankHash: bank.hash, filters: { ...facets, ...chosen.filters }, controls: runControls });
  return JSON.parse(JSON.stringify({ status: r.status, error: r.error, manifest: r.manifest, rows: r.rows, metrics: r.metrics, transcripts: r.transcripts })) as RunBundle;
}

async function expectReplayed(b: RunBundle): Promise<void> {
  const r = await verify(b);
  expect(r.file_diffs.concat(r.metric_diffs, r.tasks.flatMap((x) => x.diffs)).slice(0, 3)).toEqual([]);
  expect(r).toMatchObject({ outcome: 'verified', verdict: 'replayed' });
}

describe('audit controls: selection and re-runs', () => {
  it('the Appendix D subset; a task swapped for another P3 task is caught', async () => {
    const b = await controlledRun(getBuiltinAgent('random'), {}, { subset: 'appendix_d' });
    expect(b.transcripts.length).toBe(36);
    await expectReplayed(b);
    const bank = (await vehBank()).tasks as VehTask[];
    const outside = bank.find((t) => t.probe === 'P3' && !b.transcripts.some((x) => x.task.task_id === t.task_id))!;
    const swapped = b.transcripts[0]!.task.task_id;
    b.transcripts[0] = { ...b.transcripts[0]!, task: outside };
    b.rows[0] = { ...b.rows[0]!, task_id: outside.task_id };
    expectCaught(b, await verify(b), swapped, /^tasks\[0\]\.task_id$/);
  }, 60_000);

  it('an SG form over 3 probe groups (sg-reference)', async () => {
    await expectReplayed(await controlledRun(sgReferenceAgent, { probe: 'P2' }, { sgForm: 'A', sgGroups: 3 }));
  }, 60_000);

  it('a prompt-control condition', async () => {
    await expectReplayed(await controlledRun(getBuiltinAgent('random'), { probe: 'P3', split: 'dev' }, { control: 'neutral' }));
  }, 60_000);

  it('CMA-ES matched to a random run; a budget raised in the manifest and transcript is caught', async () => {
    const source = await controlledRun(getBuiltinAgent('random'), { probe: 'P2', split: 'dev' }, {});
    const plan = planMatchedRun(source.manifest.run_id, source.transcripts);
    const b = await controlledRun(cmaesMatchedAgent, { probe: 'P2', split: 'dev' }, { matched: plan.matched }, (tasks) => {
      const byId = new Map(tasks.map((t) => [t.task_id, t]));
      return { tasks: plan.taskIds.flatMap((id) => byId.get(id) ?? []), filters: { match_run: source.manifest.run_id } };
    });
    await expectReplayed(b);
    const t = b.transcripts[0]!;
    b.manifest.matched_budgets![t.task.task_id]! += 5;
    t.settings.query_budget = (t.settings.query_budget ?? 0) + 5;
    expectCaught(b, await verify(b), t.task.task_id, /^(events\[\d+\].*|settings\.query_budget)$/);
  }, 60_000);
});
