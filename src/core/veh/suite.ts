/**
 * VEHBench as a suite (src/core/suite/contract.ts): Su, Luo & Hu 2026, four stage-local probes over
 * the analytical piezoelectric cantilever oracle. Everything the generic layers need comes from
 * here: the bank, the episode protocol, grading, metrics, the manifest, verification's recorded
 * calls and the results file.
 */
import { z } from 'zod';
import type { Suite } from '../suite/contract.ts';
import { replayEach } from '../verify/verify.ts';
import { oracleCallsOf, p3VariantDiffs } from '../probe-protocol/verify-parts.ts';
import { rederiveEpisode } from '../verify/rederive.ts';
import { BUILTIN_AGENTS } from './agents/index.ts';
import { cmaesMatchedAgent } from './agents/cmaes-matched.ts';
import { sgReferenceAgent } from './protocol/sg-reference-agent.ts';
import { selectVehTasks } from './run/selection.ts';
import { loadVehBank } from './bank/load.ts';
import { GENERATOR_VERSION } from './bank/task-common.ts';
import type { OracleRequest } from './oracle.ts';
import { ControlConditionSchema } from './protocol/control-blocks.ts';
import { P3VariantSchema } from './protocol/prompts.ts';
import { SgFormSchema } from './protocol/sg-forms.ts';
import { VehRowSchema, type VehRow } from './rows.ts';
import { vehScoring } from './scoring/index.ts';
import { vehInterop } from './interop.ts';
import { VEH_ANALYSES } from './analyses/index.ts';
import { HEADLINE_METRICS } from './run/headline.ts';
import { RunManifestSchema, runId, type RunManifest } from './run/manifest.ts';
import { ResultsFileSchema, renderResultsMarkdown, toResultsFile } from './run/results-file.ts';
import { vehRunnable, type VehResolvedOptions } from './run/run-veh.ts';
import { TranscriptSchema, type Transcript } from './run/transcript.ts';
import type { VehOracle } from './run/types.ts';
import { SubsetIdSchema } from './subsets/appendix-d.ts';
import { PROBES, SPLITS, VehTaskSchema, type VehTask } from './task-schema.ts';

/** The analytical VEH oracle's backends: bit-identical by the parity suite (src/core/kernels). */
export const VEH_ORACLE_BACKENDS: readonly string[] = ['wasm', 'reference'];

export const VehRunOptionsSchema = z.strictObject({
  p3Variant: P3VariantSchema,
  controls: z
    .strictObject({
      control: ControlConditionSchema.optional(),
      subset: SubsetIdSchema.nullable().optional(),
      sgForm: SgFormSchema.nullable().optional(),
      matched: z.strictObject({ runId: z.string(), budgets: z.record(z.string(), z.number().int()) }).nullable().optional(),
    })
    .optional(),
});

const settingsDiffs = p3VariantDiffs;
const recordedCalls = oracleCallsOf('oracle_call');

/** The run options a manifest records (resume, shards and verify's re-runs repeat them). */
function optionsOf(m: RunManifest): VehResolvedOptions {
  return {
    p3Variant: m.p3_variant,
    controls: {
      control: m.control ?? 'default',
      subset: m.subset ?? null,
      sgForm: m.sg_form ?? null,
      matched: m.matched_to_run_id ? { runId: m.matched_to_run_id, budgets: m.matched_budgets ?? {} } : null,
    },
  };
}

/** Every agent verify can re-run: the listed ones and those only CLI flags reach (cmaes-matched, sg-reference). */
const REPLAYABLE_AGENTS = [...BUILTIN_AGENTS, cmaesMatchedAgent, sgReferenceAgent];

export const vehSuite: Suite<VehTask, VehOracle, VehResolvedOptions, VehRow, Transcript, RunManifest> = {
  descriptor: {
    id: 'veh',
    title: 'VEHBench',
    summary: 'Four stage-local probes (triage, verifier-guided search, corrupted-state recovery, policy-conditioned ranking) over an analytical piezoelectric cantilever oracle.',
    citation: 'Su, Luo & Hu 2026, arXiv:2607.18181',
    version: GENERATOR_VERSION,
  },
  schemas: { task: VehTaskSchema, row: VehRowSchema, transcript: TranscriptSchema, manifest: RunManifestSchema, options: VehRunOptionsSchema },
  groups: { ids: PROBES, of: (t) => t.probe, headline: HEADLINE_METRICS },
  facets: [
    { key: 'probe', label: 'Probe', values: PROBES, of: (t) => t.probe },
    { key: 'split', label: 'Split', values: SPLITS, of: (t) => t.split },
    { key: 'difficulty', label: 'Difficulty', of: (t) => t.difficulty },
  ],
  bank: { dir: 'veh', load: loadVehBank },
  agents: BUILTIN_AGENTS,
  results: { build: toResultsFile, schema: ResultsFileSchema, markdown: renderResultsMarkdown },
  scoring: vehScoring,
  interop: vehInterop,
  analyses: VEH_ANALYSES,
  ...vehRunnable,
  runId: (input) => runId({ ...input, p3Variant: input.options.p3Variant }),
  optionsOf,
  metricGroups: PROBES,
  settingsDiffs,
  recordedCalls,
  replayCalls: (oracle, requests) => replayEach(requests as readonly OracleRequest[], (rs) => oracle.evaluateMany(rs), (r) => oracle.evaluate(r)),
  reproducibleBackends: VEH_ORACLE_BACKENDS,
  bankNoun: 'bank',
  selectTasks: (bank, manifest) => selectVehTasks(bank as readonly VehTask[], manifest),
  rederive: (t, ctx) => rederiveEpisode({ runEpisode: vehRunnable.runEpisode, optionsOf, agents: REPLAYABLE_AGENTS }, t, ctx),
};
