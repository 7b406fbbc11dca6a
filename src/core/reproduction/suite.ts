/**
 * Paper reproduction as a suite (../shared/seeds/003_d7b3bba747516ca0.txt): twelve published
 * claims, each a public task (claim, citation, reported values, spec, starter) and a hidden rubric.
 * The agent delivers a package of JavaScript files; the evaluator replays it from scratch in a
 * fresh sandbox and grades only the evidence that replay regenerated. Verify replays every
 * submitted package again on a fresh environment and requires the verdict the file records (all
 * but its wall-clock figures and estimate timings) — so a forged artifact, a score that is not the
 * rubric's, or a package whose sources differ from the graded ones fails.
 */
import { z } from 'zod';
import type { Suite } from '../suite/contract.ts';
import { rederiveToolEpisode } from '../verify/rederive-tool.ts';
import { selectByFilters, type Selector } from '../verify/selection.ts';
import type { RecordedCall, VerifyDiff } from '../verify/verify.ts';
import { REPRODUCTION_AGENTS } from './agents/index.ts';
import { REPRODUCTION_GENERATOR_VERSION } from './bank/generate.ts';
import { loadReproductionBank } from './bank/load.ts';
import type { ReproductionEnv } from './environment.ts';
import { ReproductionTranscriptSchema, runReproductionEpisode, submissionOf, type ReproductionRunOptions, type ReproductionTranscript } from './episode.ts';
import { comparableVerdict, ReproductionVerdictSchema } from './evaluator.ts';
import { reproductionInterop } from './interop.ts';
import { REPRODUCTION_HEADLINES, ReproductionResultsFileSchema, ReproductionRunManifestSchema, buildReproductionManifest, renderReproductionResultsMarkdown, reproductionRunId, toReproductionResultsFile, type ReproductionRunManifest } from './manifest.ts';
import { REPRODUCTION_GROUP, REPRODUCTION_METRIC_GROUPS, computeReproductionMetrics } from './metrics.ts';
import type { PackageFile } from './replay.ts';
import { ReproductionRowSchema, deriveReproductionRow, type ReproductionRow } from './rows.ts';
import { reproductionScoring } from './scoring.ts';
import { ReproductionBankTaskSchema, type ReproductionBankTask } from './task-schema.ts';

/** What verify re-executes: the clean replay of one submitted package. */
export interface ReproductionReplayRequest {
  task_id: string;
  files: PackageFile[];
}

const FilesSchema = z.array(z.strictObject({ path: z.string(), text: z.string() }));

/** The recorded verdict as verify compares it (a verdict that does not parse is compared as it stands, so it differs). */
function comparable(result: unknown): unknown {
  const v = ReproductionVerdictSchema.safeParse((result as { verdict?: unknown } | null)?.verdict);
  return v.success ? comparableVerdict(v.data) : result;
}

function recordedCalls(t: ReproductionTranscript): RecordedCall[] {
  const s = submissionOf(t.events);
  if (!s) return [];
  const files = FilesSchema.safeParse((s.result as { files?: unknown } | null)?.files);
  return [{ index: t.events.indexOf(s), request: { task_id: t.task.task_id, files: files.success ? files.data : [] }, result: comparable(s.result), where: `tool_call submit (step ${s.step}, ${s.call_id})` }];
}

function settingsDiffs(t: ReproductionTranscript, m: ReproductionRunManifest): VerifyDiff[] {
  return t.settings.run_seed === m.seed ? [] : [{ check: 'settings', path: 'settings.run_seed', claimed: t.settings.run_seed, recomputed: m.seed, note: "the manifest's seed" }];
}

const SELECTORS: readonly Selector<ReproductionBankTask>[] = [
  { key: 'q', apply: (sel, v) => sel.filter((t) => t.task_id.toLowerCase().includes(v.trim().toLowerCase())) },
  { key: 'only', apply: (sel, v) => sel.filter((t) => v.split(',').some((p) => p !== '' && t.task_id.startsWith(p))) },
];

const FACETS = [{ key: 'solver', label: 'Solver', of: (t: ReproductionBankTask) => t.solver }];

export const reproductionSuite: Suite<ReproductionBankTask, ReproductionEnv, ReproductionRunOptions, ReproductionRow, ReproductionTranscript, ReproductionRunManifest> = {
  descriptor: {
    id: 'reproduction',
    title: 'Paper reproduction (12 claims)',
    summary: 'From a published claim to a workflow whose regenerated evidence supports it: the package is replayed from scratch in a sandbox and graded by a hidden rubric.',
    citation: 'Proving Ground paper-reproduction benchmark (seed 003_d7b3bba747516ca0)',
    version: REPRODUCTION_GENERATOR_VERSION,
  },
  schemas: { task: ReproductionBankTaskSchema, row: ReproductionRowSchema, transcript: ReproductionTranscriptSchema, manifest: ReproductionRunManifestSchema, options: z.strictObject({}) },
  groups: { ids: [REPRODUCTION_GROUP], of: () => REPRODUCTION_GROUP, headline: REPRODUCTION_HEADLINES },
  facets: FACETS,
  bank: { dir: 'reproduction', load: loadReproductionBank, publicView: ({ reference: _r, plausible: _p, ...task }) => task },
  agents: REPRODUCTION_AGENTS,
  results: { build: toReproductionResultsFile, schema: ReproductionResultsFileSchema, markdown: renderReproductionResultsMarkdown },
  scoring: reproductionScoring,
  interop: reproductionInterop,
  analyses: [],
  runEpisode: runReproductionEpisode,
  deriveRow: deriveReproductionRow,
  computeMetrics: computeReproductionMetrics,
  buildManifest: buildReproductionManifest,
  runId: reproductionRunId,
  optionsOf: () => ({}),
  metricGroups: REPRODUCTION_METRIC_GROUPS,
  settingsDiffs,
  recordedCalls,
  replayCalls: (env, requests) =>
    Promise.all(
      (requests as readonly ReproductionReplayRequest[]).map((r) =>
        env.evaluate(r.task_id, r.files).then(
          (v) => comparableVerdict(v),
          (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
        ),
      ),
    ),
  reproducibleBackends: ['reproduction-evaluator'],
  bankNoun: 'reproduction bank',
  selectTasks: (bank, manifest) => selectByFilters(bank as readonly ReproductionBankTask[], manifest.task_filter, FACETS, SELECTORS),
  rederive: (t, ctx) => rederiveToolEpisode({ runEpisode: runReproductionEpisode, optionsOf: () => ({}), agents: REPRODUCTION_AGENTS, timed: ['run', 'submit'] }, t, ctx),
};
