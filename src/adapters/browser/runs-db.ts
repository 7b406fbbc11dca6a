/**
 * The run store over IndexedDB (idb), in the page's `proving-ground` database (stores created by
 * migrations 2 and 3 in settings-db-migrations.ts). Each write is one readwrite transaction, so a
 * task's row, its transcript and the run's done_count land together or not at all; an import is one
 * transaction for the whole file. A commit's transcripts are one `transcript_batches` record (one
 * JSON string) that each row names; rows written before batches name none, and their transcripts
 * are read from the `transcripts` store as before. Every read is checked with zod (stored-records.ts).
 *
 * A full disk surfaces as QuotaExceededError on a request or on the transaction: the transaction is
 * aborted (nothing half-written) and StoreQuotaError tells the user what to do.
 */
import type { IDBPDatabase, IDBPTransaction } from 'idb';
import type { ManifestCore } from '../../core/run/manifest-core.ts';
import type { TranscriptCore } from '../../core/run/transcript-core.ts';
import type { SuiteMetrics } from '../../core/suite/metrics.ts';
import { assertDeletable, assertWritable, beginRecord, byStartedDesc, damagedSummary, checkImportShape, checkTaskIndex, finishedSummary, freeStoreId, importRecord, type BeginInit } from '../../core/store/run-records.ts';
import { StoreCorruptionError, StoreQuotaError, type ImportInput, type RunStore, type StoredRun, type StoredRunSummary, type StoredTask, type StoredVerification, type SuiteRow } from '../../core/store/run-store.ts';
import {
  parseBatchedTranscript,
  parseRowRecord,
  parseRunEnvelope,
  parseTranscriptBatch,
  parseRunRecord,
  parseTranscriptRecord,
  runRecordOf,
  storedRunOf,
  type StoredRowRecord,
  type StoredRunRecord,
  type StoredTranscriptBatch,
  type SuiteSchemaSource,
  parseStored,
  StoredRowRecordSchema,
} from '../../core/store/stored-records.ts';
import { RUNS_STORE, TASK_ROWS_STORE, TRANSCRIPT_BATCHES_STORE, TRANSCRIPTS_STORE } from './settings-db-migrations.ts';
import { openSettingsDb } from './settings-db.ts';

const RUN_STORES = [RUNS_STORE, TASK_ROWS_STORE, TRANSCRIPTS_STORE, TRANSCRIPT_BATCHES_STORE];
/** The stores whose records are keyed [store_id, …] and belong to one run. */
const TASK_STORES = [TASK_ROWS_STORE, TRANSCRIPTS_STORE, TRANSCRIPT_BATCHES_STORE];
/** An import's transcripts go in batches of this many (one large value each, as a run's commits do). */
const IMPORT_BATCH = 50;
type RunTx = IDBPTransaction<unknown, string[], 'readwrite'>;

export const QUOTA_MESSAGE =
  'Browser storage is full: the last change was not saved (nothing was half-written). Delete old runs on the Runs page — export them first if you want to keep them — then try again.';

/** Chromium and Safari say QuotaExceededError; old Firefox NS_ERROR_DOM_QUOTA_REACHED. */
export function isQuotaError(e: unknown): boolean {
  const name = e !== null && typeof e === 'object' && 'name' in e ? (e as { name: unknown }).name : null;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/** Every task (or transcript batch) of one run: [store_id, n] for n in [0, ∞). */
function runRange(storeId: string): IDBKeyRange {
  return IDBKeyRange.bound([storeId, 0], [storeId, Infinity]);
}

const keyText = (storeId: string, taskIndex: number): string => `${storeId}#${taskIndex}`;

/** Task records whose run record is gone or unreadable cannot be validated (no suite to read them with). */
function orphans(store: string, key: string, count: number): never[] {
  if (count === 0) return [];
  throw new StoreCorruptionError(`Stored record ${store}[${key}] belongs to no readable run record, so its suite is unknown; delete the run`);
}

/** The next free batch number of a run: one past its highest (0 for none), read in the commit's own transaction. */
async function nextBatch(tx: RunTx, storeId: string): Promise<number> {
  const last = await tx.objectStore(TRANSCRIPT_BATCHES_STORE).openKeyCursor(runRange(storeId), 'prev');
  const key = last?.key as [string, number] | undefined;
  return key ? key[1] + 1 : 0;
}

/**
 * A batch's transcripts as one record with one JSON string: structured clone of one string is a
 * copy, and a value that large is written out whole, where the same transcripts as hundreds of
 * object records kept the browser's IndexedDB backend busy for most of a fast run (issue 20).
 * Transcripts are JSON by contract (exports are their JSON), so reading back gives the same objects.
 */
function batchRecord(storeId: string, batch: number, tasks: readonly { task_index: number }[], json: readonly string[]): StoredTranscriptBatch {
  return { store_id: storeId, batch, task_indices: tasks.map((t) => t.task_index), transcripts: `[${json.join(',')}]` };
}

/**
 * Characters of transcript JSON one batch record holds at most. Chromium refuses a value over
 * ~127 MiB serialised (a two-byte string: two bytes a character), so a big import or a commit of
 * long transcripts is split over consecutive batches (the ~200 MB import of e2e/import-large.spec
 * put 50 tasks, 334 MB serialised, in one record and was refused).
 */
const MAX_BATCH_CHARS = 24 * 2 ** 20;

/**
 * The records for `tasks` from batch `first` on, at most `maxTasks` tasks and (unless one task is
 * larger alone) MAX_BATCH_CHARS of JSON each, and the batch each task's row names.
 */
function transcriptBatches(storeId: string, first: number, tasks: readonly { task_index: number; transcript: TranscriptCore }[], maxTasks: number): { records: StoredTranscriptBatch[]; batchOf: number[] } {
  const records: StoredTranscriptBatch[] = [];
  const batchOf: number[] = [];
  let group: { task_index: number }[] = [];
  let json: string[] = [];
  let chars = 0;
  const close = (): void => {
    if (group.length === 0) return;
    records.push(batchRecord(storeId, first + records.length, group, json));
    group = [];
    json = [];
    chars = 0;
  };
  for (const task of tasks) {
    const text = JSON.stringify(task.transcript);
    if (group.length > 0 && (group.length >= maxTasks || chars + text.length + 1 > MAX_BATCH_CHARS)) close();
    group.push(task);
    json.push(text);
    chars += text.length + 1;
    batchOf.push(first + records.length);
  }
  close();
  return { records, batchOf };
}

/** The transcript batch a stored row names (undefined: none, or no row — read the transcripts store). */
function batchOfRow(value: unknown, where: { store: string; key: string }): number | undefined {
  if (value === undefined) return undefined;
  return parseStored(StoredRowRecordSchema, value, where).transcript_batch;
}

/** The transcript a row's batch holds for its task; a batch without it is a damaged store. */
function itemOfBatch(items: Map<number, unknown> | undefined, storeId: string, taskIndex: number, batch: number): unknown {
  const item = items?.get(taskIndex);
  if (item === undefined) throw new StoreCorruptionError(`Stored record ${TASK_ROWS_STORE}[${keyText(storeId, taskIndex)}] names transcript batch ${batch}, which does not hold its transcript`);
  return item;
}

export class IdbRunStore implements RunStore {
  /** `suites` gives each record's suite schemas (the page passes the suite registry). */
  constructor(
    private readonly db: IDBPDatabase,
    private readonly suites: SuiteSchemaSource,
  ) {}

  /**
   * One readwrite transaction over the run stores. On any failure the transaction is aborted before
   * the error leaves, so no caller ever sees a half-applied write; a quota failure (from a request
   * or from the commit itself) becomes StoreQuotaError.
   */
  private async write<T>(body: (tx: RunTx) => Promise<T>, durability: IDBTransactionDurability = 'default'): Promise<T> {
    const tx = this.db.transaction(RUN_STORES, 'readwrite', { durability });
    // Observed at once: an aborted transaction rejects `done` and must not become an unhandled rejection.
    const done = tx.done.then(
      () => null,
      (e: unknown) => e ?? new Error('transaction aborted'),
    );
    let result: T;
    try {
      result = await body(tx);
    } catch (e) {
      try {
        tx.abort();
      } catch {
        // Already aborted by the browser (a failed request does that) or finished: nothing to undo.
      }
      const txError = await done;
      if (isQuotaError(e) || isQuotaError(txError)) throw new StoreQuotaError(QUOTA_MESSAGE, { cause: e });
      throw e;
    }
    const txError = await done;
    if (txError !== null) {
      if (isQuotaError(txError)) throw new StoreQuotaError(QUOTA_MESSAGE, { cause: txError });
      throw txError instanceof Error ? txError : new Error(`run store transaction failed: ${String(txError)}`);
    }
    return result;
  }

  private async readRunRecord(get: (key: string) => Promise<unknown>, storeId: string): Promise<StoredRunRecord | null> {
    const value = await get(storeId);
    if (value === undefined) return null;
    return parseRunRecord(this.suites, value, { store: RUNS_STORE, key: storeId });
  }

  private async needRun(tx: RunTx, storeId: string): Promise<StoredRunRecord> {
    const rec = await this.readRunRecord((k) => tx.objectStore(RUNS_STORE).get(k), storeId);
    if (!rec) throw new Error(`no stored run ${storeId}`);
    return rec;
  }

  async listRuns(): Promise<StoredRunSummary[]> {
    const keys = (await this.db.getAllKeys(RUNS_STORE)).map(String);
    const records = (await this.db.getAll(RUNS_STORE)) as unknown[];
    return records
      .map((v, i) => {
        const key = keys[i] ?? '?';
        try {
          return parseRunRecord(this.suites, v, { store: RUNS_STORE, key }).summary;
        } catch (e) {
          // One damaged record must not hide every other run: list it with the reason, deletable.
          if (e instanceof StoreCorruptionError) return damagedSummary(key, e.message);
          throw e;
        }
      })
      .sort(byStartedDesc);
  }

  async getRun(storeId: string): Promise<StoredRun | null> {
    const rec = await this.readRunRecord((k) => this.db.get(RUNS_STORE, k), storeId);
    return rec ? storedRunOf(rec) : null;
  }

  beginRun(init: BeginInit): Promise<string> {
    return this.write(async (tx) => {
      const runs = tx.objectStore(RUNS_STORE);
      const taken = new Set((await runs.getAllKeys()).map(String));
      const storeId = freeStoreId(init.run_id, (id) => taken.has(id));
      await runs.put(runRecordOf(beginRecord(storeId, init)));
      return storeId;
    });
  }

  commitTask(storeId: string, task: { task_index: number; row: SuiteRow; transcript: TranscriptCore }): Promise<void> {
    return this.commitTasks(storeId, [task]);
  }

  commitTasks(storeId: string, tasks: readonly { task_index: number; row: SuiteRow; transcript: TranscriptCore }[]): Promise<void> {
    // One transaction for the batch, with its round trips kept down: every read together, then
    // every write together. Relaxed durability: the writes are in the browser's hands when this
    // resolves (a closed or crashed tab keeps them), without waiting for the disk to flush each time.
    // The batch's transcripts are one JSON string in one record (see batchRecord), or a few when
    // they are too long for one (MAX_BATCH_CHARS).
    return this.write(async (tx) => {
      const rows = tx.objectStore(TASK_ROWS_STORE);
      const indices = tasks.map((t) => t.task_index);
      // Which of the batch's tasks are stored already (a resumed run may commit one again): one key
      // read over the batch's span, not one request per task (each an IDBRequest and a promise on
      // the page's thread; issue 20).
      const span = indices.length ? IDBKeyRange.bound([storeId, Math.min(...indices)], [storeId, Math.max(...indices)]) : null;
      const [rec, batch, present] = await Promise.all([this.needRun(tx, storeId), nextBatch(tx, storeId), span ? rows.getAllKeys(span) : []]);
      assertWritable(rec.summary);
      for (const task of tasks) checkTaskIndex(rec.summary, task.task_index);
      const stored = new Set(present.map((k) => (k as [string, number])[1]));
      const added = new Set(indices.filter((i) => !stored.has(i))).size;
      const { records, batchOf } = transcriptBatches(storeId, batch, tasks, Infinity);
      const batches = tx.objectStore(TRANSCRIPT_BATCHES_STORE);
      await Promise.all([
        ...tasks.map((task, i) => rows.put({ store_id: storeId, task_index: task.task_index, row: task.row, transcript_batch: batchOf[i] as number } satisfies StoredRowRecord)),
        ...records.map((r) => batches.put(r)),
        tx.objectStore(RUNS_STORE).put({ ...rec, summary: { ...rec.summary, done_count: rec.summary.done_count + added } }),
      ]);
    }, 'relaxed');
  }

  finishRun(storeId: string, end: { status: 'completed' | 'cancelled' | 'failed'; error: string | null; manifest: ManifestCore; metrics: SuiteMetrics }): Promise<void> {
    return this.write(async (tx) => {
      const rec = await this.needRun(tx, storeId);
      assertWritable(rec.summary);
      await tx.objectStore(RUNS_STORE).put({ ...rec, summary: finishedSummary(rec.summary, end), manifest: end.manifest, metrics: end.metrics });
    });
  }

  markInterrupted(storeId: string, why: string): Promise<void> {
    return this.write(async (tx) => {
      const rec = await this.needRun(tx, storeId);
      if (rec.summary.status !== 'running') return;
      await tx.objectStore(RUNS_STORE).put({ ...rec, summary: { ...rec.summary, status: 'interrupted', error: why } });
    });
  }

  resumeRun(storeId: string): Promise<StoredRunSummary> {
    return this.write(async (tx) => {
      const rec = await this.needRun(tx, storeId);
      if (rec.summary.status !== 'interrupted') throw new Error(`run ${storeId} is ${rec.summary.status}; only an interrupted run can be resumed`);
      const summary: StoredRunSummary = { ...rec.summary, status: 'running', error: null };
      await tx.objectStore(RUNS_STORE).put({ ...rec, summary });
      return summary;
    });
  }

  /** The suite a run's rows and transcripts belong to (its record's summary); null when no such run. */
  private async suiteIdOf(storeId: string): Promise<string | null> {
    const summary = parseRunEnvelope(await this.db.get(RUNS_STORE, storeId));
    return summary?.suite ?? null;
  }

  async readRows(storeId: string): Promise<StoredTask[]> {
    const [suiteId, values] = await Promise.all([this.suiteIdOf(storeId), this.db.getAll(TASK_ROWS_STORE, runRange(storeId)) as Promise<unknown[]>]);
    if (suiteId === null) return orphans(TASK_ROWS_STORE, storeId, values.length);
    return values.map((v, i) => {
      const r = parseRowRecord(this.suites, suiteId, v, { store: TASK_ROWS_STORE, key: `${storeId}#(${i}th)` });
      return { task_index: r.task_index, row: r.row };
    });
  }

  /**
   * A task's transcript: from the batch its row names, or (a record from before batches, whose row
   * names none) from the transcripts store under the task's own key.
   */
  async readTranscript(storeId: string, taskIndex: number): Promise<TranscriptCore | null> {
    const key = keyText(storeId, taskIndex);
    const [suiteId, rowValue] = await Promise.all([this.suiteIdOf(storeId), this.db.get(TASK_ROWS_STORE, [storeId, taskIndex]) as Promise<unknown>]);
    const batch = batchOfRow(rowValue, { store: TASK_ROWS_STORE, key });
    if (batch === undefined) {
      const v = (await this.db.get(TRANSCRIPTS_STORE, [storeId, taskIndex])) as unknown;
      if (v === undefined) return null;
      if (suiteId === null) return orphans(TRANSCRIPTS_STORE, key, 1)[0] ?? null;
      return parseTranscriptRecord(this.suites, suiteId, v, { store: TRANSCRIPTS_STORE, key }).transcript;
    }
    const where = { store: TRANSCRIPT_BATCHES_STORE, key: keyText(storeId, batch) };
    const value = (await this.db.get(TRANSCRIPT_BATCHES_STORE, [storeId, batch])) as unknown;
    if (suiteId === null) return orphans(TRANSCRIPT_BATCHES_STORE, where.key, 1)[0] ?? null;
    const item = itemOfBatch(value === undefined ? undefined : parseTranscriptBatch(value, where), storeId, taskIndex, batch);
    return parseBatchedTranscript(this.suites, suiteId, item, { ...where, key: `${where.key}[task ${taskIndex}]` });
  }

  /** Every stored transcript of the run in task order: batched ones where their rows point, the rest from the transcripts store. */
  async readTranscripts(storeId: string): Promise<TranscriptCore[]> {
    const range = runRange(storeId);
    const [suiteId, rowValues, legacy, batchValues] = await Promise.all([
      this.suiteIdOf(storeId),
      this.db.getAll(TASK_ROWS_STORE, range) as Promise<unknown[]>,
      this.db.getAll(TRANSCRIPTS_STORE, range) as Promise<unknown[]>,
      this.db.getAll(TRANSCRIPT_BATCHES_STORE, range) as Promise<unknown[]>,
    ]);
    if (suiteId === null) return orphans(TRANSCRIPTS_STORE, storeId, legacy.length + batchValues.length);
    const byTask = new Map<number, TranscriptCore>();
    legacy.forEach((v, i) => {
      const r = parseTranscriptRecord(this.suites, suiteId, v, { store: TRANSCRIPTS_STORE, key: `${storeId}#(${i}th)` });
      byTask.set(r.task_index, r.transcript);
    });
    const batches = new Map<number, Map<number, unknown>>();
    batchValues.forEach((v, i) => {
      const where = { store: TRANSCRIPT_BATCHES_STORE, key: `${storeId}#(${i}th)` };
      const items = parseTranscriptBatch(v, where);
      batches.set((v as StoredTranscriptBatch).batch, items);
    });
    rowValues.forEach((v, i) => {
      const where = { store: TASK_ROWS_STORE, key: `${storeId}#(${i}th)` };
      const batch = batchOfRow(v, where);
      if (batch === undefined) return;
      const taskIndex = (v as StoredRowRecord).task_index;
      const item = itemOfBatch(batches.get(batch), storeId, taskIndex, batch);
      byTask.set(taskIndex, parseBatchedTranscript(this.suites, suiteId, item, { store: TRANSCRIPT_BATCHES_STORE, key: `${keyText(storeId, batch)}[task ${taskIndex}]` }));
    });
    return [...byTask.entries()].sort(([a], [b]) => a - b).map(([, t]) => t);
  }

  async importRun(run: ImportInput): Promise<string> {
    await Promise.resolve();
    checkImportShape(run);
    return this.write(async (tx) => {
      const runs = tx.objectStore(RUNS_STORE);
      const taken = new Set((await runs.getAllKeys()).map(String));
      const storeId = freeStoreId(run.manifest.run_id, (id) => taken.has(id));
      const rows = tx.objectStore(TASK_ROWS_STORE);
      const batches = tx.objectStore(TRANSCRIPT_BATCHES_STORE);
      const tasks = run.transcripts.map((transcript, task_index) => ({ task_index, transcript }));
      const { records, batchOf } = transcriptBatches(storeId, 0, tasks, IMPORT_BATCH);
      // Issued together and awaited together: one round of requests, still one transaction.
      await Promise.all([
        runs.put(runRecordOf(importRecord(storeId, run))),
        ...run.rows.map((row, task_index) => rows.put({ store_id: storeId, task_index, row, ...(task_index < tasks.length ? { transcript_batch: batchOf[task_index] as number } : {}) } satisfies StoredRowRecord)),
        ...records.map((r) => batches.put(r)),
      ]);
      return storeId;
    });
  }

  setVerification(storeId: string, verification: StoredVerification): Promise<void> {
    return this.write(async (tx) => {
      const rec = await this.needRun(tx, storeId);
      await tx.objectStore(RUNS_STORE).put({ ...rec, summary: { ...rec.summary, verification } });
    });
  }

  deleteRun(storeId: string): Promise<void> {
    return this.write(async (tx) => {
      const raw = (await tx.objectStore(RUNS_STORE).get(storeId)) as unknown;
      const summary = parseRunEnvelope(raw);
      // A damaged record is deleted as it is; a valid one only when nobody is writing it.
      if (summary) assertDeletable(summary);
      await Promise.all([tx.objectStore(RUNS_STORE).delete(storeId), ...TASK_STORES.map((name) => tx.objectStore(name).delete(runRange(storeId)))]);
    });
  }

  /** Everything except runs still being written (a tab's live run keeps its records). */
  clearAll(): Promise<void> {
    return this.write(async (tx) => {
      const runs = tx.objectStore(RUNS_STORE);
      const keys = (await runs.getAllKeys()).map(String);
      const values = (await runs.getAll()) as unknown[];
      const running = new Set(keys.filter((_, i) => parseRunEnvelope(values[i])?.status === 'running'));
      if (running.size === 0) {
        await Promise.all(RUN_STORES.map((name) => tx.objectStore(name).clear()));
        return;
      }
      await Promise.all(
        keys
          .filter((k) => !running.has(k))
          .flatMap((k) => [runs.delete(k), ...TASK_STORES.map((name) => tx.objectStore(name).delete(runRange(k)))]),
      );
    });
  }
}

/** The page's run store over the shared `proving-ground` database; rejects when IndexedDB cannot open. */
export async function openIdbRunStore(suites: SuiteSchemaSource): Promise<IdbRunStore> {
  return new IdbRunStore(await openSettingsDb(), suites);
}
