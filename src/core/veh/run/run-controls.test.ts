import { describe, expect, it } from 'vitest';
import { runVehSuite } from './run-veh.ts';
import { RunManifestSchema } from './manifest.ts';
import { TranscriptSchema, runControlsOf, type Transcript } from './transcript.ts';
import { scoreTranscripts } from './score.ts';
import { getBuiltinAgent } from '../agents/index.ts';
import { cmaesMatchedAgent, planMatchedRun, queriesPerTask } from '../agents/cmaes-matched.ts';
import { TARGETED_BLOCKS } from '../protocol/control-blocks.ts';
import { fixtureBank, fixtureOracle, fixtureP2, fixtureP3 } from '../protocol/test-fixtures.ts';
import { fixtureClock } from '../protocol/test-session.ts';
import type { RunControls } from './types.ts';

const run = (controls: RunControls | undefined, tasks = fixtureBank(), agent = getBuiltinAgent('reference')) =>
  runVehSuite({ tasks, agent, oracle: fixtureOracle, clock: fixtureClock(), seed: 3, ...(controls ? { controls } : {}) });

const systemOf = (t: Transcript): string => {
  const m = t.events.find((e) => e.type === 'message' && e.role === 'system');
  return m?.type === 'message' ? m.content : '';
};

describe('run-time controls in the run engine', () => {
  it('a control block reaches every prompt and is recorded in each transcript and in the manifest', async () => {
    const r = await run({ control: 'targeted' });
    for (const t of r.transcripts) {
      expect(systemOf(t).startsWith(TARGETED_BLOCKS[t.task.probe])).toBe(true);
      expect(t.settings.control).toBe('targeted');
      expect(TranscriptSchema.parse(t)).toEqual(t);
    }
    expect(r.manifest).toMatchObject({ schema_version: 3, control: 'targeted', subset: null, sg_form: null, matched_to_run_id: null, p3_variant: 'raw_history' });
    expect(RunManifestSchema.parse(r.manifest)).toEqual(r.manifest);
    // The manifest's per-probe system prompt hashes (LLM runs) come from these transcripts, so they differ too.
    const plain = await run(undefined);
    expect(plain.manifest.control).toBe('default');
    for (const [i, t] of plain.transcripts.entries()) expect(systemOf(t)).not.toBe(systemOf(r.transcripts[i] as Transcript));
  });

  it('state_summary_plus runs P3 with the state summary and says so in transcripts and manifest', async () => {
    const r = await run({ control: 'state_summary_plus', subset: 'appendix_d' }, [fixtureP3(0), fixtureP3(1)]);
    for (const t of r.transcripts) expect(t.settings).toMatchObject({ p3_variant: 'state_summary', control: 'state_summary_plus', subset: 'appendix_d' });
    expect(r.manifest).toMatchObject({ p3_variant: 'state_summary', control: 'state_summary_plus', subset: 'appendix_d' });
    expect(r.rows.every((row) => row.probe === 'P3' && row.state_summary)).toBe(true);
  });

  it('a matched CMA-ES run spends exactly the source run’s per-task query counts', async () => {
    const tasks = [fixtureP2(0), fixtureP2(1, 1, 3), fixtureP3(0), fixtureP2(2, 2.05)];
    // The source: a random agent under each task's own budget (P2 stops at feasible closure, so counts vary).
    const source = await run(undefined, tasks, getBuiltinAgent('random'));
    const counts = queriesPerTask(source.transcripts);
    const plan = planMatchedRun(source.manifest.run_id, source.transcripts);
    expect(plan.taskIds).toEqual(tasks.map((t) => t.task_id).filter((id) => (counts[id] ?? 0) > 0));
    const byId = new Map(tasks.map((t) => [t.task_id, t]));
    const m = await run({ matched: plan.matched }, plan.taskIds.map((id) => byId.get(id)!), cmaesMatchedAgent);
    expect(m.transcripts.length).toBeGreaterThan(0);
    for (const t of m.transcripts) {
      const n = counts[t.task.task_id];
      expect(t.settings).toMatchObject({ budget_rule: { kind: 'full_budget', budget: n }, query_budget: n, matched_to_run_id: source.manifest.run_id });
      expect(queriesPerTask([t])[t.task.task_id]).toBe(n);
    }
    expect(m.manifest).toMatchObject({ agent: { id: 'cmaes-matched' }, matched_to_run_id: source.manifest.run_id, matched_budgets: plan.matched.budgets });
    expect(m.manifest.query_budget_rule_text).toContain(source.manifest.run_id);
    // Rows re-derive from the transcripts alone, as for any run.
    expect(scoreTranscripts(m.transcripts, 3).rows).toEqual(m.rows);
  });

  it('planMatchedRun skips tasks the source never queried and refuses SG runs', async () => {
    const source = await run(undefined, [fixtureP2(0, 2.05), fixtureP2(1)], getBuiltinAgent('anchor-fixed'));
    const plan = planMatchedRun('src', source.transcripts);
    expect(plan.taskIds).toEqual([]);
    expect(plan.skipped).toEqual(['fx-p2-0', 'fx-p2-1']);
    const sg = await run({ sgForm: 'B' }, [{ ...fixtureP2(0), difficulty: 'hard' }]);
    expect(() => planMatchedRun('sg', sg.transcripts)).toThrow(/SG audit run/);
    expect(sg.manifest.sg_form).toBe('B');
  });

  it('a task missing from the matched budgets becomes an error episode, not a silent default', async () => {
    const r = await run({ matched: { runId: 'x', budgets: {} } }, [fixtureP2(0)], cmaesMatchedAgent);
    expect(r.transcripts[0]?.status).toBe('error');
  });

  it('manifests and transcripts of schema versions 1 and 2 still parse (no control fields)', async () => {
    const r = await run(undefined, [fixtureP2(0)]);
    const { control: _c, subset: _s, sg_form: _f, matched_to_run_id: _m, ...v2 } = r.manifest;
    expect(RunManifestSchema.safeParse({ ...v2, schema_version: 2 }).success).toBe(true);
    expect(RunManifestSchema.safeParse({ ...v2, schema_version: 1 }).success).toBe(true);
    const t = r.transcripts[0] as Transcript;
    const { control: _tc, ...settings } = t.settings;
    expect(TranscriptSchema.safeParse({ ...t, schema_version: 2, settings }).success).toBe(true);
  });
});

describe('runControlsOf', () => {
  it('reads the controls back from a transcript (defaults for files before version 3)', async () => {
    const r = await run({ control: 'neutral', subset: 'appendix_d' }, [fixtureP3(0)]);
    const t = r.transcripts[0] as Transcript;
    expect(runControlsOf(t.settings)).toEqual({ control: 'neutral', subset: 'appendix_d', sgForm: null });
    const { control: _c, subset: _s, ...old } = t.settings;
    expect(runControlsOf(old)).toEqual({ control: 'default', subset: null, sgForm: null });
  });
});
