/**
 * The run engine, for every suite: each task in order, a fresh agent session and RNG per task (the
 * suite's runEpisode), rows derived from the transcripts, metrics and manifest at the end. Pure —
 * environment, clock and seed are passed in — so the page (worker oracles) and the CLI (WASM) run
 * the same code. On abort the task in flight is dropped and the finished rows are kept, with status
 * 'cancelled'; if the oracle itself fails, the same happens with status 'failed' and the error.
 */
import type { Agent, Clock } from '../agent/types.ts';
import { EpisodeCancelledError, OracleFailureError } from '../agent/loop.ts';
import type { EpisodeBudget, Timers } from '../llm/budget.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import type { EpisodeInput, LiveEvent, ManifestInput, RunProgress, RunStatus, SuiteEnvironment } from './types.ts';
import type { TranscriptCore } from './transcript-core.ts';

/** The part of a suite the engine drives (src/core/suite/contract.ts has the whole contract). */
export interface RunnableSuite<Task extends { task_id: string }, Env extends SuiteEnvironment, Opts, Row, T extends TranscriptCore, M> {
  runEpisode(input: EpisodeInput<Task, Env, Opts>): Promise<T>;
  deriveRow(transcript: T): Row;
  computeMetrics(rows: readonly Row[], opts: { seed: number; resamples?: number }): SuiteMetrics;
  buildManifest(input: ManifestInput<Opts>, clock: Clock, status: RunStatus, transcripts: readonly T[]): M;
}

export interface RunResult<Row, T, M> {
  /** 'failed': the oracle failed under the run; the finished tasks are kept and `error` says why. */
  status: RunStatus;
  error: string | null;
  rows: Row[];
  transcripts: T[];
  metrics: SuiteMetrics;
  manifest: M;
}

export interface RunSuiteOptions<Task, Env, Opts, Row, T> {
  tasks: readonly Task[];
  agent: Agent;
  env: Env;
  clock: Clock;
  /** Seeds every agent RNG (per task: hash of seed and task id) and the bootstrap. */
  seed: number;
  /** The suite's own run options (validated by the suite). */
  options: Opts;
  signal?: AbortSignal;
  onProgress?: (p: RunProgress<Row, T>) => void;
  /** Per-task limits (LLM runs): max_turns, max_cost_usd, timeout_s. See src/core/llm/budget.ts. */
  budget?: EpisodeBudget;
  /** Injected timers; required when budget.timeout_s is set. */
  timers?: Timers;
  /** Live view: the model's streamed text and every transcript event as it happens. */
  onLive?: (e: LiveEvent) => void;
  appVersion?: string;
  bankHash?: string;
  filters?: Record<string, string>;
  /** Bootstrap resamples (default: the stats module's). */
  resamples?: number;
  /**
   * Position of tasks[0] in the whole selection (a shard's first task), so each transcript records
   * its task_index in the unsharded run and merged shards order and verify as one run.
   */
  firstTaskIndex?: number;
  /**
   * Resume: tasks an earlier, interrupted run of the same recipe already finished, by index into
   * `tasks`. They are not run again; their rows and transcripts take their place in the result, so
   * metrics and manifest cover every task (per-task RNG makes the rest come out as if never stopped).
   */
  finished?: ReadonlyMap<number, { row: Row; transcript: T }>;
  /** Resume: the interrupted run's start, so the manifest (and its run id) stays that run's. */
  startedMs?: number;
  /**
   * Awaited after each task, before the next starts (the page stores the task here), so a run is
   * never ahead of its storage. If it throws, the run stops with status 'failed' and that error,
   * and the task it refused is left out of the result, as it is out of the store.
   */
  commitTask?: (task: { task_index: number; row: Row; transcript: T }) => Promise<void>;
  /**
   * Pipelined, batched commits (the page's IndexedDB store, issue 20), used instead of commitTask
   * when given: one commit is in flight at a time while the next tasks run; the tasks that finish
   * meanwhile go together in the next commit (at most `maxCommitBatch`; the run waits when that many
   * are waiting; with `commitGatherMs` a commit also waits for its batch to fill, up to that long).
   * A slow agent thus commits each task alone soon after it finishes, and a fast one in batches,
   * one transaction per batch instead of per task. A task joins the result (and
   * onProgress) only once committed, and the run ends only when every finished task is: a cancel or
   * an oracle failure still stores what finished. If a commit is refused, the run stops with status
   * 'failed' and those tasks (and any finished after them) are left out of the result, as they are
   * out of the store.
   */
  commitTasks?: (tasks: readonly { task_index: number; row: Row; transcript: T }[]) => Promise<void>;
  /** With commitTasks: the most tasks one commit carries (default 64). */
  maxCommitBatch?: number;
  /**
   * With commitTasks (needs `timers`): a commit starts once `maxCommitBatch` tasks are waiting, or
   * this many ms after the first of them finished, whichever comes first (the end of the run, a
   * cancel or a failure commits at once). Without it every commit starts as soon as the one before
   * it ends, which for a fast agent is every few tasks: each IndexedDB transaction has a fixed cost
   * on the page's main thread (reading and checking the run record, writing it back), and hundreds
   * of them took a third of the page run (issue 20). A closed tab then loses at most the batch in
   * flight and the tasks of the last `commitGatherMs`.
   */
  commitGatherMs?: number;
  /**
   * Awaited before each task: hands control back to the host's event loop, so a Ctrl-C (or any
   * other event that aborts `signal`) is seen between tasks even when every episode resolves
   * synchronously (built-in agents on a WASM oracle never yield on their own). The CLI passes a
   * setImmediate; core has no ambient timers.
   */
  yieldToHost?: () => Promise<void>;
  /**
   * Called after each task is committed: a reason string stops the run there with status 'failed'
   * and that error (the task itself is kept). The CLI stops a model run on a dead endpoint with it
   * (src/core/llm/failure-streak.ts), since every later task would only fail the same way.
   */
  stopAfter?: (task: { task_index: number; row: Row; transcript: T }) => string | null;
}

const NEVER_ABORTED = new AbortController().signal;

export async function runSuite<Task extends { task_id: string }, Env extends SuiteEnvironment, Opts, Row, T extends TranscriptCore, M>(
  suite: RunnableSuite<Task, Env, Opts, Row, T, M>,
  opts: RunSuiteOptions<Task, Env, Opts, Row, T>,
): Promise<RunResult<Row, T, M>> {
  const signal = opts.signal ?? NEVER_ABORTED;
  const manifestInput: ManifestInput<Opts> = {
    agent: opts.agent,
    seed: opts.seed,
    appVersion: opts.appVersion ?? 'unknown',
    bankHash: opts.bankHash ?? 'unknown',
    filters: opts.filters ?? {},
    taskCount: opts.tasks.length,
    oracleBackend: opts.env.backendId,
    startedMs: opts.startedMs ?? opts.clock(),
    ...(opts.budget ? { budget: opts.budget } : {}),
    options: opts.options,
  };
  if (opts.budget?.timeout_s !== undefined && !opts.timers) throw new Error('runSuite: budget.timeout_s needs injected timers (RunSuiteOptions.timers)');
  if (opts.commitGatherMs !== undefined && !opts.timers) throw new Error('runSuite: commitGatherMs needs injected timers (RunSuiteOptions.timers)');
  const rows: Row[] = [];
  const transcripts: T[] = [];
  let status: RunStatus = 'completed';
  let error: string | null = null;
  const total = opts.tasks.length;
  const commitTasks = opts.commitTasks;
  const maxBatch = Math.max(1, opts.maxCommitBatch ?? 64);
  /** Finished tasks not yet handed to commitTasks, in task order. */
  const pending: { task_index: number; task_id: string; row: Row; transcript: T }[] = [];
  let inflight: Promise<void> | null = null;
  let refused = false;
  const gatherMs = opts.commitGatherMs;
  const timers = opts.timers;
  /** The gather window of the oldest waiting task: armed when it joins `pending`. */
  let gatherTimer: ReturnType<Timers['setTimeout']> | null = null;
  /** The window has run out (or the run is draining): the waiting tasks go in the next commit whatever their number. */
  let due = gatherMs === undefined;
  /**
   * Hands every waiting task to one commit, unless one is in flight (it starts the next when done)
   * or, with a gather window, fewer than maxBatch wait and their window is still open.
   */
  const startCommit = (): void => {
    if (!commitTasks || inflight || refused || pending.length === 0) return;
    if (!due && pending.length < maxBatch) return;
    if (gatherTimer !== null) timers?.clearTimeout(gatherTimer);
    gatherTimer = null;
    due = gatherMs === undefined;
    const batch = pending.splice(0);
    inflight = commitTasks(batch.map(({ task_index, row, transcript }) => ({ task_index, row, transcript })))
      .then(
        () => {
          for (const t of batch) {
            transcripts.push(t.transcript);
            rows.push(t.row);
            opts.onProgress?.({ done: rows.length, total, task_id: t.task_id, row: t.row, transcript: t.transcript });
          }
        },
        (e: unknown) => {
          refused = true;
          status = 'failed';
          error = e instanceof Error ? e.message : String(e);
          pending.length = 0;
        },
      )
      .finally(() => {
        inflight = null;
        startCommit();
      });
  };
  /** A finished task waits for its commit (the first one to wait opens the gather window). */
  const enqueue = (task: (typeof pending)[number]): void => {
    pending.push(task);
    if (gatherMs !== undefined && timers && gatherTimer === null && !due) {
      gatherTimer = timers.setTimeout(() => {
        gatherTimer = null;
        due = true;
        startCommit();
      }, gatherMs);
    }
    startCommit();
  };
  /** Until every finished task is committed (or a commit was refused), without waiting for a gather window. */
  const drain = async (): Promise<void> => {
    due = true;
    startCommit();
    while (inflight) await inflight;
    // Nothing waits now (or a refused commit dropped it): the next task to finish opens a new window.
    if (gatherTimer !== null) timers?.clearTimeout(gatherTimer);
    gatherTimer = null;
    due = gatherMs === undefined;
  };
  for (const [index, task] of opts.tasks.entries()) {
    if (refused) break;
    const done = opts.finished?.get(index);
    if (done) {
      // Keeps the result in task order when earlier tasks are still being committed.
      await drain();
      if (refused) break;
      rows.push(done.row);
      transcripts.push(done.transcript);
      continue;
    }
    if (opts.yieldToHost) await opts.yieldToHost();
    if (signal.aborted) {
      status = 'cancelled';
      break;
    }
    let transcript: T;
    try {
      const live = opts.onLive;
      transcript = await suite.runEpisode({
        task,
        taskIndex: (opts.firstTaskIndex ?? 0) + index,
        agent: opts.agent,
        env: opts.env,
        clock: opts.clock,
        runSeed: opts.seed,
        signal,
        options: opts.options,
        ...(opts.budget ? { budget: opts.budget } : {}),
        ...(opts.timers ? { timers: opts.timers } : {}),
        ...(live
          ? {
              onEvent: (event) => live({ type: 'event', task_id: task.task_id, event }),
              onDelta: (text) => live({ type: 'delta', task_id: task.task_id, text }),
            }
          : {}),
      });
    } catch (e) {
      if (signal.aborted || e instanceof EpisodeCancelledError) {
        status = 'cancelled';
        break;
      }
      if (e instanceof OracleFailureError) {
        // Every later task would fail the same way: stop, keep what finished, say why.
        status = 'failed';
        error = e.message;
        break;
      }
      throw e;
    }
    const row = suite.deriveRow(transcript);
    if (commitTasks) {
      enqueue({ task_index: index, task_id: task.task_id, row, transcript });
      // Back-pressure: never more than one batch ahead of the store.
      while (pending.length >= maxBatch && inflight) await inflight;
      const stop = opts.stopAfter?.({ task_index: index, row, transcript });
      if (stop != null) {
        await drain();
        if (!refused) {
          status = 'failed';
          error = stop;
        }
        break;
      }
      continue;
    }
    if (opts.commitTask) {
      try {
        await opts.commitTask({ task_index: index, row, transcript });
      } catch (e) {
        status = 'failed';
        error = e instanceof Error ? e.message : String(e);
        break;
      }
    }
    transcripts.push(transcript);
    rows.push(row);
    opts.onProgress?.({ done: rows.length, total, task_id: task.task_id, row, transcript });
    const stop = opts.stopAfter?.({ task_index: index, row, transcript });
    if (stop != null) {
      status = 'failed';
      error = stop;
      break;
    }
  }
  await drain();
  return {
    status,
    error,
    rows,
    transcripts,
    metrics: suite.computeMetrics(rows, { seed: opts.seed, ...(opts.resamples !== undefined ? { resamples: opts.resamples } : {}) }),
    manifest: suite.buildManifest(manifestInput, opts.clock, status, transcripts),
  };
}
