/**
 * The behaviour every RunStore must have, as a reusable vitest suite: the memory store and the
 * IndexedDB store both run it (memory-run-store.test.ts, runs-db.test.ts), so the page and Node
 * cannot disagree about what a commit, a finish, an import or a delete does.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { FixtureRunResult as RunResult } from './test-run-fixture.ts';
import { fixtureRecipe, fixtureRun } from './test-run-fixture.ts';
import type { RunStore } from './run-store.ts';

export function describeRunStoreContract(name: string, makeStore: () => Promise<RunStore> | RunStore): void {
  describe(`RunStore contract: ${name}`, () => {
    let store: RunStore;
    let run: RunResult;

    beforeEach(async () => {
      store = await makeStore();
      run = await fixtureRun();
    });

    const begin = (runId = 'run-a', startedAt = '2026-01-01T00:00:00.000Z') =>
      store.beginRun({ run_id: runId, label: 'Reference', model: null, started_at: startedAt, recipe: fixtureRecipe(run.rows.map((r) => r.task_id)) });

    const commit = (storeId: string, i: number) => {
      const row = run.rows[i];
      const transcript = run.transcripts[i];
      if (!row || !transcript) throw new Error(`fixture has no task ${i}`);
      return store.commitTask(storeId, { task_index: i, row, transcript });
    };

    const importFixture = (rows = run.rows, transcripts = run.transcripts) =>
      store.importRun({ manifest: run.manifest, rows, metrics: run.metrics, transcripts, imported_from: 'results.json', imported_at: '2026-02-01T00:00:00.000Z' });

    it('starts empty and answers unknown ids with nothing', async () => {
      expect(await store.listRuns()).toEqual([]);
      expect(await store.getRun('nope')).toBeNull();
      expect(await store.readRows('nope')).toEqual([]);
      expect(await store.readTranscript('nope', 0)).toBeNull();
      expect(await store.readTranscripts('nope')).toEqual([]);
    });

    it('beginRun stores a running local run with its recipe and no tasks', async () => {
      const id = await begin();
      expect(id).toBe('run-a');
      const stored = await store.getRun(id);
      expect(stored?.manifest).toBeNull();
      expect(stored?.metrics).toBeNull();
      expect(stored?.summary).toMatchObject({ store_id: 'run-a', run_id: 'run-a', source: 'local', status: 'running', task_count: run.rows.length, done_count: 0, seed: 11, agent_id: 'reference', finished_at: null });
      expect(stored?.summary.recipe?.task_ids).toEqual(run.rows.map((r) => r.task_id));
      expect((await store.listRuns()).map((s) => s.store_id)).toEqual(['run-a']);
    });

    it('keeps a recipe with audit controls as it was given', async () => {
      const recipe = { ...fixtureRecipe(['a', 'b']), options: { p3Variant: 'raw_history', controls: { control: 'targeted' as const, subset: null, sgForm: null } } };
      const id = await store.beginRun({ run_id: 'audited', label: 'Reference', model: null, started_at: '2026-01-01T00:00:00.000Z', recipe });
      expect((await store.getRun(id))?.summary.recipe).toEqual(recipe);
      expect((await store.listRuns())[0]?.recipe).toEqual(recipe);
    });

    it('a second run with the same run id gets its own store id', async () => {
      const a = await begin();
      const b = await begin();
      expect(b).not.toBe(a);
      expect((await store.listRuns()).map((s) => s.store_id).sort()).toEqual([a, b].sort());
    });

    it('commitTask stores row and transcript and counts each task once; reads come back in task order', async () => {
      const id = await begin();
      for (const i of [2, 0, 1]) await commit(id, i);
      await commit(id, 1); // a repeated commit replaces, it does not count twice
      expect((await store.getRun(id))?.summary.done_count).toBe(3);
      const rows = await store.readRows(id);
      expect(rows.map((r) => r.task_index)).toEqual([0, 1, 2]);
      expect(rows.map((r) => r.row)).toEqual(run.rows.slice(0, 3));
      expect(await store.readTranscript(id, 2)).toEqual(run.transcripts[2]);
      expect(await store.readTranscript(id, 3)).toBeNull();
      expect(await store.readTranscripts(id)).toEqual(run.transcripts.slice(0, 3));
    });

    it('commitTasks stores a batch in one go, or nothing of it when one task is refused', async () => {
      const id = await begin();
      const task = (i: number) => {
        const row = run.rows[i];
        const transcript = run.transcripts[i];
        if (!row || !transcript) throw new Error(`fixture has no task ${i}`);
        return { task_index: i, row, transcript };
      };
      await store.commitTasks(id, [task(0), task(1)]);
      await store.commitTasks(id, [task(1), task(2)]); // task 1 again: replaced, not counted twice
      expect((await store.getRun(id))?.summary.done_count).toBe(3);
      expect((await store.readRows(id)).map((r) => r.row)).toEqual(run.rows.slice(0, 3));
      expect(await store.readTranscripts(id)).toEqual(run.transcripts.slice(0, 3));
      const outside = { ...task(3), task_index: run.rows.length };
      await expect(store.commitTasks(id, [task(3), outside])).rejects.toThrow(/outside run/);
      expect((await store.getRun(id))?.summary.done_count).toBe(3);
      expect(await store.readTranscript(id, 3)).toBeNull();
    });

    it('refuses a task index outside the run and a commit to an unknown run', async () => {
      const id = await begin();
      const row = run.rows[0];
      const transcript = run.transcripts[0];
      if (!row || !transcript) throw new Error('fixture is empty');
      await expect(store.commitTask(id, { task_index: run.rows.length, row, transcript })).rejects.toThrow(/outside run/);
      await expect(store.commitTask(id, { task_index: -1, row, transcript })).rejects.toThrow(/outside run/);
      await expect(store.commitTask('nope', { task_index: 0, row, transcript })).rejects.toThrow(/no stored run/);
      expect((await store.getRun(id))?.summary.done_count).toBe(0);
      expect(await store.readRows(id)).toEqual([]);
    });

    it('finishRun records status, manifest and metrics; the run then takes no more tasks', async () => {
      const id = await begin();
      for (let i = 0; i < run.rows.length; i++) await commit(id, i);
      await store.finishRun(id, { status: 'completed', error: null, manifest: run.manifest, metrics: run.metrics });
      const stored = await store.getRun(id);
      expect(stored?.summary).toMatchObject({ status: 'completed', done_count: run.rows.length, finished_at: run.manifest.finished_at, error: null });
      expect(stored?.manifest).toEqual(run.manifest);
      expect(stored?.metrics).toEqual(run.metrics);
      await expect(commit(id, 0)).rejects.toThrow(/only a running run/);
      await expect(store.finishRun(id, { status: 'failed', error: 'x', manifest: run.manifest, metrics: run.metrics })).rejects.toThrow(/only a running run/);
    });

    it('markInterrupted marks only running runs; resumeRun reopens only interrupted ones', async () => {
      const id = await begin();
      await commit(id, 0);
      await store.markInterrupted(id, 'the tab closed mid-run');
      expect((await store.getRun(id))?.summary).toMatchObject({ status: 'interrupted', error: 'the tab closed mid-run', done_count: 1 });
      await expect(commit(id, 1)).rejects.toThrow(/interrupted/);
      const resumed = await store.resumeRun(id);
      expect(resumed).toMatchObject({ status: 'running', error: null, done_count: 1 });
      await commit(id, 1);
      await store.finishRun(id, { status: 'cancelled', error: null, manifest: run.manifest, metrics: run.metrics });
      await store.markInterrupted(id, 'too late');
      expect((await store.getRun(id))?.summary).toMatchObject({ status: 'cancelled', error: null, done_count: 2 });
      await expect(store.resumeRun(id)).rejects.toThrow(/only an interrupted run/);
    });

    it('importRun stores the whole file under a free store id, never overwriting', async () => {
      const a = await importFixture();
      expect(a).toBe(run.manifest.run_id);
      const b = await importFixture();
      expect(b).toBe(`${run.manifest.run_id}~2`);
      const stored = await store.getRun(b);
      expect(stored?.summary).toMatchObject({ source: 'imported', status: 'completed', done_count: run.rows.length, task_count: run.rows.length, imported_from: 'results.json', imported_at: '2026-02-01T00:00:00.000Z', recipe: null, label: run.manifest.agent.label });
      expect(stored?.manifest).toEqual(run.manifest);
      expect((await store.readRows(b)).map((r) => r.row)).toEqual(run.rows);
      expect(await store.readTranscripts(b)).toEqual(run.transcripts);
    });

    it('importRun accepts a file without transcripts, and refuses a transcript count that does not match', async () => {
      const id = await importFixture(run.rows, []);
      expect(await store.readTranscripts(id)).toEqual([]);
      expect((await store.readRows(id)).length).toBe(run.rows.length);
      await expect(importFixture(run.rows, run.transcripts.slice(1))).rejects.toThrow(/one transcript per row/);
      expect((await store.listRuns()).length).toBe(1);
    });

    it('setVerification keeps the last check on the summary', async () => {
      const id = await importFixture();
      const verification = { outcome: 'verified' as const, checked_at: '2026-03-01T00:00:00.000Z', app_version: '0.0.0-test', counts: { verified: run.rows.length, mismatch: 0, unverifiable: 0 }, summary: `${run.rows.length} tasks verified` };
      await store.setVerification(id, verification);
      expect((await store.getRun(id))?.summary.verification).toEqual(verification);
      expect((await store.listRuns())[0]?.verification).toEqual(verification);
    });

    it('deleteRun removes one run with its rows and transcripts and leaves the others', async () => {
      const keep = await importFixture();
      const drop = await begin('run-drop');
      await commit(drop, 0);
      // Not while it is being written (a live run in this or another tab)…
      await expect(store.deleteRun(drop)).rejects.toThrow(/still running/);
      await store.markInterrupted(drop, 'tab closed');
      await store.deleteRun(drop);
      expect(await store.getRun(drop)).toBeNull();
      expect(await store.readRows(drop)).toEqual([]);
      expect(await store.readTranscript(drop, 0)).toBeNull();
      expect((await store.readRows(keep)).length).toBe(run.rows.length);
      expect((await store.listRuns()).map((s) => s.store_id)).toEqual([keep]);
    });

    it('clearAll removes everything except a run still being written', async () => {
      await importFixture();
      const id = await begin();
      await commit(id, 0);
      const live = await begin('run-live', '2026-05-01T00:00:00.000Z');
      await commit(live, 0);
      await store.markInterrupted(id, 'tab closed');
      await store.clearAll();
      expect((await store.listRuns()).map((s) => s.store_id)).toEqual([live]);
      expect(await store.readRows(id)).toEqual([]);
      expect((await store.readRows(live)).length).toBe(1);
    });

    it('lists newest first', async () => {
      await begin('old', '2026-01-01T00:00:00.000Z');
      await begin('new', '2026-06-01T00:00:00.000Z');
      await begin('mid', '2026-03-01T00:00:00.000Z');
      expect((await store.listRuns()).map((s) => s.store_id)).toEqual(['new', 'mid', 'old']);
    });

    it('stores copies: changing what was passed in or read back changes nothing stored', async () => {
      const id = await begin();
      const row = structuredClone(run.rows[0]);
      const transcript = structuredClone(run.transcripts[0]);
      if (!row || !transcript) throw new Error('fixture is empty');
      await store.commitTask(id, { task_index: 0, row, transcript });
      row.task_id = 'changed-after-commit';
      const read = await store.readRows(id);
      const first = read[0];
      if (!first) throw new Error('row not stored');
      first.row.task_id = 'changed-after-read';
      expect((await store.readRows(id))[0]?.row).toEqual(run.rows[0]);
    });
  });
}
