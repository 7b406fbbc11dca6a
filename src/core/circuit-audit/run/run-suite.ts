/**
 * The circuit run engine: every task in order, a fresh agent session and RNG per task, rows derived
 * from the transcripts, metrics with 95 % intervals at the end. Pure — oracle, clock and seed are
 * passed in. On abort the task in flight is dropped and finished rows are kept ('cancelled'); if the
 * oracle itself fails, the same happens with status 'failed' and the error.
 */
import { EpisodeCancelledError, OracleFailureError } from '../../agent/loop.ts';
import type { Agent, Clock } from '../../agent/types.ts';
import type { EpisodeBudget, Timers } from '../../llm/budget.ts';
import type { SuiteMetrics } from '../../run/types.ts';
import { computeCircuitMetrics } from '../metrics/index.ts';
import type { CircuitRow } from '../metrics/rows.ts';
import type { CircuitOracle } from '../oracle.ts';
import { deriveCircuitRow } from '../protocol/derive-row.ts';
import type { CircuitTranscriptEvent } from '../protocol/events.ts';
import type { CircuitTranscript } from '../protocol/transcript.ts';
import type { CircuitTask } from '../task-schema.ts';
import { buildCircuitManifest, type CircuitRunManifest } from './manifest.ts';
import { runCircuitEpisode } from './run-episode.ts';
import { DEFAULT_MAX_RETRIES } from '../../agent/loop.ts';
import type { P3Variant } from '../../veh/protocol/prompts.ts';

export type CircuitRunStatus = 'completed' | 'cancelled' | 'failed';

export interface CircuitRunResult {
  status: CircuitRunStatus;
  error: string | null;
  rows: CircuitRow[];
  transcripts: CircuitTranscript[];
  metrics: SuiteMetrics;
  manifest: CircuitRunManifest;
}

export interface CircuitRunProgress {
  done: number;
  total: number;
  task_id: string;
  row: CircuitRow;
  transcript: CircuitTranscript;
}

export interface CircuitRunOptions {
  tasks: readonly CircuitTask[];
  agent: Agent;
  oracle: CircuitOracle;
  clock: Clock;
  seed: number;
  signal?: AbortSignal;
  appVersion?: string;
  bankHash?: string;
  filters?: Record<string, string>;
  /** Per-task limits of an LLM run (max_turns, max_cost_usd, timeout_s). */
  budget?: EpisodeBudget;
  timers?: Timers;
  /** Bootstrap resamples (default: the stats module's). */
  resamples?: number;
  onProgress?: (p: CircuitRunProgress) => void;
  onEvent?: (taskId: string, e: CircuitTranscriptEvent) => void;
  /** P3 opening variant (default raw_history); recorded in the manifest and each transcript. */
  p3Variant?: P3Variant;
}

const NEVER_ABORTED = new AbortController().signal;

export async function runCircuitSuite(opts: CircuitRunOptions): Promise<CircuitRunResult> {
  const signal = opts.signal ?? NEVER_ABORTED;
  if (opts.budget?.timeout_s !== undefined && !opts.timers) throw new Error('runCircuitSuite: budget.timeout_s needs injected timers');
  const startedMs = opts.clock();
  const rows: CircuitRow[] = [];
  const transcripts: CircuitTranscript[] = [];
  let status: CircuitRunStatus = 'completed';
  let error: string | null = null;
  for (const [index, task] of opts.tasks.entries()) {
    if (signal.aborted) {
      status = 'cancelled';
      break;
    }
    let transcript: CircuitTranscript;
    try {
      const onEvent = opts.onEvent;
      transcript = await runCircuitEpisode({
        task,
        taskIndex: index,
        agent: opts.agent,
        oracle: opts.oracle,
        clock: opts.clock,
        runSeed: opts.seed,
        signal,
        ...(opts.budget ? { budget: opts.budget } : {}),
        ...(opts.timers ? { timers: opts.timers } : {}),
        ...(opts.p3Variant ? { p3Variant: opts.p3Variant } : {}),
        ...(onEvent ? { onEvent: (e: CircuitTranscriptEvent) => onEvent(task.task_id, e) } : {}),
      });
    } catch (e) {
      if (signal.aborted || e instanceof EpisodeCancelledError) {
        status = 'cancelled';
        break;
      }
      if (e instanceof OracleFailureError) {
        status = 'failed';
        error = e.message;
        break;
      }
      throw e;
    }
    const row = deriveCircuitRow(transcript);
    transcripts.push(transcript);
    rows.push(row);
    opts.onProgress?.({ done: rows.length, total: opts.tasks.length, task_id: task.task_id, row, transcript });
  }
  const manifest = buildCircuitManifest(
    {
      agent: opts.agent,
      seed: opts.seed,
      appVersion: opts.appVersion ?? 'unknown',
      bankHash: opts.bankHash ?? 'unknown',
      filters: opts.filters ?? {},
      taskCount: opts.tasks.length,
      oracleBackend: opts.oracle.backendId,
      maxRetries: transcripts[0]?.settings.max_retries ?? DEFAULT_MAX_RETRIES,
      startedMs,
      ...(opts.budget ? { budget: opts.budget } : {}),
      ...(opts.p3Variant ? { p3Variant: opts.p3Variant } : {}),
    },
    opts.clock,
    status,
    transcripts,
  );
  return {
    status,
    error,
    rows,
    transcripts,
    metrics: computeCircuitMetrics(rows, { seed: opts.seed, ...(opts.resamples !== undefined ? { resamples: opts.resamples } : {}) }),
    manifest,
  };
}
