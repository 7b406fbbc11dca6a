/**
 * A RunStore in front of another (given as a promise, so the page can pick IndexedDB or memory once
 * the database has tried to open) that tells listeners after every successful write. The page's
 * query cache listens and invalidates exactly what a write changed, so every view of the store
 * (run list, a run's rows, the Run page banner) follows it without polling.
 */
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import type { BeginInit } from './run-records.ts';
import type { RunStore, SuiteRow, StoredRun, StoredRunSummary, StoredTask, StoredVerification } from './run-store.ts';

/**
 * `task`: one task committed to a running run (frequent: fast agents commit hundreds a second);
 * `run`: one run changed (its summary, and with `rows` its rows/transcripts too); `all`: anything may have.
 */
export type RunStoreChange = { kind: 'task'; storeId: string } | { kind: 'run'; storeId: string; rows: boolean } | { kind: 'all' };
export type RunStoreListener = (change: RunStoreChange) => void;

export class ObservableRunStore implements RunStore {
  private readonly listeners = new Set<RunStoreListener>();

  constructor(private readonly backend: Promise<RunStore>) {}

  subscribe(listener: RunStoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A write made to the same backend from elsewhere (the import worker's own IndexedDB connection). */
  changedElsewhere(change: RunStoreChange): void {
    this.emit(change);
  }

  private emit(change: RunStoreChange): void {
    for (const l of this.listeners) l(change);
  }

  /** Runs a write, then notifies — also after a failed write, which may have been partly seen by a reader. */
  private async write<T>(change: (result: T | undefined) => RunStoreChange, op: (s: RunStore) => Promise<T>): Promise<T> {
    let result: T | undefined;
    try {
      result = await op(await this.backend);
      return result;
    } finally {
      this.emit(change(result));
    }
  }

  async listRuns(): Promise<StoredRunSummary[]> {
    return (await this.backend).listRuns();
  }
  async getRun(storeId: string): Promise<StoredRun | null> {
    return (await this.backend).getRun(storeId);
  }
  async readRows(storeId: string): Promise<StoredTask[]> {
    return (await this.backend).readRows(storeId);
  }
  async readTranscript(storeId: string, taskIndex: number): Promise<TranscriptCore | null> {
    return (await this.backend).readTranscript(storeId, taskIndex);
  }
  async readTranscripts(storeId: string): Promise<TranscriptCore[]> {
    return (await this.backend).readTranscripts(storeId);
  }

  beginRun(init: BeginInit): Promise<string> {
    return this.write((id) => (id === undefined ? { kind: 'all' } : { kind: 'run', storeId: id, rows: false }), (s) => s.beginRun(init));
  }
  commitTask(storeId: string, task: { task_index: number; row: SuiteRow; transcript: TranscriptCore }): Promise<void> {
    return this.write(() => ({ kind: 'task', storeId }), (s) => s.commitTask(storeId, task));
  }
  commitTasks(storeId: string, tasks: readonly { task_index: number; row: SuiteRow; transcript: TranscriptCore }[]): Promise<void> {
    return this.write(() => ({ kind: 'task', storeId }), (s) => s.commitTasks(storeId, tasks));
  }
  finishRun(storeId: string, end: { status: 'completed' | 'cancelled' | 'failed'; error: string | null; manifest: ManifestCore; metrics: SuiteMetrics }): Promise<void> {
    return this.write(() => ({ kind: 'run', storeId, rows: false }), (s) => s.finishRun(storeId, end));
  }
  markInterrupted(storeId: string, why: string): Promise<void> {
    return this.write(() => ({ kind: 'run', storeId, rows: false }), (s) => s.markInterrupted(storeId, why));
  }
  resumeRun(storeId: string): Promise<StoredRunSummary> {
    return this.write(() => ({ kind: 'run', storeId, rows: false }), (s) => s.resumeRun(storeId));
  }
  importRun(run: Parameters<RunStore['importRun']>[0]): Promise<string> {
    return this.write((id) => (id === undefined ? { kind: 'all' } : { kind: 'run', storeId: id, rows: true }), (s) => s.importRun(run));
  }
  setVerification(storeId: string, verification: StoredVerification): Promise<void> {
    return this.write(() => ({ kind: 'run', storeId, rows: false }), (s) => s.setVerification(storeId, verification));
  }
  deleteRun(storeId: string): Promise<void> {
    return this.write(() => ({ kind: 'run', storeId, rows: true }), (s) => s.deleteRun(storeId));
  }
  clearAll(): Promise<void> {
    return this.write(() => ({ kind: 'all' }), (s) => s.clearAll());
  }
}
