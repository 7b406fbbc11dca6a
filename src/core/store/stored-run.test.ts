import { describe, expect, it } from 'vitest';
import { runSuite } from '../run/run-suite.ts';
import type { Transcript } from '../veh/run/transcript.ts';
import type { VehRow } from '../veh/rows.ts';
import { vehSuite } from '../veh/suite.ts';
import { fixtureBank } from '../veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../veh/protocol/test-session.ts';
import { MemoryRunStore } from './memory-run-store.ts';
import { planResume } from './resume-plan.ts';
import { StoreQuotaError, type RunStore } from './run-store.ts';
import { resumeStoredRun, startStoredRun } from './stored-run.ts';
import { randomAgentRunOptions, TEST_BANK_HASH, type VehStoredRunOptions } from './test-stored-run-options.ts';

const BANK_HASH = TEST_BANK_HASH;

const options = (store: RunStore): VehStoredRunOptions => randomAgentRunOptions(store);

/**
 * A store that fails at the kth commit. By default the tab "dies" there: that commit and every later
 * write fail, finishRun included. A full quota (`error` given) fails commits only.
 */
function dyingAt(store: RunStore, k: number, error?: () => Error): RunStore {
  const crash = error === undefined;
  const fail = error ?? (() => new Error('tab closed'));
  let commits = 0;
  let dead = false;
  return Object.assign(Object.create(store) as RunStore, {
    commitTask: (id: string, task: Parameters<RunStore['commitTask']>[1]) => {
      if (dead || ++commits === k) {
        dead = true;
        return Promise.reject(fail());
      }
      return store.commitTask(id, task);
    },
    finishRun: (id: string, end: Parameters<RunStore['finishRun']>[1]) => (dead && crash ? Promise.reject(fail()) : store.finishRun(id, end)),
  });
}

describe('stored runs', () => {
  it('commits every task as it finishes and finishes the stored run; the result equals a plain run', async () => {
    const store = new MemoryRunStore();
    const committedBeforeNext: number[] = [];
    const spy = Object.assign(Object.create(store) as RunStore, {
      commitTask: async (id: string, task: Parameters<RunStore['commitTask']>[1]) => {
        await store.commitTask(id, task);
        committedBeforeNext.push((await store.readRows(id)).length);
      },
    });
    const { storeId, result, finishError } = await startStoredRun(vehSuite, options(spy));
    const plain = await runSuite(vehSuite, { ...options(store), tasks: fixtureBank(), clock: fixtureClock() });
    expect(finishError).toBeNull();
    expect(result.rows).toEqual(plain.rows);
    expect(result.metrics).toEqual(plain.metrics);
    expect(storeId).toBe(result.manifest.run_id);
    // Each commit is complete before the next task runs: the store never lags behind the run.
    expect(committedBeforeNext).toEqual(result.rows.map((_, i) => i + 1));
    const stored = await store.getRun(storeId);
    expect(stored?.summary).toMatchObject({ status: 'completed', done_count: result.rows.length, task_count: result.rows.length });
    expect(stored?.manifest).toEqual(result.manifest);
    expect((await store.readRows(storeId)).map((r) => r.row)).toEqual(result.rows);
  });

  it('a run interrupted mid-way and resumed gives the same rows, metrics and run id as an uninterrupted one', async () => {
    const whole = await startStoredRun(vehSuite, options(new MemoryRunStore()));

    const store = new MemoryRunStore();
    const dying = await startStoredRun(vehSuite, options(dyingAt(store, 7)));
    expect(dying.finishError).toMatch(/tab closed/);
    // The "reload": the run is still marked running, with the 6 tasks committed before the crash.
    const found = (await store.listRuns())[0];
    expect(found).toMatchObject({ status: 'running', done_count: 6 });
    if (!found) throw new Error('run not stored');
    await store.markInterrupted(found.store_id, 'the page was closed or reloaded during the run');

    const summary = (await store.getRun(found.store_id))?.summary;
    if (!summary) throw new Error('run vanished');
    // The store validated rows and transcripts with the suite's schemas on the way in; the page reads them typed the same way.
    const plan = planResume({ summary, committed: (await store.readRows(summary.store_id)) as { task_index: number; row: VehRow }[], transcripts: (await store.readTranscripts(summary.store_id)) as Transcript[], bankTasks: fixtureBank(), bankHash: BANK_HASH, agentProblem: null });
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.remaining).toBe(fixtureBank().length - 6);

    const ranTasks: string[] = [];
    // Resumed later: a clock months ahead, yet the run keeps its original start and run id.
    let later = Date.UTC(2026, 5, 1);
    const resumed = await resumeStoredRun(vehSuite, { ...options(store), clock: () => (later += 1), summary, plan, onProgress: (p: { task_id: string }) => ranTasks.push(p.task_id) });
    expect(ranTasks).toEqual(fixtureBank().slice(6).map((t) => t.task_id));
    expect(resumed.result.status).toBe('completed');
    expect(resumed.result.rows).toEqual(whole.result.rows);
    expect(resumed.result.metrics).toEqual(whole.result.metrics);
    expect(resumed.result.manifest.run_id).toBe(whole.result.manifest.run_id);
    expect(resumed.result.manifest.task_count).toBe(fixtureBank().length);
    expect((await store.getRun(summary.store_id))?.summary).toMatchObject({ status: 'completed', done_count: fixtureBank().length });
    expect((await store.readRows(summary.store_id)).map((r) => r.row)).toEqual(whole.result.rows);
  });

  it('keeps the audit controls in the recipe, so a resumed run runs under them too', async () => {
    const store = new MemoryRunStore();
    const controls = { control: 'neutral', subset: null, sgForm: null } as const;
    const { storeId } = await startStoredRun(vehSuite, { ...options(store), options: { p3Variant: 'raw_history', controls } });
    expect((await store.getRun(storeId))?.summary.recipe?.options).toEqual({ p3Variant: 'raw_history', controls });
    const plain = await startStoredRun(vehSuite, options(store));
    expect((await store.getRun(plain.storeId))?.summary.recipe?.options).toEqual({ p3Variant: 'raw_history' });
  });

  it('a full quota stops the run cleanly: status failed, the message says so, committed tasks stay', async () => {
    const store = new MemoryRunStore();
    const full = () => new StoreQuotaError('Browser storage is full: delete old runs or export them');
    const { storeId, result } = await startStoredRun(vehSuite, options(dyingAt(store, 4, full)));
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/storage is full/);
    expect(result.rows).toHaveLength(3);
    const stored = await store.getRun(storeId);
    expect(stored?.summary).toMatchObject({ status: 'failed', done_count: 3, error: expect.stringMatching(/storage is full/) as unknown });
    expect(await store.readRows(storeId)).toHaveLength(3);
  });
});

describe('planResume refuses what cannot be continued exactly', () => {
  async function interrupted() {
    const store = new MemoryRunStore();
    await startStoredRun(vehSuite, options(dyingAt(store, 3)));
    const id = (await store.listRuns())[0]?.store_id ?? '';
    await store.markInterrupted(id, 'reload');
    const summary = (await store.getRun(id))?.summary;
    if (!summary) throw new Error('run not stored');
    return { summary, committed: await store.readRows(id), transcripts: await store.readTranscripts(id), bankTasks: fixtureBank(), bankHash: BANK_HASH, agentProblem: null };
  }

  it('accepts the same bank and agent', async () => {
    const plan = planResume(await interrupted());
    expect(plan.ok && [plan.finished.size, plan.remaining]).toEqual([2, fixtureBank().length - 2]);
  });

  it('a different bank hash', async () => {
    expect(planResume({ ...(await interrupted()), bankHash: 'bank-2' })).toMatchObject({ ok: false, reason: expect.stringMatching(/task bank changed/) as unknown });
  });

  it('an agent that cannot run now (missing key)', async () => {
    expect(planResume({ ...(await interrupted()), agentProblem: 'No API key for this endpoint.' })).toEqual({ ok: false, reason: 'No API key for this endpoint.' });
  });

  it('a task the bank no longer has', async () => {
    expect(planResume({ ...(await interrupted()), bankTasks: fixtureBank().slice(1) })).toMatchObject({ ok: false, reason: expect.stringMatching(/not in the loaded bank/) as unknown });
  });

  it('a run that is not interrupted', async () => {
    const input = await interrupted();
    expect(planResume({ ...input, summary: { ...input.summary, status: 'completed' } })).toMatchObject({ ok: false, reason: expect.stringMatching(/only an interrupted run/) as unknown });
  });

  it('a stored row that is not the recipe task at its position', async () => {
    const input = await interrupted();
    const [first, second] = input.committed;
    if (!first || !second) throw new Error('need two committed tasks');
    expect(planResume({ ...input, committed: [{ task_index: 0, row: second.row }, second] })).toMatchObject({ ok: false, reason: expect.stringMatching(/does not match/) as unknown });
  });
});
