/**
 * A suite run that is written to a RunStore as it goes: beginRun before the first task, each task
 * committed (and awaited) the moment it finishes, finishRun at the end. Closing the tab therefore
 * loses at most the task in flight; with `maxCommitBatch` (the page) commits are pipelined batches
 * (runSuite's commitTasks) and a closed tab loses at most the batch in flight (and, with
 * `commitGatherMs`, the tasks of that last window). Resuming continues the same stored run with the tasks it has
 * not committed. Pure and suite-generic: the suite, store, clock and environment come in, so Node
 * tests run exactly what the page runs.
 */
import { runSuite, type RunResult, type RunSuiteOptions } from '../run/run-suite.ts';
import type { ManifestCore } from '../run/manifest-core.ts';
import type { SuiteEnvironment } from '../run/types.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import type { Suite } from '../suite/contract.ts';
import type { ResumePlan } from './resume-plan.ts';
import type { RunRecipe, RunStore, StoredRunSummary } from './run-store.ts';

export type StoredRunOptions<Task, Env, Opts, Row, T> = Omit<RunSuiteOptions<Task, Env, Opts, Row, T>, 'finished' | 'startedMs' | 'commitTask' | 'commitTasks'> & {
  store: RunStore;
  /** Shown in run lists: the agent's label, or provider + model. */
  label: string;
  model: string | null;
  /** Told the store id as soon as the run is stored (before any task runs). */
  onStored?: (storeId: string) => void;
};

export interface StoredRunOutcome<Row, T, M> {
  storeId: string;
  result: RunResult<Row, T, M>;
  /** The final write failed (quota…): the tasks are stored, the run is not marked finished. */
  finishError: string | null;
}

type AnyStoredSuite<Task extends { task_id: string }, Env extends SuiteEnvironment, Opts, Row extends { task_id: string }, T extends TranscriptCore, M extends ManifestCore> = Suite<Task, Env, Opts, Row, T, M>;

function recipeOf<Task extends { task_id: string }, Env, Opts, Row, T>(suiteId: string, opts: StoredRunOptions<Task, Env, Opts, Row, T>): RunRecipe {
  return {
    suite: suiteId,
    agent_id: opts.agent.id,
    seed: opts.seed,
    // Everything the suite's episodes depend on (VEH: P3 variant, controls, matched budgets), so a resumed run repeats it.
    options: opts.options,
    filters: opts.filters ?? {},
    bank_hash: opts.bankHash ?? 'unknown',
    task_ids: opts.tasks.map((t) => t.task_id),
    app_version: opts.appVersion ?? 'unknown',
  };
}

async function runCommitted<Task extends { task_id: string }, Env extends SuiteEnvironment, Opts, Row extends { task_id: string }, T extends TranscriptCore, M extends ManifestCore>(
  suite: AnyStoredSuite<Task, Env, Opts, Row, T, M>,
  opts: StoredRunOptions<Task, Env, Opts, Row, T>,
  storeId: string,
  extra: Pick<RunSuiteOptions<Task, Env, Opts, Row, T>, 'finished' | 'startedMs'>,
): Promise<StoredRunOutcome<Row, T, M>> {
  const { store, label: _label, model: _model, onStored: _onStored, ...run } = opts;
  let result: RunResult<Row, T, M>;
  try {
    // With maxCommitBatch, tasks go to the store in batches (one transaction each); else one by one.
    const commit = run.maxCommitBatch !== undefined ? { commitTasks: (tasks: Parameters<RunStore['commitTasks']>[1]) => store.commitTasks(storeId, tasks) } : { commitTask: (task: Parameters<RunStore['commitTask']>[1]) => store.commitTask(storeId, task) };
    result = await runSuite(suite, { ...run, ...extra, ...commit });
  } catch (e) {
    // An unexpected failure (not a cancel or an oracle failure, which runSuite reports as a status):
    // leave the stored run resumable rather than `running` with nobody writing it.
    await store.markInterrupted(storeId, `the run stopped with an unexpected error: ${e instanceof Error ? e.message : String(e)}`).catch(() => undefined);
    throw e;
  }
  let finishError: string | null = null;
  try {
    await store.finishRun(storeId, { status: result.status, error: result.error, manifest: result.manifest, metrics: result.metrics });
  } catch (e) {
    finishError = e instanceof Error ? e.message : String(e);
  }
  return { storeId, result, finishError };
}

/** A new run, stored under its run id (or a free variant of it). */
export async function startStoredRun<Task extends { task_id: string }, Env extends SuiteEnvironment, Opts, Row extends { task_id: string }, T extends TranscriptCore, M extends ManifestCore>(
  suite: AnyStoredSuite<Task, Env, Opts, Row, T, M>,
  opts: StoredRunOptions<Task, Env, Opts, Row, T>,
): Promise<StoredRunOutcome<Row, T, M>> {
  const startedMs = opts.clock();
  const runId = suite.runId({
    agent: opts.agent,
    seed: opts.seed,
    appVersion: opts.appVersion ?? 'unknown',
    bankHash: opts.bankHash ?? 'unknown',
    filters: opts.filters ?? {},
    taskCount: opts.tasks.length,
    oracleBackend: opts.env.backendId,
    startedMs,
    ...(opts.budget ? { budget: opts.budget } : {}),
    options: opts.options,
  });
  const storeId = await opts.store.beginRun({ run_id: runId, label: opts.label, model: opts.model, started_at: new Date(startedMs).toISOString(), recipe: recipeOf(suite.descriptor.id, opts) });
  opts.onStored?.(storeId);
  return runCommitted(suite, opts, storeId, { startedMs });
}

/**
 * Continues an interrupted run from its plan (planResume): the stored run goes back to `running`,
 * only the remaining tasks run, and the result (rows, metrics, manifest) covers all of them.
 * `opts.tasks` is replaced by the plan's tasks so task indices are the original ones.
 */
export async function resumeStoredRun<Task extends { task_id: string }, Env extends SuiteEnvironment, Opts, Row extends { task_id: string }, T extends TranscriptCore, M extends ManifestCore>(
  suite: AnyStoredSuite<Task, Env, Opts, Row, T, M>,
  opts: StoredRunOptions<Task, Env, Opts, Row, T> & { summary: StoredRunSummary; plan: Extract<ResumePlan<Task, Row, T>, { ok: true }> },
): Promise<StoredRunOutcome<Row, T, M>> {
  const storeId = opts.summary.store_id;
  await opts.store.resumeRun(storeId);
  opts.onStored?.(storeId);
  const { summary, plan, ...rest } = opts;
  return runCommitted(suite, { ...rest, tasks: plan.tasks }, storeId, { finished: plan.finished, startedMs: Date.parse(summary.started_at) });
}
