/**
 * VEHBench on the generic run engine: its episode, row derivation, metrics and manifest as the
 * engine drives them, and `runVehSuite`, the engine called with VEH's own option names (the oracle
 * as the environment, the P3 variant and audit controls as the suite's options).
 */
import type { Clock } from '../../agent/types.ts';
import { runSuite, type RunResult, type RunSuiteOptions, type RunnableSuite } from '../../run/run-suite.ts';
import { episodeRunCore, type EpisodeInput, type ManifestInput, type RunStatus } from '../../run/types.ts';
import { computeVehMetrics } from '../metrics/index.ts';
import { deriveRow } from '../protocol/derive-row.ts';
import type { TranscriptEvent } from '../protocol/events.ts';
import type { P3Variant } from '../protocol/prompts.ts';
import type { VehRow } from '../rows.ts';
import type { VehTask } from '../task-schema.ts';
import { buildManifest, type RunManifest } from './manifest.ts';
import { runEpisode } from './run-episode.ts';
import type { Transcript } from './transcript.ts';
import type { RunControls, VehOracle, VehRunOptions } from './types.ts';

/** VEH's options once defaults are applied (the P3 variant defaults to the raw history). */
export interface VehResolvedOptions {
  p3Variant: P3Variant;
  controls?: RunControls;
}

export const vehRunnable: RunnableSuite<VehTask, VehOracle, VehResolvedOptions, VehRow, Transcript, RunManifest> = {
  runEpisode: (i: EpisodeInput<VehTask, VehOracle, VehResolvedOptions>) =>
    runEpisode({
      ...episodeRunCore<VehTask, VehOracle, TranscriptEvent>(i),
      p3Variant: i.options.p3Variant,
      ...(i.options.controls ? { controls: i.options.controls } : {}),
    }),
  deriveRow,
  computeMetrics: computeVehMetrics,
  buildManifest: (input: ManifestInput<VehResolvedOptions>, clock: Clock, status: RunStatus, transcripts: readonly Transcript[]) => {
    const { options, ...rest } = input;
    return buildManifest({ ...rest, p3Variant: options.p3Variant }, clock, status, transcripts);
  },
};

export type VehRunResult = RunResult<VehRow, Transcript, RunManifest>;

export interface VehRunSuiteOptions extends Omit<RunSuiteOptions<VehTask, VehOracle, VehResolvedOptions, VehRow, Transcript>, 'env' | 'options'>, VehRunOptions {
  oracle: VehOracle;
}

export function resolveVehOptions(o: VehRunOptions): VehResolvedOptions {
  return { p3Variant: o.p3Variant ?? 'raw_history', ...(o.controls ? { controls: o.controls } : {}) };
}

export function runVehSuite(opts: VehRunSuiteOptions): Promise<VehRunResult> {
  const { oracle, p3Variant, controls, ...rest } = opts;
  return runSuite(vehRunnable, { ...rest, env: oracle, options: resolveVehOptions({ ...(p3Variant ? { p3Variant } : {}), ...(controls ? { controls } : {}) }) });
}
