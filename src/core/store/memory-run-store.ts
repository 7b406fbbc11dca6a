/**
 * The run store in memory: for Node, for tests, and for the page when IndexedDB cannot be opened
 * (private windows). Values are copied in and out (structuredClone), as IndexedDB does, so a caller
 * mutating what it passed or got back cannot change what is stored.
 */
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import { assertDeletable, assertWritable, beginRecord, byStartedDesc, checkImportShape, checkTaskIndex, finishedSummary, freeStoreId, importRecord, type BeginInit } from './run-records.ts';
import type { ImportInput, RunStore, StoredRun, StoredRunSummary, StoredTask, StoredVerification, SuiteRow } from './run-store.ts';

interface MemoryRun {
  run: StoredRun;
  rows: Map<number, SuiteRow>;
  transcripts: Map<number, TranscriptCore>;
}

const copy = <T>(v: T): T => structuredClone(v);

export class MemoryRunStore implements RunStore {
  private readonly runs = new Map<string, MemoryRun>();

  private need(storeId: string): MemoryRun {
    const r = this.runs.get(storeId);
    if (!r) throw new Error(`no stored run ${storeId}`);
    return r;
  }

  listRuns(): Promise<StoredRunSummary[]> {
    return Promise.resolve([...this.runs.values()].map((r) => copy(r.run.summary)).sort(byStartedDesc));
  }

  getRun(storeId: string): Promise<StoredRun | null> {
    const r = this.runs.get(storeId);
    return Promise.resolve(r ? copy(r.run) : null);
  }

  beginRun(init: BeginInit): Promise<string> {
    const storeId = freeStoreId(init.run_id, (id) => this.runs.has(id));
    this.runs.set(storeId, { run: copy(beginRecord(storeId, init)), rows: new Map(), transcripts: new Map() });
    return Promise.resolve(storeId);
  }

  commitTask(storeId: string, task: { task_index: number; row: SuiteRow; transcript: TranscriptCore }): Promise<void> {
    return this.commitTasks(storeId, [task]);
  }

  async commitTasks(storeId: string, tasks: readonly { task_index: number; row: SuiteRow; transcript: TranscriptCore }[]): Promise<void> {
    await Promise.resolve();
    const r = this.need(storeId);
    assertWritable(r.run.summary);
    // Every index checked before anything is written: all or nothing, as one IndexedDB transaction.
    for (const task of tasks) checkTaskIndex(r.run.summary, task.task_index);
    for (const task of tasks) {
      r.rows.set(task.task_index, copy(task.row));
      r.transcripts.set(task.task_index, copy(task.transcript));
    }
    r.run.summary = { ...r.run.summary, done_count: r.rows.size };
  }

  async finishRun(storeId: string, end: { status: 'completed' | 'cancelled' | 'failed'; error: string | null; manifest: ManifestCore; metrics: SuiteMetrics }): Promise<void> {
    await Promise.resolve();
    const r = this.need(storeId);
    assertWritable(r.run.summary);
    r.run = { summary: finishedSummary(r.run.summary, end), manifest: copy(end.manifest), metrics: copy(end.metrics) };
  }

  async markInterrupted(storeId: string, why: string): Promise<void> {
    await Promise.resolve();
    const r = this.need(storeId);
    if (r.run.summary.status !== 'running') return;
    r.run = { ...r.run, summary: { ...r.run.summary, status: 'interrupted', error: why } };
  }

  async resumeRun(storeId: string): Promise<StoredRunSummary> {
    await Promise.resolve();
    const r = this.need(storeId);
    if (r.run.summary.status !== 'interrupted') throw new Error(`run ${storeId} is ${r.run.summary.status}; only an interrupted run can be resumed`);
    r.run = { ...r.run, summary: { ...r.run.summary, status: 'running', error: null } };
    return copy(r.run.summary);
  }

  readRows(storeId: string): Promise<StoredTask[]> {
    const r = this.runs.get(storeId);
    if (!r) return Promise.resolve([]);
    return Promise.resolve([...r.rows.entries()].sort(([a], [b]) => a - b).map(([task_index, row]) => ({ task_index, row: copy(row) })));
  }

  readTranscript(storeId: string, taskIndex: number): Promise<TranscriptCore | null> {
    const t = this.runs.get(storeId)?.transcripts.get(taskIndex);
    return Promise.resolve(t ? copy(t) : null);
  }

  readTranscripts(storeId: string): Promise<TranscriptCore[]> {
    const r = this.runs.get(storeId);
    if (!r) return Promise.resolve([]);
    return Promise.resolve([...r.transcripts.entries()].sort(([a], [b]) => a - b).map(([, t]) => copy(t)));
  }

  async importRun(run: ImportInput): Promise<string> {
    await Promise.resolve();
    checkImportShape(run);
    const storeId = freeStoreId(run.manifest.run_id, (id) => this.runs.has(id));
    this.runs.set(storeId, {
      run: copy(importRecord(storeId, run)),
      rows: new Map(run.rows.map((row, i) => [i, copy(row)])),
      transcripts: new Map(run.transcripts.map((t, i) => [i, copy(t)])),
    });
    return storeId;
  }

  async setVerification(storeId: string, verification: StoredVerification): Promise<void> {
    await Promise.resolve();
    const r = this.need(storeId);
    r.run = { ...r.run, summary: { ...r.run.summary, verification: copy(verification) } };
  }

  async deleteRun(storeId: string): Promise<void> {
    await Promise.resolve();
    const r = this.runs.get(storeId);
    if (r) assertDeletable(r.run.summary);
    this.runs.delete(storeId);
  }

  /** Everything except runs still being written. */
  async clearAll(): Promise<void> {
    await Promise.resolve();
    for (const [id, r] of this.runs) if (r.run.summary.status !== 'running') this.runs.delete(id);
  }
}
