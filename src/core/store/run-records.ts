/**
 * The pure state changes of a stored run, shared by every RunStore implementation so the memory
 * store and the IndexedDB store cannot drift apart: what a new local run looks like, what a commit,
 * a finish or an interruption changes, and how an imported file becomes a stored run.
 */
import type { ManifestCore } from '../run/manifest-core.ts';
import type { ImportInput, StoredRun, StoredRunSummary, RunRecipe } from './run-store.ts';

export interface BeginInit {
  run_id: string;
  label: string;
  model: string | null;
  started_at: string;
  recipe: RunRecipe;
}

export function beginRecord(storeId: string, init: BeginInit): StoredRun {
  const r = init.recipe;
  return {
    summary: {
      store_id: storeId,
      run_id: init.run_id,
      source: 'local',
      status: 'running',
      suite: r.suite,
      agent_id: r.agent_id,
      label: init.label,
      model: init.model,
      task_count: r.task_ids.length,
      done_count: 0,
      started_at: init.started_at,
      finished_at: null,
      bank_hash: r.bank_hash,
      app_version: r.app_version,
      seed: r.seed,
      recipe: r,
      imported_from: null,
      imported_at: null,
      verification: null,
      error: null,
    },
    manifest: null,
    metrics: null,
  };
}

/** Only a run that is being written (or one being resumed) takes new tasks; a finished run is a record. */
export function assertWritable(summary: StoredRunSummary): void {
  if (summary.status !== 'running') throw new Error(`run ${summary.store_id} is ${summary.status}; only a running run takes new tasks`);
}

export function checkTaskIndex(summary: StoredRunSummary, taskIndex: number): void {
  if (!Number.isInteger(taskIndex) || taskIndex < 0 || taskIndex >= summary.task_count) {
    throw new Error(`task index ${taskIndex} is outside run ${summary.store_id} (${summary.task_count} tasks)`);
  }
}

export function finishedSummary(summary: StoredRunSummary, end: { status: 'completed' | 'cancelled' | 'failed'; error: string | null; manifest: ManifestCore }): StoredRunSummary {
  return { ...summary, status: end.status, error: end.error, finished_at: end.manifest.finished_at };
}

/** The store id an import gets: its run id, or the run id with the first free `~2`, `~3`… suffix. */
export function freeStoreId(runId: string, taken: (id: string) => boolean): string {
  if (!taken(runId)) return runId;
  for (let n = 2; ; n++) {
    const id = `${runId}~${n}`;
    if (!taken(id)) return id;
  }
}

/** How a run is named in lists: LLM runs by provider and model, built-in agents by their label. */
export function manifestLabel(manifest: ManifestCore): string {
  return manifest.model ? `${manifest.model.provider} ${manifest.model.model}` : manifest.agent.label;
}

/** Transcripts are optional in an import (results.json has none), but if present there is one per row. */
export function checkImportShape(run: ImportInput): void {
  if (run.transcripts.length !== 0 && run.transcripts.length !== run.rows.length) {
    throw new Error(`import has ${run.rows.length} rows but ${run.transcripts.length} transcripts; expected one transcript per row or none`);
  }
}

export function importRecord(storeId: string, run: ImportInput): StoredRun {
  const m = run.manifest;
  return {
    summary: {
      store_id: storeId,
      run_id: m.run_id,
      source: 'imported',
      status: m.status,
      suite: m.suite,
      agent_id: m.agent.id,
      label: manifestLabel(m),
      model: m.model?.model ?? null,
      // A cancelled run's manifest counts the tasks it was started on; the rows are those that finished.
      task_count: Math.max(m.task_count, run.rows.length),
      done_count: run.rows.length,
      started_at: m.started_at,
      finished_at: m.finished_at,
      bank_hash: m.bank_hash,
      app_version: m.app_version,
      seed: m.seed,
      recipe: null,
      imported_from: run.imported_from,
      imported_at: run.imported_at,
      verification: null,
      ...(run.signature !== undefined ? { signature: run.signature } : {}),
      error: null,
    },
    manifest: m,
    metrics: run.metrics,
  };
}

/** Newest first, so the list opens on the run just made. */
export function byStartedDesc(a: StoredRunSummary, b: StoredRunSummary): number {
  return b.started_at.localeCompare(a.started_at) || a.store_id.localeCompare(b.store_id);
}

/** A run still being written (here or in another tab) is not deleted under its writer. */
export function assertDeletable(summary: StoredRunSummary): void {
  if (summary.status === 'running') {
    throw new Error(`run ${summary.store_id} is still running (in this or another tab): cancel it there first, or reload once that tab is closed`);
  }
}

/** The suite id of a damaged record's stand-in. */
export const DAMAGED_SUITE = '(damaged)';

/**
 * A stand-in for a run record that fails validation (damaged, or written by a newer build): listed
 * with the reason so the user can see it and delete it, instead of one bad record hiding every run.
 */
export function damagedSummary(storeId: string, reason: string): StoredRunSummary {
  return {
    store_id: storeId,
    run_id: storeId,
    source: 'local',
    status: 'failed',
    // Not a registered suite id: the page shows the record as damaged, never as a run of some suite.
    suite: DAMAGED_SUITE,
    agent_id: 'unknown',
    label: '(damaged record)',
    model: null,
    task_count: 0,
    done_count: 0,
    started_at: '',
    finished_at: null,
    bank_hash: '',
    app_version: '',
    seed: 0,
    recipe: null,
    imported_from: null,
    imported_at: null,
    verification: null,
    error: `${reason}. Delete it, or open the page in the build that wrote it.`,
  };
}
