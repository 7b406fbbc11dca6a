/**
 * The suite contract: what a benchmark must provide so that the one run engine, store, export,
 * verifier, leaderboard and page serve it. Each benchmark is one folder (src/core/veh,
 * src/core/circuit-audit, later photonics-agent, design, reproduction) that exports one object of
 * this type; src/core/suites.ts registers them. Generic layers take a Suite (or the registry) as
 * an argument and never import a suite folder (eslint.config.js enforces it).
 *
 * The shape was chosen from the four specifications (../shared/seeds/): staged probes over an
 * oracle (VEHBench and its circuit audit), free tool calls graded on the calls (photonics agent),
 * probes plus a final submission scored by an isolated evaluator (spec-to-design), and a submitted
 * workflow replayed in a fresh sandbox and graded by a hidden rubric (paper reproduction). What
 * differs between them lives behind four type parameters and a few functions:
 *  - Env: what an episode may call (an oracle, a tool server, an evaluator, a sandbox). The run
 *    engine only reads its backendId; platforms (Node, the page's workers) build it
 *    (src/adapters/{node,browser}/suite-environments.ts).
 *  - runEpisode: the suite's protocol (JSON replies with retries on an EpisodeLoop, or a tool loop).
 *  - recordedCalls / replayCalls: every call whose result the grade depends on, so verify can
 *    re-execute it on a fresh Env (oracle calls, tool calls, evaluator probes, replays).
 *  - deriveRow / computeMetrics: grading from the transcript alone; metrics are grouped (by probe,
 *    category or family) and carry 95 % intervals.
 */
import type { z } from 'zod';
import type { EventCore } from '../agent/events.ts';
import type { Agent } from '../agent/types.ts';
import type { RunnableSuite } from '../run/run-suite.ts';
import type { ManifestInput, SuiteEnvironment } from '../run/types.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import type { ManifestCore } from '../run/manifest-core.ts';
import type { SuiteMetrics } from './metrics.ts';
import type { SuiteScoring } from './scoring.ts';
import type { SuiteAnalysis } from '../analyses/suite-analyses.ts';
import type { VerifiableSuite } from '../verify/verify.ts';

export interface SuiteDescriptor {
  /** Stable id: run ids, manifests, URLs and the CLI's --suite use it. */
  readonly id: string;
  readonly title: string;
  /** One sentence for lists. */
  readonly summary: string;
  /** The publication the suite reproduces. */
  readonly citation: string;
  /** Version of the task bank generator (a run records the bank hash too). */
  readonly version: string;
}

/** How tasks and metrics are grouped (VEH: probes P1–P4), in display order, with each group's headline metric. */
export interface TaskGroups<Task> {
  readonly ids: readonly string[];
  of(task: Task): string;
  /** The group's headline metric (key into the metrics table) and its label. */
  readonly headline: Readonly<Record<string, { key: string; label: string }>>;
}

/** A loaded bank: its tasks and the SHA-256 of its manifest file's bytes (what runs record). */
export interface LoadedBank<Task> {
  tasks: Task[];
}

export interface SuiteBank<Task> {
  /** Folder under public/banks/ (page: fetched relative to the page; CLI: read from disk). */
  readonly dir: string;
  /** Reads manifest.json and every bank file it lists through `readText`, checking sizes, hashes and counts. */
  load(readText: (file: string) => Promise<string>): Promise<LoadedBank<Task>>;
  /**
   * What a listing shows of a task (`tasks`, the page's task card): the task without the parts only
   * the built-in agents and the grader read (the reproduction suite's reference workflows). Default:
   * the whole task.
   */
  publicView?(task: Task): unknown;
}

/** A task's facets the task browser and the CLI filter by (probe, split, difficulty…). */
export interface TaskFacet<Task> {
  readonly key: string;
  readonly label: string;
  /** Every value the facet can take, when fixed by the suite (filters are then checked before a bank loads). */
  readonly values?: readonly string[];
  of(task: Task): string;
}

export interface ResultsFileSpec<Row, T, M> {
  /** results.json of a run folder: manifest, rows, metrics (+ per-task usage of model runs). */
  build(r: { manifest: M; rows: readonly Row[]; metrics: SuiteMetrics; transcripts?: readonly T[] }): unknown;
  readonly schema: z.ZodType<{ manifest: M; rows: Row[]; metrics: SuiteMetrics }>;
  markdown(r: { manifest: M; rows: readonly Row[]; metrics: SuiteMetrics }): string;
}

/** An oracle or tool call as a transcript event records it, in the one shape interop exports read. */
export interface CallView {
  /** 'agent': the agent asked for it (counted against budgets); 'harness': the suite's own evaluation. */
  by: 'agent' | 'harness';
  /** The tool's name as an interchange format names it (VEH: veh_oracle.evaluate). */
  function_name: string;
  label: string;
  step: number | null;
  request: Record<string, unknown>;
  result: unknown;
  duration_ms: number;
}

/** What trajectory exports (ATIF) need from a suite's transcripts. */
export interface SuiteInterop<T> {
  /** The call an event records, or null for any other event (kept verbatim as protocol events). */
  callOf(event: EventCore): CallView | null;
  /** One paragraph: what the trajectory's steps and tool calls are in this suite. */
  readonly atifNotes: string;
  /** Suite facts per task for the trajectory's extra block (VEH: the probe). */
  taskExtra(transcript: T): Record<string, unknown>;
}

export interface Suite<Task extends { task_id: string } = { task_id: string }, Env extends SuiteEnvironment = SuiteEnvironment, Opts = unknown, Row extends { task_id: string } = { task_id: string }, T extends TranscriptCore = TranscriptCore, M extends ManifestCore = ManifestCore>
  extends RunnableSuite<Task, Env, Opts, Row, T, M>,
    VerifiableSuite<Env, Row, T, M> {
  readonly descriptor: SuiteDescriptor;
  readonly schemas: {
    readonly task: z.ZodType<Task>;
    readonly row: z.ZodType<Row>;
    readonly transcript: z.ZodType<T>;
    readonly manifest: z.ZodType<M>;
    /** The suite's run options as the CLI and the page pass them (validated before a run starts). */
    readonly options: z.ZodType<Opts>;
  };
  readonly groups: TaskGroups<Task>;
  readonly facets: readonly TaskFacet<Task>[];
  readonly bank: SuiteBank<Task>;
  /** Built-in agents (reference first; privileged ones read the hidden reference). */
  readonly agents: readonly Agent[];
  readonly results: ResultsFileSpec<Row, T, M>;
  /** How rows are graded and compared (leaderboard, compare, export summaries, profiles). */
  readonly scoring: SuiteScoring<Row, T>;
  readonly interop: SuiteInterop<T>;
  /** Analyses over saved runs of this suite (`analyze KIND`, the page's Analyses). */
  readonly analyses: readonly SuiteAnalysis[];
  /** The run id a run of these inputs will get (stored runs need it before the first task). */
  runId(input: ManifestInput<Opts>): string;
  /** The run options a manifest records (resume and shards repeat them). */
  optionsOf(manifest: M): Opts;
}

/**
 * A suite with its types erased, as registries and generic layers hold it. Members are declared
 * as methods, so a typed suite is assignable here; a generic layer validates what it reads with
 * the suite's schemas before trusting it.
 */
export type AnySuite = Suite<{ task_id: string }, SuiteEnvironment, unknown, { task_id: string }, TranscriptCore, ManifestCore>;

