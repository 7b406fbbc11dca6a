/**
 * A suite run that is written to a RunStore as it goes: beginRun before the first task, each task
 * committed (and awaited) the moment it finishes, finishRun at the end. Closing the tab therefore
 * loses at most the task in flight. Resuming continues the same stored run with the tasks it has
 * not committed. Pure: the store, clock and oracle come in, so Node tests run exactly what the page runs.
 */
import { runId, type ManifestInput } from '../veh/run/manifest.ts';
import { runVehSuite, type VehRunResult as RunResult, type VehRunSuiteOptions as RunSuiteOptions } from '../veh/run/run-veh.ts';
import type { ResumePlan } from './resume-plan.ts';
import type { RunRecipe, RunStore, StoredRunSummary } from './run-store.ts';

export type StoredRunOptions = Omit<RunSuiteOptions, 'finished' | 'startedMs' | 'commitTask'> & {
  store: RunStore;
  /** Shown in run lists: the agent's label, or provider + model. */
  label: string;
  model: string | null;
  /** Told the store id as soon as the run is stored (before any task runs). */
  onStored?: (storeId: string) => void;
};

export interface StoredRunOutcome {
  storeId: string;
  result: RunResult;
  /** The final write failed (quota…): the tasks are stored, the run is not marked finished. */
  finishError: string | null;
}

function recipeOf(opts: StoredRunOptions): RunRecipe {
  // Matched budgets are per task and belong to another run: they are not part of what resume repeats.
  const { matched: _matched, ...controls } = opts.controls ?? {};
  return {
    ...(opts.controls ? { controls } : {}),
    suite: 'veh',
    agent_id: opts.agent.id,
    seed: opts.seed,
    p3_variant: opts.p3Variant ?? 'raw_history',
    filters: opts.filters ?? {},
    bank_hash: opts.bankHash ?? 'unknown',
    task_ids: opts.tasks.map((t) => t.task_id),
    app_version: opts.appVersion ?? 'unknown',
  };
}

async function runCommitted(opts: StoredRunOptions, storeId: string, extra: Pick<RunSuiteOptions, 'finished' | 'startedMs'>): Promise<StoredRunOutcome> {
  const { store, label: _label, model: _model, onStored: _onStored, ...suite } = opts;
  let result: RunResult;
  try {
    result = await runVehSuite({
      ...suite,
      ...extra,
      commitTask: (task) => store.commitTask(storeId, task),
    });
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
export async function startStoredRun(opts: StoredRunOptions): Promise<StoredRunOutcome> {
  const startedMs = opts.clock();
  const input: ManifestInput = {
    agent: opts.agent,
    seed: opts.seed,
    p3Variant: opts.p3Variant ?? 'raw_history',
    appVersion: opts.appVersion ?? 'unknown',
    bankHash: opts.bankHash ?? 'unknown',
    filters: opts.filters ?? {},
    taskCount: opts.tasks.length,
    oracleBackend: opts.oracle.backendId,
    startedMs,
  };
  const storeId = await opts.store.beginRun({ run_id: runId(input), label: opts.label, model: opts.model, started_at: new Date(startedMs).toISOString(), recipe: recipeOf(opts) });
  opts.onStored?.(storeId);
  return runCommitted(opts, storeId, { startedMs });
}

/**
 * Continues an interrupted run from its plan (planResume): the stored run goes back to `running`,
 * only the remaining tasks run, and the result (rows, metrics, manifest) covers all of them.
 * `opts.tasks` is replaced by the plan's tasks so task indices are the original ones.
 */
export async function resumeStoredRun(opts: StoredRunOptions & { summary: StoredRunSummary; plan: Extract<ResumePlan, { ok: true }> }): Promise<StoredRunOutcome> {
  const storeId = opts.summary.store_id;
  await opts.store.resumeRun(storeId);
  opts.onStored?.(storeId);
  const { summary, plan, ...rest } = opts;
  return runCommitted({ ...rest, tasks: plan.tasks }, storeId, { finished: plan.finished, startedMs: Date.parse(summary.started_at) });
}
