/**
 * The circuit audit on the generic run engine: its episode, row derivation, metrics and manifest
 * as the engine drives them, and `runCircuitSuite`, the engine called with the circuit suite's own
 * option names (the circuit oracle as the environment, the P3 opening as the suite's option).
 */
import { DEFAULT_MAX_RETRIES } from '../../agent/loop.ts';
import type { Clock } from '../../agent/types.ts';
import { runSuite, type RunResult, type RunSuiteOptions, type RunnableSuite } from '../../run/run-suite.ts';
import { episodeRunCore, type EpisodeInput, type ManifestInput, type RunProgress, type RunStatus } from '../../run/types.ts';
import type { P3Variant } from '../../veh/protocol/prompts.ts';
import { computeCircuitMetrics } from '../metrics/index.ts';
import type { CircuitRow } from '../metrics/rows.ts';
import type { CircuitOracle } from '../oracle.ts';
import { deriveCircuitRow } from '../protocol/derive-row.ts';
import type { CircuitTranscriptEvent } from '../protocol/events.ts';
import type { CircuitTranscript } from '../protocol/transcript.ts';
import type { CircuitTask } from '../task-schema.ts';
import { buildCircuitManifest, type CircuitRunManifest } from './manifest.ts';
import { runCircuitEpisode } from './run-episode.ts';

export interface CircuitRunOptionsOfSuite {
  /** P3 opening variant (default raw_history); recorded in the manifest and each transcript. */
  p3Variant?: P3Variant;
}

export const circuitRunnable: RunnableSuite<CircuitTask, CircuitOracle, CircuitRunOptionsOfSuite, CircuitRow, CircuitTranscript, CircuitRunManifest> = {
  runEpisode: (i: EpisodeInput<CircuitTask, CircuitOracle, CircuitRunOptionsOfSuite>) =>
    runCircuitEpisode({
      ...episodeRunCore<CircuitTask, CircuitOracle, CircuitTranscriptEvent>(i),
      ...(i.options.p3Variant ? { p3Variant: i.options.p3Variant } : {}),
    }),
  deriveRow: deriveCircuitRow,
  computeMetrics: computeCircuitMetrics,
  buildManifest: (input: ManifestInput<CircuitRunOptionsOfSuite>, clock: Clock, status: RunStatus, transcripts: readonly CircuitTranscript[]) => {
    const { options, ...rest } = input;
    return buildCircuitManifest(
      { ...rest, maxRetries: transcripts[0]?.settings.max_retries ?? DEFAULT_MAX_RETRIES, ...(options.p3Variant ? { p3Variant: options.p3Variant } : {}) },
      clock,
      status,
      transcripts,
    );
  },
};

export type CircuitRunResult = RunResult<CircuitRow, CircuitTranscript, CircuitRunManifest>;
export type CircuitRunProgress = RunProgress<CircuitRow, CircuitTranscript>;

export interface CircuitRunOptions extends Omit<RunSuiteOptions<CircuitTask, CircuitOracle, CircuitRunOptionsOfSuite, CircuitRow, CircuitTranscript>, 'env' | 'options'> {
  oracle: CircuitOracle;
  p3Variant?: P3Variant;
}

export function runCircuitSuite(opts: CircuitRunOptions): Promise<CircuitRunResult> {
  const { oracle, p3Variant, ...rest } = opts;
  return runSuite(circuitRunnable, { ...rest, env: oracle, options: p3Variant ? { p3Variant } : {} });
}
