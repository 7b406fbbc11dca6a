/**
 * Pipelined, batched commits (issue 20: the page commits the tasks that finish during one
 * IndexedDB transaction together in the next). What must still hold: the result equals a plain
 * run, the store holds exactly the result's tasks whatever stops the run, and a run that died
 * mid-batch resumes to the same rows.
 */
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
const MAX_BATCH = 3;

const options = (store: RunStore): VehStoredRunOptions => randomAgentRunOptions(store, { maxCommitBatch: MAX_BATCH });

/**
 * A store whose batch commits take a timer tick (as an IndexedDB transaction does, while the
 * episodes go on) and are logged by task index; the `failAt`th commit fails with `error` (and, for
 * a "crash", every later write too).
 */
function slowStore(store: RunStore, opts: { failAt?: number; error?: () => Error } = {}) {
  const batches: number[][] = [];
  let dead = false;
  const crash = opts.error === undefined;
  const spy = Object.assign(Object.create(store) as RunStore, {
    commitTasks: async (id: string, tasks: Parameters<RunStore['commitTasks']>[1]) => {
      await new Promise((r) => setTimeout(r, 1));
      if (dead || batches.length + 1 === opts.failAt) {
        dead = true;
        throw (opts.error ?? (() => new Error('tab closed')))();
      }
      batches.push(tasks.map((t) => t.task_index));
      return store.commitTasks(id, tasks);
    },
    commitTask: () => Promise.reject(new Error('a batched run must not commit one by one')),
    finishRun: (id: string, end: Parameters<RunStore['finishRun']>[1]) => (dead && crash ? Promise.reject(new Error('tab closed')) : store.finishRun(id, end)),
  });
  return { spy, batches };
}

describe('stored runs with batched commits', () => {
  it('gathers the tasks that finish during a commit into the next one; the result equals a plain run', async () => {
    const store = new MemoryRunStore();
    const { spy, batches } = slowStore(store);
    const { storeId, result, finishError } = await startStoredRun(vehSuite, options(spy));
    const plain = await runSuite(vehSuite, { ...options(store), tasks: fixtureBank(), clock: fixtureClock() });
    expect(finishError).toBeNull();
    expect(result.rows).toEqual(plain.rows);
    expect(result.metrics).toEqual(plain.metrics);
    // In task order, each task once, never more than MAX_BATCH per commit, and batched at all.
    expect(batches.flat()).toEqual(result.rows.map((_, i) => i));
    expect(Math.max(...batches.map((b) => b.length))).toBe(MAX_BATCH);
    expect(batches.length).toBeLessThan(result.rows.length);
    expect((await store.getRun(storeId))?.summary).toMatchObject({ status: 'completed', done_count: result.rows.length });
    expect((await store.readRows(storeId)).map((r) => r.row)).toEqual(result.rows);
  });

  it('with a gather window, a fast run commits full batches; each commit still in task order, the result that of a plain run', async () => {
    const store = new MemoryRunStore();
    const { spy, batches } = slowStore(store);
    const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>) };
    // A window far longer than the run: only a full batch (or the end of the run) starts a commit.
    const { result } = await startStoredRun(vehSuite, { ...options(spy), commitGatherMs: 60_000, timers });
    const plain = await runSuite(vehSuite, { ...options(store), tasks: fixtureBank(), clock: fixtureClock() });
    expect(result.rows).toEqual(plain.rows);
    expect(batches.flat()).toEqual(result.rows.map((_, i) => i));
    // Every batch full but the last, which the end of the run commits at once.
    expect(batches.slice(0, -1).every((b) => b.length === MAX_BATCH)).toBe(true);
    expect(batches.length).toBe(Math.ceil(result.rows.length / MAX_BATCH));
  });

  it('with a gather window, a slow agent’s task is committed once the window has passed, before the next task ends', async () => {
    const store = new MemoryRunStore();
    const { spy, batches } = slowStore(store);
    const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>) };
    const committedBefore: number[] = [];
    const { result } = await startStoredRun(vehSuite, {
      ...options(spy),
      commitGatherMs: 5,
      timers,
      // Each task starts 30 ms after the one before ended: far past the window (and the 1 ms commit).
      yieldToHost: async () => {
        await new Promise((r) => setTimeout(r, 30));
        committedBefore.push(batches.flat().length);
      },
    });
    expect(result.status).toBe('completed');
    expect(batches.every((b) => b.length === 1)).toBe(true);
    // Before task k starts, tasks 0..k-1 are stored: the window, not the end of the run, committed them.
    expect(committedBefore).toEqual(result.rows.map((_, i) => i));
  });

  it('a gather window needs injected timers', async () => {
    await expect(startStoredRun(vehSuite, { ...options(new MemoryRunStore()), commitGatherMs: 10 })).rejects.toThrow(/commitGatherMs needs injected timers/);
  });

  it('a refused batch stops the run: status failed, and the result holds exactly the stored tasks', async () => {
    const store = new MemoryRunStore();
    const { spy, batches } = slowStore(store, { failAt: 3, error: () => new StoreQuotaError('Browser storage is full') });
    const { storeId, result } = await startStoredRun(vehSuite, options(spy));
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/storage is full/);
    expect(result.rows).toHaveLength(batches.flat().length);
    expect(result.rows.length).toBeGreaterThan(0);
    expect((await store.readRows(storeId)).map((r) => r.row)).toEqual(result.rows);
    expect((await store.getRun(storeId))?.summary).toMatchObject({ status: 'failed', done_count: result.rows.length });
  });

  it('a cancel still commits the tasks that had finished, and only those are in the result', async () => {
    const store = new MemoryRunStore();
    const { spy } = slowStore(store);
    const controller = new AbortController();
    let seen = 0;
    const { storeId, result } = await startStoredRun(vehSuite, {
      ...options(spy),
      signal: controller.signal,
      onProgress: () => {
        if (++seen === 2) controller.abort();
      },
    });
    expect(result.status).toBe('cancelled');
    expect(result.rows.length).toBeGreaterThanOrEqual(2);
    expect(result.rows.length).toBeLessThan(fixtureBank().length);
    expect((await store.readRows(storeId)).map((r) => r.row)).toEqual(result.rows);
  });

  it('a tab that dies mid-batch resumes to the same rows, metrics and run id as an uninterrupted run', async () => {
    const whole = await startStoredRun(vehSuite, options(new MemoryRunStore()));
    const store = new MemoryRunStore();
    const { spy, batches } = slowStore(store, { failAt: 3 });
    const dying = await startStoredRun(vehSuite, options(spy));
    expect(dying.finishError).toMatch(/tab closed/);
    const found = (await store.listRuns())[0];
    if (!found) throw new Error('run not stored');
    expect(found).toMatchObject({ status: 'running', done_count: batches.flat().length });
    await store.markInterrupted(found.store_id, 'the page was closed or reloaded during the run');
    const summary = (await store.getRun(found.store_id))?.summary;
    if (!summary) throw new Error('run vanished');
    const plan = planResume({ summary, committed: (await store.readRows(summary.store_id)) as { task_index: number; row: VehRow }[], transcripts: (await store.readTranscripts(summary.store_id)) as Transcript[], bankTasks: fixtureBank(), bankHash: BANK_HASH, agentProblem: null });
    if (!plan.ok) throw new Error(plan.reason);
    const resumed = await resumeStoredRun(vehSuite, { ...options(slowStore(store).spy), summary, plan });
    expect(resumed.result.status).toBe('completed');
    expect(resumed.result.rows).toEqual(whole.result.rows);
    expect(resumed.result.metrics).toEqual(whole.result.metrics);
    expect(resumed.result.manifest.run_id).toBe(whole.result.manifest.run_id);
    expect((await store.readRows(summary.store_id)).map((r) => r.row)).toEqual(whole.result.rows);
  });
});
