/**
 * Contracts between the generic run engine, the suites, the CLI and the page. The engine is pure:
 * the suite's environment (its oracle or tools), the clock and the seed are passed in.
 */
import type { Agent, Clock } from '../agent/types.ts';
import type { EventCore } from '../agent/events.ts';
import type { EpisodeBudget, Timers } from '../llm/budget.ts';

/** Default run seed of the CLI and the page, so a run started in either reproduces the other. */
export const DEFAULT_RUN_SEED = 42;

export type RunStatus = 'completed' | 'cancelled' | 'failed';

/** What every suite's environment tells the run: which backend answered (recorded in manifests). */
export interface SuiteEnvironment {
  readonly backendId: string;
}

export interface RunProgress<Row = unknown, T = unknown> {
  done: number;
  total: number;
  task_id: string;
  row: Row;
  /** The finished task's transcript (the row is derived from it), so it can be opened mid-run. */
  transcript: T;
}

/** What the page streams while a task runs (the finished transcript still comes with onProgress). */
export type LiveEvent<E extends EventCore = EventCore> = { type: 'delta'; task_id: string; text: string } | { type: 'event'; task_id: string; event: E };

/** One episode as the engine asks a suite to run it. */
export interface EpisodeInput<Task, Env, Opts> {
  task: Task;
  taskIndex: number;
  agent: Agent;
  env: Env;
  clock: Clock;
  runSeed: number;
  signal: AbortSignal;
  /** The suite's own run options (VEH: P3 variant and audit controls). */
  options: Opts;
  maxRetries?: number;
  budget?: EpisodeBudget;
  timers?: Timers;
  onEvent?: (e: EventCore) => void;
  onDelta?: (text: string) => void;
}

/** What the engine knows when it asks the suite for the manifest. */
export interface ManifestInput<Opts> {
  agent: Agent;
  seed: number;
  appVersion: string;
  bankHash: string;
  filters: Record<string, string>;
  taskCount: number;
  oracleBackend: string;
  startedMs: number;
  budget?: EpisodeBudget;
  options: Opts;
}

/**
 * What every suite's own episode runner takes from the engine's EpisodeInput, under the names the
 * suites' episode code uses (`oracle` for the environment, events typed to the suite's union): the
 * suite adds its own options beside these.
 */
export interface EpisodeRunCore<Task, Env, E extends EventCore> {
  task: Task;
  taskIndex: number;
  agent: Agent;
  oracle: Env;
  clock: Clock;
  runSeed: number;
  signal: AbortSignal;
  maxRetries?: number;
  budget?: EpisodeBudget;
  timers?: Timers;
  onEvent?: (e: E) => void;
  onDelta?: (text: string) => void;
}

/** The engine's episode input as a suite's runner takes it (optional fields only when set). */
export function episodeRunCore<Task, Env, E extends EventCore>(i: EpisodeInput<Task, Env, unknown>): EpisodeRunCore<Task, Env, E> {
  return {
    task: i.task,
    taskIndex: i.taskIndex,
    agent: i.agent,
    oracle: i.env,
    clock: i.clock,
    runSeed: i.runSeed,
    signal: i.signal,
    ...(i.maxRetries !== undefined ? { maxRetries: i.maxRetries } : {}),
    ...(i.budget ? { budget: i.budget } : {}),
    ...(i.timers ? { timers: i.timers } : {}),
    // The engine hands each suite only the events its own episode emits.
    ...(i.onEvent ? { onEvent: i.onEvent as (e: E) => void } : {}),
    ...(i.onDelta ? { onDelta: i.onDelta } : {}),
  };
}
