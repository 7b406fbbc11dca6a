/**
 * VEH's side of the run contract: its oracle (the environment an episode gets), its run options
 * (the P3 prompt form and the audit controls) and the progress type of a VEH run.
 */
import type { OracleRequest, OracleResult } from '../oracle.ts';
import type { ControlCondition } from '../protocol/control-blocks.ts';
import type { P3Variant } from '../protocol/prompts.ts';
import type { SgForm } from '../protocol/sg-forms.ts';
import type { SubsetId } from '../subsets/appendix-d.ts';
import type { MetricTable, VehRow } from '../rows.ts';
import type { Probe } from '../task-schema.ts';
import type { RunProgress } from '../../run/types.ts';
// Type only: transcript.ts is a runtime module, and types.ts must stay free of runtime imports.
import type { Transcript } from './transcript.ts';

export { DEFAULT_RUN_SEED } from '../../run/types.ts';

/** Async so the page can run the oracle in a worker; Node calls WASM directly behind the same shape. */
export interface VehOracle {
  readonly backendId: string;
  evaluate(request: OracleRequest): Promise<OracleResult>;
  evaluateMany(requests: readonly OracleRequest[]): Promise<OracleResult[]>;
}

/** VEH metrics per probe; keys are the paper's metric names (p1_composite, macro_f1, acs, ...). */
export type VehMetrics = Partial<Record<Probe, MetricTable>>;

export type VehRunProgress = RunProgress<VehRow, Transcript>;

/** What a VEH run is run with beyond the generic options. */
export interface VehRunOptions {
  /** P3 prompt form: raw corrupted history (default) or the verifier-authored state summary. */
  p3Variant?: P3Variant;
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
