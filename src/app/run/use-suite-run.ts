import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Agent } from '../../core/agent/types.ts';
import { PAGE_TIMERS } from '../../adapters/browser/page-timers.ts';
import type { EpisodeBudget } from '../../core/llm/budget.ts';
import type { VehOracle } from '../../core/run/types.ts';
import { runSuite } from '../../core/run/run-suite.ts';
import type { Transcript } from '../../core/run/transcript.ts';
import type { P3Variant } from '../../core/veh/protocol/prompts.ts';
import type { VehRow } from '../../core/veh/rows.ts';
import type { VehTask } from '../../core/veh/task-schema.ts';
import { APP_VERSION } from '../app-version.ts';
import { applyLiveEvent, emptyLiveState, snapshotLiveState, type LiveLlmState } from './live-llm.ts';

export interface RunRequest {
  tasks: readonly VehTask[];
  agent: Agent;
  oracle: VehOracle;
  seed: number;
  p3Variant: P3Variant;
  filters: Record<string, string>;
  bankHash: string;
  /** Per-task budgets (LLM runs). */
  budget?: EpisodeBudget;
  /**
   * Follow the run event by event (LLM runs: streamed text, live cost). Off for built-in agents,
   * which finish hundreds of tasks a second and are followed through per-task progress only.
   */
  live?: boolean;
}

export interface LiveProgress {
  done: number;
  total: number;
  rows: readonly VehRow[];
  /** The finished tasks' transcripts, in the same order as `rows`, so any finished task opens mid-run. */
  transcripts: readonly Transcript[];
  lastTaskId: string | null;
}

const EMPTY_PROGRESS: LiveProgress = { done: 0, total: 0, rows: [], transcripts: [], lastTaskId: null };

/** Progress events arrive once per task (hundreds a second for fast agents); render at most this often. */
const RENDER_INTERVAL_MS = 100;

/**
 * One suite run at a time: a react-query mutation around runSuite, an AbortController for Cancel,
 * and throttled live progress. On cancel runSuite resolves (status 'cancelled') with the rows that
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
      const rows: VehRow[] = [];
      const transcripts: Transcript[] = [];
      pendingRef.current = { done: 0, total: request.tasks.length, rows, transcripts, lastTaskId: null };
      liveRef.current = request.live ? emptyLiveState() : null;
      const liveState = liveRef.current;
      flush();
      try {
        const result = await runSuite({
          tasks: request.tasks,
          agent: request.agent,
          oracle: request.oracle,
          clock: () => Date.now(),
          seed: request.seed,
          p3Variant: request.p3Variant,
          signal: controller.signal,
          appVersion: APP_VERSION,
          bankHash: request.bankHash,
          filters: request.filters,
          timers: PAGE_TIMERS,
          ...(request.budget ? { budget: request.budget } : {}),
          ...(liveState
            ? {
                onLive: (e) => {
                  applyLiveEvent(liveState, e);
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
        });
        // The result's rows and transcripts are the record; make the live view agree with them exactly.
        pendingRef.current = { ...pendingRef.current, done: result.rows.length, rows: result.rows, transcripts: result.transcripts };
        return { result };
      } finally {
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
