/**
 * The run engine: every task in order, a fresh agent session and RNG per task, rows derived from
 * the transcripts, metrics at the end. Pure — oracle, clock and seed are passed in — so the page
 * (worker oracle) and the CLI (WASM) run the same code. On abort the task in flight is dropped and
 * the finished rows are kept, with status 'cancelled'; if the oracle itself fails, the same happens
 * with status 'failed' and the error.
 */
import type { VehRow } from '../veh/rows.ts';
import { EpisodeCancelledError, OracleFailureError } from '../agent/loop.ts';
import { computeVehMetrics } from '../veh/metrics/index.ts';
import { deriveRow } from '../veh/protocol/derive-row.ts';
import { buildManifest, type ManifestInput, type RunManifest } from './manifest.ts';
import { runEpisode } from './run-episode.ts';
import type { Transcript } from './transcript.ts';
import type { RunOptions, SuiteMetrics } from './types.ts';

export type RunStatus = 'completed' | 'cancelled' | 'failed';

export interface RunResult {
  /** 'failed': the oracle failed under the run; the finished tasks are kept and `error` says why. */
  status: RunStatus;
  error: string | null;
  rows: VehRow[];
  transcripts: Transcript[];
  metrics: SuiteMetrics;
  manifest: RunManifest;
}

export interface RunSuiteOptions extends RunOptions {
  appVersion?: string;
  bankHash?: string;
  filters?: Record<string, string>;
  /**
   * Resume: tasks an earlier, interrupted run of the same recipe already finished, by index into
   * `tasks`. They are not run again; their rows and transcripts take their place in the result, so
   * metrics and manifest cover every task (per-task RNG makes the rest come out as if never stopped).
   */
  finished?: ReadonlyMap<number, { row: VehRow; transcript: Transcript }>;
  /** Resume: the interrupted run's start, so the manifest (and its run id) stays that run's. */
  startedMs?: number;
  /**
   * Awaited after each task, before the next starts (the page stores the task here), so a run is
   * never ahead of its storage. If it throws, the run stops with status 'failed' and that error,
   * and the task it refused is left out of the result, as it is out of the store.
   */
  commitTask?: (task: { task_index: number; row: VehRow; transcript: Transcript }) => Promise<void>;
}

const NEVER_ABORTED = new AbortController().signal;

export async function runSuite(opts: RunSuiteOptions): Promise<RunResult> {
  const signal = opts.signal ?? NEVER_ABORTED;
  const p3Variant = opts.p3Variant ?? 'raw_history';
  const manifestInput: ManifestInput = {
    agent: opts.agent,
    seed: opts.seed,
    p3Variant,
    appVersion: opts.appVersion ?? 'unknown',
    bankHash: opts.bankHash ?? 'unknown',
    filters: opts.filters ?? {},
    taskCount: opts.tasks.length,
    oracleBackend: opts.oracle.backendId,
    startedMs: opts.startedMs ?? opts.clock(),
    ...(opts.budget ? { budget: opts.budget } : {}),
  };
  if (opts.budget?.timeout_s !== undefined && !opts.timers) throw new Error('runSuite: budget.timeout_s needs injected timers (RunOptions.timers)');
  const rows: VehRow[] = [];
  const transcripts: Transcript[] = [];
  let status: RunStatus = 'completed';
  let error: string | null = null;
  const total = opts.tasks.length;
  for (const [index, task] of opts.tasks.entries()) {
    const done = opts.finished?.get(index);
    if (done) {
      rows.push(done.row);
      transcripts.push(done.transcript);
      continue;
    }
    if (signal.aborted) {
      status = 'cancelled';
      break;
    }
    let transcript: Transcript;
    try {
      const live = opts.onLive;
      transcript = await runEpisode({
        task,
        taskIndex: index,
        agent: opts.agent,
        oracle: opts.oracle,
        clock: opts.clock,
        runSeed: opts.seed,
        signal,
        p3Variant,
        ...(opts.controls ? { controls: opts.controls } : {}),
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
    const row = deriveRow(transcript);
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
  }
  return {
    status,
    error,
    rows,
    transcripts,
    metrics: computeVehMetrics(rows, { seed: opts.seed }),
    manifest: buildManifest(manifestInput, opts.clock, status, transcripts),
  };
}
