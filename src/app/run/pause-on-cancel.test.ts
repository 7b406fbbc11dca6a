import { describe, expect, it } from 'vitest';
import { MemoryRunStore } from '../../core/store/memory-run-store.ts';
import { planResume } from '../../core/store/resume-plan.ts';
import { resumeStoredRun, startStoredRun, type StoredRunOptions } from '../../core/store/stored-run.ts';
import type { RunStore } from '../../core/store/run-store.ts';
import { getBuiltinAgent } from '../../core/veh/agents/index.ts';
import { fixtureBank, fixtureOracle } from '../../core/veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../../core/veh/protocol/test-session.ts';
import { isPausedRun, PAUSED_NOTE, pauseOnCancel } from './pause-on-cancel.ts';

const BANK_HASH = 'bank-1';

function options(store: RunStore, signal?: AbortSignal, onProgress?: StoredRunOptions['onProgress']): StoredRunOptions {
  return {
    store, label: 'Random', model: null, tasks: fixtureBank(), agent: getBuiltinAgent('random'), oracle: fixtureOracle,
    clock: fixtureClock(), seed: 5, appVersion: '0.0.0-test', bankHash: BANK_HASH, filters: {},
    ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}),
  };
}

describe('Cancel pauses the stored run', () => {
  it('a cancelled run is stored interrupted (paused), resumes, and ends equal to an uninterrupted run', async () => {
    const whole = await startStoredRun(options(new MemoryRunStore()));

    const store = new MemoryRunStore();
    const controller = new AbortController();
    // Cancel after the 5th task, as the Cancel button does mid-run.
    const paused = await startStoredRun(options(pauseOnCancel(store), controller.signal, ({ done }) => { if (done === 5) controller.abort(); }));
    expect(paused.result.status).toBe('cancelled');
    const summary = (await store.getRun(paused.storeId))?.summary;
    expect(summary).toMatchObject({ status: 'interrupted', error: PAUSED_NOTE, done_count: paused.result.rows.length });
    expect(summary && isPausedRun(summary)).toBe(true);
    expect(paused.result.rows.length).toBeGreaterThan(0);
    expect(paused.result.rows.length).toBeLessThan(whole.result.rows.length);

    if (!summary) throw new Error('not stored');
    const plan = planResume({ summary, committed: await store.readRows(paused.storeId), transcripts: await store.readTranscripts(paused.storeId), bankTasks: fixtureBank(), bankHash: BANK_HASH, agentProblem: null });
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.remaining).toBe(whole.result.rows.length - paused.result.rows.length);
    const resumed = await resumeStoredRun({ ...options(pauseOnCancel(store)), summary, plan });
    expect(resumed.result.status).toBe('completed');
    expect(resumed.result.rows).toEqual(whole.result.rows);
    expect((await store.getRun(paused.storeId))?.summary.status).toBe('completed');
  });

  it('a run that is not cancelled finishes as before', async () => {
    const store = new MemoryRunStore();
    const done = await startStoredRun(options(pauseOnCancel(store)));
    expect((await store.getRun(done.storeId))?.summary).toMatchObject({ status: 'completed', error: null });
  });

  it('tells a pause from a crash', () => {
    expect(isPausedRun({ status: 'interrupted', error: 'the tab closed' })).toBe(false);
    expect(isPausedRun({ status: 'completed', error: PAUSED_NOTE })).toBe(false);
  });
});
