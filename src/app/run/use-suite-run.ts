import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Agent } from '../../core/agent/types.ts';
import { PAGE_TIMERS } from '../../adapters/browser/page-timers.ts';
import type { EpisodeBudget } from '../../core/llm/budget.ts';
import type { ResumePlan } from '../../core/store/resume-plan.ts';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import { resumeStoredRun, startStoredRun, type StoredRunOptions } from '../../core/store/stored-run.ts';
import { holdRunLock } from '../../adapters/browser/run-locks.ts';
import { getRunStore } from '../data/run-store.ts';
import { pauseOnCancel } from './pause-on-cancel.ts';
import type { LiveEvent, SuiteEnvironment } from '../../core/run/types.ts';
import type { TranscriptCore } from '../../core/run/transcript-core.ts';
import type { ManifestCore } from '../../core/run/manifest-core.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import type { SuiteRow } from '../../core/store/run-store.ts';
import { APP_VERSION } from '../app-version.ts';
import { applyLiveEvent, emptyLiveState, snapshotLiveState, type LiveLlmState } from './live-llm.ts';

export interface RunRequest {
  /** The suite the tasks belong to (the registry's; the page never branches on which). */
  suite: AnySuite;
  tasks: readonly { task_id: string }[];
  agent: Agent;
  /** The suite's environment (its worker oracle). */
  env: SuiteEnvironment;
  seed: number;
  /** The suite's run options (VEH: P3 variant and audit controls), checked with its options schema. */
  options: unknown;
  filters: Record<string, string>;
  bankHash: string;
  /** Per-task budgets (LLM runs). */
  budget?: EpisodeBudget;
  /**
   * Follow the run event by event (LLM runs: streamed text, live cost). Off for built-in agents,
   * which finish hundreds of tasks a second and are followed through per-task progress only.
   */
  live?: boolean;
  /**
   * Continue this interrupted stored run instead of starting a new one (`tasks` are then the plan's:
   * every task of the run, in its order; the committed ones are skipped).
   */
  resume?: { summary: StoredRunSummary; plan: Extract<ResumePlan, { ok: true }> };
}

/** Where the run is kept in this browser. */
export interface StoredRunInfo {
  storeId: string;
  /** The final write failed (e.g. storage full): the tasks are stored, the run is not marked finished. */
  finishError: string | null;
}

export interface LiveProgress {
  done: number;
  total: number;
  rows: readonly SuiteRow[];
  /** The finished tasks' transcripts, in the same order as `rows`, so any finished task opens mid-run. */
  transcripts: readonly TranscriptCore[];
  lastTaskId: string | null;
}

const EMPTY_PROGRESS: LiveProgress = { done: 0, total: 0, rows: [], transcripts: [], lastTaskId: null };

/** Progress events arrive once per task (hundreds a second for fast agents); render at most this often. */
const RENDER_INTERVAL_MS = 400;
/**
 * Tasks per IndexedDB transaction at most: commits are pipelined (runSuite's commitTasks), so a
 * slow agent still commits each task alone soon after it finishes (COMMIT_GATHER_MS), and a fast
 * one gathers up to this many into one transaction. A closed tab loses at most the batch in flight
 * and the tasks of the last COMMIT_GATHER_MS.
 */
const MAX_COMMIT_BATCH = 50;
/**
 * A commit waits this long after its first task finished for more to join it (unless
 * MAX_COMMIT_BATCH are waiting): a fast agent then commits ~50 tasks per transaction instead of the
 * 2–4 that finish while one transaction is in flight, and a slow one still commits each task within
 * this many ms of its end. A page trace of the reference run (763 tasks) had ~240 transactions, each
 * re-reading, checking and rewriting the run record on the main thread; with this, 16 (issue 20).
 */
const COMMIT_GATHER_MS = 100;

/**
 * One suite run at a time: a react-query mutation around runSuite (through stored-run.ts, so every
 * finished task is committed to the browser's run store at once and an interrupted run can be
 * resumed; in pipelined batches, MAX_COMMIT_BATCH), an AbortController for Cancel, and throttled live progress. On cancel runSuite resolves (status 'cancelled') with the rows that
 * finished, so the result is shown the same way as a completed run; if the oracle worker dies, the
 * engine stops the run (status 'failed') with the finished rows, and its error is the run's error.
 */
export function useSuiteRun() {
  const [progress, setProgress] = useState<LiveProgress>(EMPTY_PROGRESS);
  const [live, setLive] = useState<LiveLlmState | null>(null);
  /** The live accumulator of an LLM run (null for built-in agents); rendered through `flush`. */
  const liveRef = useRef<LiveLlmState | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  /** The latest progress; its rows and transcripts arrays are the live, mutable ones (copied only when rendered). */
  const pendingRef = useRef<LiveProgress>(EMPTY_PROGRESS);
  const timerRef = useRef<number | null>(null);

  const flush = useCallback(() => {
    if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    timerRef.current = null;
    const p = pendingRef.current;
    // One copy per render (at most every RENDER_INTERVAL_MS), not one per task.
    setProgress({ ...p, rows: p.rows.slice(), transcripts: p.transcripts.slice() });
    setLive(liveRef.current ? snapshotLiveState(liveRef.current) : null);
  }, []);

  const mutation = useMutation({
    mutationFn: async (request: RunRequest) => {
      const controller = new AbortController();
      controllerRef.current = controller;
      // A resumed run shows its committed tasks from the start (they are part of its result).
      const earlier = request.resume ? [...request.resume.plan.finished.entries()].sort(([a], [b]) => a - b).map(([, t]) => t) : [];
      const rows: SuiteRow[] = earlier.map((t) => t.row);
      const transcripts: TranscriptCore[] = earlier.map((t) => t.transcript);
      pendingRef.current = { done: rows.length, total: request.tasks.length, rows, transcripts, lastTaskId: null };
      liveRef.current = request.live ? emptyLiveState() : null;
      const liveState = liveRef.current;
      flush();
      // This tab owns the stored run while it runs (another tab opened meanwhile leaves it alone).
      let releaseLock: () => void = () => undefined;
      try {
        const options: StoredRunOptions<{ task_id: string }, SuiteEnvironment, unknown, SuiteRow, TranscriptCore> = {
          // Cancel pauses: the stored run stays resumable (pause-on-cancel.ts).
          store: pauseOnCancel(getRunStore()),
          label: request.agent.model ? `${request.agent.model.settings.provider} ${request.agent.model.settings.model}` : request.agent.label,
          model: request.agent.model?.settings.model ?? null,
          onStored: (storeId) => {
            releaseLock = holdRunLock(storeId);
          },
          tasks: request.tasks,
          agent: request.agent,
          env: request.env,
          options: request.suite.schemas.options.parse(request.options),
          clock: () => Date.now(),
          seed: request.seed,
          signal: controller.signal,
          appVersion: APP_VERSION,
          bankHash: request.bankHash,
          filters: request.filters,
          timers: PAGE_TIMERS,
          maxCommitBatch: MAX_COMMIT_BATCH,
          commitGatherMs: COMMIT_GATHER_MS,
          ...(request.budget ? { budget: request.budget } : {}),
          ...(liveState
            ? {
                onLive: (e) => {
                  applyLiveEvent(liveState, e as LiveEvent);
                  timerRef.current ??= window.setTimeout(flush, RENDER_INTERVAL_MS);
                },
              }
            : {}),
          onProgress: ({ done, total, task_id, row, transcript }) => {
            rows.push(row);
            transcripts.push(transcript);
            pendingRef.current = { done, total, rows, transcripts, lastTaskId: task_id };
            timerRef.current ??= window.setTimeout(flush, RENDER_INTERVAL_MS);
          },
        };
        // Finished tasks are committed in pipelined batches, each before it joins the result: see run-suite.ts.
        const outcome = request.resume
          ? await resumeStoredRun<{ task_id: string }, SuiteEnvironment, unknown, SuiteRow, TranscriptCore, ManifestCore>(request.suite, { ...options, summary: request.resume.summary, plan: request.resume.plan })
          : await startStoredRun<{ task_id: string }, SuiteEnvironment, unknown, SuiteRow, TranscriptCore, ManifestCore>(request.suite, options);
        const { result } = outcome;
        // The result's rows and transcripts are the record; make the live view agree with them exactly.
        pendingRef.current = { ...pendingRef.current, done: result.rows.length, rows: result.rows, transcripts: result.transcripts };
        const stored: StoredRunInfo = { storeId: outcome.storeId, finishError: outcome.finishError };
        return { result, stored };
      } finally {
        releaseLock();
        flush();
        controllerRef.current = null;
      }
    },
  });

  // Leaving the page for good (App unmount) must not leave a run spinning in the worker.
  useEffect(
    () => () => {
      controllerRef.current?.abort();
      if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    },
    [],
  );

  const { mutate, reset: resetMutation } = mutation;
  const start = useCallback((request: RunRequest) => mutate(request), [mutate]);
  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const reset = useCallback(() => {
    pendingRef.current = EMPTY_PROGRESS;
    liveRef.current = null;
    setProgress(EMPTY_PROGRESS);
    setLive(null);
    resetMutation();
  }, [resetMutation]);

  return useMemo(
    () => ({
      progress,
      /** LLM runs: the task in flight, streamed text and running token/cost totals. */
      live,
      running: mutation.isPending,
      result: mutation.data?.result ?? null,
      /** Where the last run is stored in this browser (null while running, or when it could not be stored). */
      stored: mutation.data?.stored ?? null,
      /** The run threw, or the oracle died under it (status 'failed'; `result` holds the finished tasks). */
      error: mutation.error ?? (mutation.data?.result.status === 'failed' ? new Error(mutation.data.result.error ?? 'the oracle failed') : null),
      request: mutation.variables ?? null,
      start,
      cancel,
      reset,
    }),
    [progress, live, mutation.isPending, mutation.data, mutation.error, mutation.variables, start, cancel, reset],
  );
}

export type SuiteRun = ReturnType<typeof useSuiteRun>;
