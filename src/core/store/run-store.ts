/**
 * The run store contract (issue 4): where the page keeps runs, per-task results, transcripts and
 * imported files, so a closed tab or a crash loses at most the task in flight. Pure types: the page
 * implements it over IndexedDB (src/adapters/browser/runs-db.ts), Node and tests over memory
 * (memory-run-store.ts). Every implementation passes the same contract suite (test-store-contract.ts).
 *
 * Keys: `store_id` is the store's own key for a run (a local run uses its run id; an imported file
 * whose run id is already stored gets a suffixed id), so an import never overwrites anything.
 * Rows and transcripts are kept apart so leaderboards read rows only.
 */
import type { ExportSignature } from '../export/run-export.ts';
import type { ExportSignatureState } from '../verify/export-signature.ts';
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import type { VerifyOutcome } from '../verify/verify.ts';

/** A task row as the store holds it: any suite's row (validated by that suite's row schema on read). */
export interface SuiteRow {
  task_id: string;
}

export type RunSource = 'local' | 'imported';

/**
 * running: tasks are being committed now (in this tab); interrupted: a local run whose tab closed or
 * crashed mid-run (found `running` at startup by another page load) and can be resumed;
 * completed / cancelled / failed: finished, with a manifest and metrics.
 */
export type StoredRunStatus = 'running' | 'interrupted' | 'completed' | 'cancelled' | 'failed';

/**
 * What is needed to resume a local run exactly as it was started (built-in agents; LLM runs need
 * the key again). `options` are the suite's own run options (its options schema validates them on
 * read); records written before the suite contract kept VEH's P3 variant and controls at the top
 * level and are upgraded when read (legacy-records.ts).
 */
export interface RunRecipe {
  suite: string;
  agent_id: string;
  seed: number;
  options: unknown;
  filters: Record<string, string>;
  bank_hash: string;
  /** The task ids in run order: resume runs the ones with no committed row, in this order. */
  task_ids: string[];
  app_version: string;
}

/** The outcome of the last replay verification, shown as a badge beside the run. */
export interface StoredVerification {
  outcome: VerifyOutcome;
  checked_at: string;
  /** App version that ran the check (a newer build may judge differently). */
  app_version: string;
  counts: Record<VerifyOutcome, number>;
  /** One line: "763 tasks verified" / "mismatch: P2-dev-007 rows.final.load_power_uw, …". */
  summary: string;
  /** The signature of an imported signed export, re-checked against the stored content (absent: unsigned run). */
  signature?: ExportSignatureState;
}

export interface StoredRunSummary {
  store_id: string;
  run_id: string;
  source: RunSource;
  status: StoredRunStatus;
  /** The suite id (src/core/suites.ts). */
  suite: string;
  agent_id: string;
  /** The agent's label, or provider + model for LLM runs. */
  label: string;
  /** Model id for LLM runs, null for built-in agents. */
  model: string | null;
  task_count: number;
  /** Tasks with a committed row. */
  done_count: number;
  started_at: string;
  finished_at: string | null;
  bank_hash: string;
  app_version: string;
  seed: number;
  /** Set for local runs (resume); null for imports. */
  recipe: RunRecipe | null;
  /** Imports: the file name or URL it came from, and when. */
  imported_from: string | null;
  imported_at: string | null;
  verification: StoredVerification | null;
  /**
   * The signature block of a signed export, as imported (checked then: a bad one is never stored).
   * Absent for local runs and unsigned imports; never a private key (the schema holds public members only).
   */
  signature?: ExportSignature;
  /** The run's error (status failed), or why it was interrupted. */
  error: string | null;
}

/** A run as stored: its summary, and once finished (or imported) the manifest and metrics. */
export interface StoredRun {
  summary: StoredRunSummary;
  /** The suite's manifest (validated by its schema on read); generic layers read the core fields. */
  manifest: ManifestCore | null;
  metrics: SuiteMetrics | null;
}

export interface StoredTask {
  task_index: number;
  row: SuiteRow;
}

export interface StorageEstimate {
  usage_bytes: number | null;
  quota_bytes: number | null;
  /** navigator.storage.persisted(): null where the browser cannot say. */
  persisted: boolean | null;
}

/** Thrown for a full quota: the write was rolled back and nothing half-written remains. */
export class StoreQuotaError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreQuotaError';
  }
}

/** A stored record that fails its zod schema (a damaged or foreign database row). */
export class StoreCorruptionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreCorruptionError';
  }
}

/** A whole run to import (one transaction); transcripts are one per row, or none. */
export interface ImportInput {
  manifest: ManifestCore;
  rows: readonly SuiteRow[];
  metrics: SuiteMetrics;
  transcripts: readonly TranscriptCore[];
  imported_from: string;
  imported_at: string;
  /** A signed export's block, once its signature verified. */
  signature?: ExportSignature;
}

export interface RunStore {
  listRuns(): Promise<StoredRunSummary[]>;
  getRun(storeId: string): Promise<StoredRun | null>;
  /** Starts a local run: a summary with status `running`, no tasks. Returns its store id. */
  beginRun(init: { run_id: string; label: string; model: string | null; started_at: string; recipe: RunRecipe }): Promise<string>;
  /** One transaction: the task's row and transcript and the summary's done_count, or nothing. */
  commitTask(storeId: string, task: { task_index: number; row: SuiteRow; transcript: TranscriptCore }): Promise<void>;
  /**
   * Several finished tasks in one transaction (all or none): a fast agent finishes hundreds of tasks
   * a second, and one IndexedDB transaction each cost the page more than the run itself (issue 20).
   */
  commitTasks(storeId: string, tasks: readonly { task_index: number; row: SuiteRow; transcript: TranscriptCore }[]): Promise<void>;
  finishRun(storeId: string, end: { status: 'completed' | 'cancelled' | 'failed'; error: string | null; manifest: ManifestCore; metrics: SuiteMetrics }): Promise<void>;
  /** At page start: every run still `running` belongs to a tab that is gone; mark it interrupted. */
  markInterrupted(storeId: string, why: string): Promise<void>;
  /**
   * Added for resume: an `interrupted` run goes back to `running` (error cleared) so commitTask
   * accepts its remaining tasks. Refuses any other status. Returns the summary as it now is.
   */
  resumeRun(storeId: string): Promise<StoredRunSummary>;
  /** Rows in task_index order (no transcripts). */
  readRows(storeId: string): Promise<StoredTask[]>;
  readTranscript(storeId: string, taskIndex: number): Promise<TranscriptCore | null>;
  /** All transcripts in task_index order (export, verify). */
  readTranscripts(storeId: string): Promise<TranscriptCore[]>;
  /** One transaction: the whole run or nothing. Returns the store id given to it. */
  importRun(run: ImportInput): Promise<string>;
  setVerification(storeId: string, verification: StoredVerification): Promise<void>;
  deleteRun(storeId: string): Promise<void>;
  clearAll(): Promise<void>;
}
