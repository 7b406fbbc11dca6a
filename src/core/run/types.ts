/**
 * Contracts between the run engine (src/core/run), the metrics (src/core/veh/metrics), the CLI and
 * the page. The engine is pure: oracle, clock and RNG seed are passed in.
 */
import type { Agent, Clock } from '../agent/types.ts';
import type { TranscriptEvent } from '../agent/events.ts';
import type { EpisodeBudget, Timers } from '../llm/budget.ts';
import type { OracleRequest, OracleResult } from '../veh/oracle.ts';
import type { ControlCondition } from '../veh/protocol/control-blocks.ts';
import type { P3Variant } from '../veh/protocol/prompts.ts';
import type { SgForm } from '../veh/protocol/sg-forms.ts';
import type { SubsetId } from '../veh/subsets/appendix-d.ts';
import type { MetricTable, VehRow } from '../veh/rows.ts';
import type { Probe, VehTask } from '../veh/task-schema.ts';
// Type only: transcript.ts is a runtime module, and types.ts must stay free of runtime imports.
import type { Transcript } from './transcript.ts';

/** Default run seed of the CLI and the page, so a run started in either reproduces the other. */
export const DEFAULT_RUN_SEED = 42;

/** Async so the page can run the oracle in a worker; Node calls WASM directly behind the same shape. */
export interface VehOracle {
  readonly backendId: string;
  evaluate(request: OracleRequest): Promise<OracleResult>;
  evaluateMany(requests: readonly OracleRequest[]): Promise<OracleResult[]>;
}

/** Suite metrics per probe; keys are the paper's metric names (p1_composite, macro_f1, acs, ...). */
export type SuiteMetrics = Partial<Record<Probe, MetricTable>>;

export interface RunProgress {
  done: number;
  total: number;
  task_id: string;
  row: VehRow;
  /** The finished task's transcript (the row is derived from it), so it can be opened mid-run. */
  transcript: Transcript;
}

export interface RunOptions {
  tasks: readonly VehTask[];
  agent: Agent;
  oracle: VehOracle;
  clock: Clock;
  /** Seeds every agent RNG (per task: hash of seed and task id) and the bootstrap. */
  seed: number;
  signal?: AbortSignal;
  onProgress?: (p: RunProgress) => void;
  /** P3 prompt form: raw corrupted history (default) or the verifier-authored state summary. */
  p3Variant?: P3Variant;
  /** Per-task limits (LLM runs): max_turns, max_cost_usd, timeout_s. See src/core/llm/budget.ts. */
  budget?: EpisodeBudget;
  /** Injected timers; required when budget.timeout_s is set. */
  timers?: Timers;
  /** Live view: the model's streamed text and every transcript event as it happens. */
  onLive?: (e: LiveEvent) => void;
  /** Run-time controls (prompt condition, subset, SG form, matched budgets); recorded per transcript. */
  controls?: RunControls;
}

/**
 * Run-time controls of the audits (Finding 3, Appendices D, M, P, Q). Each episode records them in
 * its transcript settings, and the manifest reads them back from there, so analyses can pair runs.
 */
export interface RunControls {
  /** Controlled-prompt condition (Appendix Q); default 'default'. state_summary_plus forces the P3 state summary. */
  control?: ControlCondition;
  /** The named task subset the caller selected (recorded only; the caller filters the tasks). */
  subset?: SubsetId | null;
  /** Selection–generation audit form (Appendix P): P2 tasks run as this SG form. */
  sgForm?: SgForm | null;
  /** CMA-ES query-matched run (Appendix M): the source run and its per-task agent query counts. */
  matched?: MatchedBudgets | null;
}

export interface MatchedBudgets {
  runId: string;
  /** task_id → the number of agent oracle calls the source run made on that task. */
  budgets: Readonly<Record<string, number>>;
}

/** What the page streams while a task runs (the finished transcript still comes with onProgress). */
export type LiveEvent = { type: 'delta'; task_id: string; text: string } | { type: 'event'; task_id: string; event: TranscriptEvent };
