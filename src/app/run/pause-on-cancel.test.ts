import { describe, expect, it } from 'vitest';
import { MemoryRunStore } from '../../core/store/memory-run-store.ts';
import { planResume } from '../../core/store/resume-plan.ts';
import { resumeStoredRun, startStoredRun, type StoredRunOptions } from '../../core/store/stored-run.ts';
import type { RunStore } from '../../core/store/run-store.ts';
import { getBuiltinAgent } from '../../core/veh/agents/index.ts';
import { fixtureBank, fixtureOracle } from '../../core/veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../../core/veh/protocol/test-session.ts';
import { isPausedRun, PAUSED_NOTE, pauseOnCancel } from './pause-on-cancel.ts';
import { vehSuite } from '../../core/veh/suite.ts';
import type { VehResolvedOptions } from '../../core/veh/run/run-veh.ts';
import type { Transcript } from '../../core/veh/run/transcript.ts';
import type { VehOracle } from '../../core/veh/run/types.ts';
import type { VehRow } from '../../core/veh/rows.ts';
import type { VehTask } from '../../core/veh/task-schema.ts';

type VehStoredRunOptions = StoredRunOptions<VehTask, VehOracle, VehResolvedOptions, VehRow, Transcript>;

const BANK_HASH = 'bank-1';

function options(store: RunStore, signal?: AbortSignal, onProgress?: VehStoredRunOptions['onProgress']): VehStoredRunOptions {
  return {
    store, label: 'Random', model: null, tasks: fixtureBank(), agent: getBuiltinAgent('random'), env: fixtureOracle, options: { p3Variant: 'raw_history' },
    clock: fixtureClock(), seed: 5, appVersion: '0.0.0-test', bankHash: BANK_HASH, filters: {},
    ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}),
  };
}

describe('Cancel pauses the stored run', () => {
  it('a cancelled run is stored interrupted (paused), resumes, and ends equal to an uninterrupted run', async () => {
    const whole = await startStoredRun(vehSuite, options(new MemoryRunStore()));

    const store = new MemoryRunStore();
    const controller = new AbortController();
    // Cancel after the 5th task, as the Cancel button does mid-run.
    const paused = await startStoredRun(vehSuite, options(pauseOnCancel(store), controller.signal, ({ done }) => { if (done === 5) controller.abort(); }));
    expect(paused.result.status).toBe('cancelled');
    const summary = (await store.getRun(paused.storeId))?.summary;
    expect(summary).toMatchObject({ status: 'interrupted', error: PAUSED_NOTE, done_count: paused.result.rows.length });
    expect(summary && isPausedRun(summary)).toBe(true);
    expect(paused.result.rows.length).toBeGreaterThan(0);
    expect(paused.result.rows.length).toBeLessThan(whole.result.rows.length);

    if (!summary) throw new Error('not stored');
    const plan = planResume({ summary, committed: (await store.readRows(paused.storeId)) as { task_index: number; row: VehRow }[], transcripts: (await store.readTranscripts(paused.storeId)) as Transcript[], bankTasks: fixtureBank(), bankHash: BANK_HASH, agentProblem: null });
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.remaining).toBe(whole.result.rows.length - paused.result.rows.length);
    const resumed = await resumeStoredRun(vehSuite, { ...options(pauseOnCancel(store)), summary, plan });
    expect(resumed.result.status).toBe('completed');
    expect(resumed.result.rows).toEqual(whole.result.rows);
    expect((await store.getRun(paused.storeId))?.summary.status).toBe('completed');
  });

  it('a run that is not cancelled finishes as before', async () => {
    const store = new MemoryRunStore();
    const done = await startStoredRun(vehSuite, options(pauseOnCancel(store)));
    expect((await store.getRun(done.storeId))?.summary).toMatchObject({ status: 'completed', error: null });
  });

  it('tells a pause from a crash', () => {
    expect(isPausedRun({ status: 'interrupted', error: 'the tab closed' })).toBe(false);
    expect(isPausedRun({ status: 'completed', error: PAUSED_NOTE })).toBe(false);
  });
});
