/**
 * Paper reproduction as a suite (../shared/seeds/003_d7b3bba747516ca0.txt): twelve published
 * claims, each a public task (claim, citation, reported values, spec, starter) and a hidden rubric.
 * The agent delivers a package of JavaScript files; the evaluator replays it from scratch in a
 * fresh sandbox and grades only the evidence that replay regenerated. Verify replays every
 * submitted package again on a fresh environment and requires the verdict the file records (all
 * but its wall-clock figures and estimate timings) — so a forged artifact, a score that is not the
 * rubric's, or a package whose sources differ from the graded ones fails. Judge records (the
 * interpretive leaves, when the run had a judge) are checked without calling the LLM again: each
 * request is re-derived from the task and the recorded evidence and must hash as recorded, and
 * each raw reply is re-parsed and must give the recorded grade (the reply is taken as recorded).
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
import { ReproductionTranscriptSchema, runReproductionEpisode, submissionOf, submittedPackage, type ReproductionRunOptions, type ReproductionTranscript } from './episode.ts';
import { comparableVerdict, ReproductionVerdictSchema } from './evaluator.ts';
import { isJudgeCheck, rejudge, type JudgeCheckRequest } from './judging.ts';
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
  const index = t.events.indexOf(s);
  const submit: RecordedCall = { index, request: { task_id: t.task.task_id, files: files.success ? files.data : [] }, result: comparable(s.result), where: `tool_call submit (step ${s.step}, ${s.call_id})` };
  const submitted = submittedPackage(t.events);
  const judged: RecordedCall[] = !t.judging || !submitted ? [] : t.judging.records.map((r) => {
    const request: JudgeCheckRequest = { kind: 'judge', task_id: t.task.task_id, model: t.judging!.model, verdict: submitted.verdict, files: submitted.files, record: { leaf_id: r.leaf_id, raw: r.raw, error: r.error } };
    const { raw: _raw, error: _error, ...result } = r;
    return { index, request, result, where: `judge record of leaf ${r.leaf_id}: request re-derived from the task and the recorded evidence, the recorded reply re-parsed (the judge LLM is not called again; its reply is taken as recorded)` };
  });
  return [submit, ...judged];
}

/** One recorded call again: a submission replayed on the fresh environment, a judge record re-derived. */
function replayOne(env: ReproductionEnv, r: ReproductionReplayRequest | JudgeCheckRequest): Promise<unknown> {
  const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));
  if (isJudgeCheck(r)) {
    try {
      return Promise.resolve(rejudge(r));
    } catch (e) {
      return Promise.resolve(asError(e));
    }
  }
  return env.evaluate(r.task_id, r.files).then((v) => comparableVerdict(v), asError);
}

/** The verify env never judges (a re-run must not call the user's LLM). */
function withoutJudge(env: ReproductionEnv): ReproductionEnv {
  const { judge: _judge, ...rest } = env;
  return rest;
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
  replayCalls: (env, requests) => Promise.all((requests as readonly (ReproductionReplayRequest | JudgeCheckRequest)[]).map((r) => replayOne(env, r))),
  reproducibleBackends: ['reproduction-evaluator'],
  bankNoun: 'reproduction bank',
  selectTasks: (bank, manifest) => selectByFilters(bank as readonly ReproductionBankTask[], manifest.task_filter, FACETS, SELECTORS),
  rederive: (t, ctx) => rederiveToolEpisode({ runEpisode: runReproductionEpisode, optionsOf: () => ({}), agents: REPRODUCTION_AGENTS, timed: ['run', 'submit'] }, t, { ...ctx, env: withoutJudge(ctx.env) }),
};
