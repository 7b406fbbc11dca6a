/**
 * The circuit audit (VEHBench Appendix R) as a suite: the same four probes over a closed-form
 * circuit oracle (RC/RL low-pass, series RLC band-pass, loaded divider), to check that the probes
 * still separate agents when the physics changes.
 */
import { z } from 'zod';
import type { Suite } from '../suite/contract.ts';
import { replayEach } from '../verify/verify.ts';
import { oracleCallsOf, p3VariantDiffs } from '../probe-protocol/verify-parts.ts';
import { rederiveEpisode } from '../verify/rederive.ts';
import { selectByFilters, type Selector } from '../verify/selection.ts';
import { P3VariantSchema } from '../veh/protocol/prompts.ts';
import { PROBES, SPLITS } from '../veh/task-schema.ts';
import { CIRCUIT_AGENTS } from './agents/index.ts';
import { CIRCUIT_GENERATOR_VERSION } from './bank/common.ts';
import { loadCircuitBank } from './bank/load.ts';
import { CircuitRowSchema, type CircuitRow } from './metrics/rows.ts';
import type { CircuitOracle, CircuitRequest } from './oracle.ts';
import { CircuitTranscriptSchema, type CircuitTranscript } from './protocol/transcript.ts';
import { CircuitRunManifestSchema, circuitRunId, type CircuitRunManifest } from './run/manifest.ts';
import { CIRCUIT_HEADLINES, CircuitResultsFileSchema, renderCircuitResultsMarkdown, toCircuitResultsFile } from './run/results-file.ts';
import { circuitRunnable, type CircuitRunOptionsOfSuite } from './run/run-suite.ts';
import { CircuitTaskSchema, type CircuitTask } from './task-schema.ts';
import { circuitScoring } from './scoring.ts';
import { circuitInterop } from './interop.ts';
import { CIRCUIT_ANALYSES } from './analyses/index.ts';
import { DEFAULT_MAX_RETRIES } from '../agent/loop.ts';

/** The circuit oracle's backends this build reproduces bit for bit (src/core/kernels/circuit-parity.test.ts). */
export const CIRCUIT_ORACLE_BACKENDS: readonly string[] = ['wasm', 'reference'];

export const CircuitRunOptionsSchema = z.strictObject({ p3Variant: P3VariantSchema.optional() });

const settingsDiffs = p3VariantDiffs;
const recordedCalls = oracleCallsOf('circuit_oracle_call');

const optionsOf = (m: CircuitRunManifest): CircuitRunOptionsOfSuite => (m.p3_variant ? { p3Variant: m.p3_variant } : {});

/** The CLI's facets. */
const FACETS = [
  { key: 'probe', of: (t: CircuitTask) => t.probe },
  { key: 'split', of: (t: CircuitTask) => t.split },
  { key: 'family', of: (t: CircuitTask) => t.family },
  { key: 'difficulty', of: (t: CircuitTask) => t.difficulty },
];

/**
 * The page's task browser gives every suite `q` (a case-insensitive substring of the task id), and a
 * run records it in task_filter; without this selector verify re-selected the whole bank for a
 * `q`-filtered circuit run and called it a mismatch.
 */
const SELECTORS: readonly Selector<CircuitTask>[] = [{ key: 'q', apply: (sel, v) => sel.filter((t) => t.task_id.toLowerCase().includes(v.trim().toLowerCase())) }];

export const circuitSuite: Suite<CircuitTask, CircuitOracle, CircuitRunOptionsOfSuite, CircuitRow, CircuitTranscript, CircuitRunManifest> = {
  descriptor: {
    id: 'circuit',
    title: 'Circuit audit (VEHBench Appendix R)',
    summary: 'The four probes over a closed-form circuit oracle (RC/RL low-pass, series RLC band-pass, loaded divider): do they still separate agents when the physics changes?',
    citation: 'Su, Luo & Hu 2026, arXiv:2607.18181, Appendix R',
    version: CIRCUIT_GENERATOR_VERSION,
  },
  schemas: { task: CircuitTaskSchema, row: CircuitRowSchema, transcript: CircuitTranscriptSchema, manifest: CircuitRunManifestSchema, options: CircuitRunOptionsSchema },
  groups: { ids: PROBES, of: (t) => t.probe, headline: CIRCUIT_HEADLINES },
  facets: [
    { key: 'probe', label: 'Probe', values: PROBES, of: (t) => t.probe },
    { key: 'split', label: 'Split', values: SPLITS, of: (t) => t.split },
    { key: 'family', label: 'Circuit', of: (t) => t.family },
    { key: 'difficulty', label: 'Difficulty', values: ['easy', 'medium', 'hard'], of: (t) => t.difficulty },
  ],
  bank: { dir: 'circuit', load: loadCircuitBank },
  agents: CIRCUIT_AGENTS,
  results: { build: toCircuitResultsFile, schema: CircuitResultsFileSchema, markdown: renderCircuitResultsMarkdown },
  scoring: circuitScoring,
  interop: circuitInterop,
  analyses: CIRCUIT_ANALYSES,
  ...circuitRunnable,
  runId: (input) => circuitRunId({ ...input, maxRetries: DEFAULT_MAX_RETRIES, ...(input.options.p3Variant ? { p3Variant: input.options.p3Variant } : {}) }),
  optionsOf,
  metricGroups: PROBES,
  settingsDiffs,
  recordedCalls,
  replayCalls: (oracle, requests) => replayEach(requests as readonly CircuitRequest[], (rs) => oracle.evaluateMany(rs), (r) => oracle.evaluate(r)),
  reproducibleBackends: CIRCUIT_ORACLE_BACKENDS,
  bankNoun: 'circuit bank',
  selectTasks: (bank, manifest) => selectByFilters(bank as readonly CircuitTask[], manifest.task_filter, FACETS, SELECTORS),
  rederive: (t, ctx) => rederiveEpisode({ runEpisode: circuitRunnable.runEpisode, optionsOf, agents: CIRCUIT_AGENTS }, t, ctx),
};
