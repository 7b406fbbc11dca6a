/**
 * Spec-to-validated-design as a suite (../shared/seeds/002_1a016157de5169b8.txt): 16 Design and 10
 * Reimplementation tasks, each a specification, simulators, a probe budget and an isolated evaluator
 * that rebuilds the submitted source and scores it, S = 1/(1 + J/c). Verify re-runs the evaluator
 * on the source of every probe and submission and requires the verdict the file records — so a
 * forged score, a design source whose hash differs from the scored one, or a verdict of another
 * evaluator version fails.
 */
import { z } from 'zod';
import type { Suite } from '../suite/contract.ts';
import { rederiveToolEpisode } from '../verify/rederive-tool.ts';
import { selectByFilters, type Selector } from '../verify/selection.ts';
import type { RecordedCall, VerifyDiff } from '../verify/verify.ts';
import { DESIGN_AGENTS } from './agents/index.ts';
import { DESIGN_GENERATOR_VERSION } from './bank/generate.ts';
import { loadDesignBank } from './bank/load.ts';
import { verdictForAgent, type DesignEnv } from './environment.ts';
import { DesignTranscriptSchema, evaluatorCallsOf, runDesignEpisode, type DesignRunOptions, type DesignTranscript } from './episode.ts';
import { designInterop } from './interop.ts';
import { DESIGN_HEADLINES, DesignResultsFileSchema, DesignRunManifestSchema, buildDesignManifest, designRunId, renderDesignResultsMarkdown, toDesignResultsFile, type DesignRunManifest } from './manifest.ts';
import { DESIGN_METRIC_GROUPS, computeDesignMetrics } from './metrics.ts';
import { DesignRowSchema, deriveDesignRow, type DesignRow } from './rows.ts';
import { designScoring } from './scoring.ts';
import { DesignTaskSchema, type DesignTask } from './task-schema.ts';
import { DESIGN_FAMILIES } from './task.ts';

/** What verify re-executes: the evaluator on one logged source. */
export interface DesignReplayRequest {
  task_id: string;
  source: string;
}

function recordedCalls(t: DesignTranscript): RecordedCall[] {
  return evaluatorCallsOf(t.events).map((e) => {
    const source = (e.arguments as { source?: unknown }).source;
    return { index: t.events.indexOf(e), request: { task_id: t.task.task_id, source: typeof source === 'string' ? source : '' }, result: e.result, where: `tool_call ${e.name} (step ${e.step}, ${e.call_id})` };
  });
}

function settingsDiffs(t: DesignTranscript, m: DesignRunManifest): VerifyDiff[] {
  return t.settings.run_seed === m.seed ? [] : [{ check: 'settings', path: 'settings.run_seed', claimed: t.settings.run_seed, recomputed: m.seed, note: "the manifest's seed" }];
}

/** Beyond the facets: the page's text search (`q`, a substring of the task id) and the CLI's `--only` (id prefixes). */
const SELECTORS: readonly Selector<DesignTask>[] = [
  { key: 'q', apply: (sel, v) => sel.filter((t) => t.task_id.toLowerCase().includes(v.trim().toLowerCase())) },
  { key: 'only', apply: (sel, v) => sel.filter((t) => v.split(',').some((p) => p !== '' && t.task_id.startsWith(p))) },
];

const FACETS = [
  { key: 'family', label: 'Family', values: DESIGN_FAMILIES, of: (t: DesignTask) => t.family },
  { key: 'physics', label: 'Physics', of: (t: DesignTask) => t.physics },
];

export const designSuite: Suite<DesignTask, DesignEnv, DesignRunOptions, DesignRow, DesignTranscript, DesignRunManifest> = {
  descriptor: {
    id: 'design',
    title: 'Spec-to-validated-design (26 tasks)',
    summary: 'From a specification to a design that an independent evaluator rebuilds from source and checks gate by gate; scored S = 1/(1 + J/c) within a probe budget.',
    citation: 'Proving Ground spec-to-validated-design benchmark (seed 002_1a016157de5169b8, after PhysDesignBench)',
    version: DESIGN_GENERATOR_VERSION,
  },
  schemas: { task: DesignTaskSchema, row: DesignRowSchema, transcript: DesignTranscriptSchema, manifest: DesignRunManifestSchema, options: z.strictObject({}) },
  groups: { ids: DESIGN_FAMILIES, of: (t) => t.family, headline: DESIGN_HEADLINES },
  facets: FACETS,
  bank: { dir: 'design', load: loadDesignBank },
  agents: DESIGN_AGENTS,
  results: { build: toDesignResultsFile, schema: DesignResultsFileSchema, markdown: renderDesignResultsMarkdown },
  scoring: designScoring,
  interop: designInterop,
  analyses: [],
  runEpisode: runDesignEpisode,
  deriveRow: deriveDesignRow,
  computeMetrics: computeDesignMetrics,
  buildManifest: buildDesignManifest,
  runId: designRunId,
  optionsOf: () => ({}),
  metricGroups: DESIGN_METRIC_GROUPS,
  settingsDiffs,
  recordedCalls,
  replayCalls: (env, requests) =>
    Promise.all(
      (requests as readonly DesignReplayRequest[]).map((r) =>
        env.evaluate(r.task_id, r.source).then(
          (v) => verdictForAgent(v),
          (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
        ),
      ),
    ),
  reproducibleBackends: ['design-evaluator'],
  bankNoun: 'design bank',
  selectTasks: (bank, manifest) => selectByFilters(bank as readonly DesignTask[], manifest.task_filter, FACETS, SELECTORS),
  rederive: (t, ctx) => rederiveToolEpisode({ runEpisode: runDesignEpisode, optionsOf: () => ({}), agents: DESIGN_AGENTS }, t, ctx),
};
