/**
 * The photonics agent benchmark as a suite: 43 questions a user would ask, answered through tool
 * calls over the photonics engine, graded on the physics and on the calls
 * (../shared/seeds/000_98b8c3b34efa167b.txt). Verify re-runs every logged solve, compare and
 * optimize call on a fresh engine and re-grades from the transcripts.
 */
import { z } from 'zod';
import type { Suite } from '../suite/contract.ts';
import { rederiveToolEpisode } from '../verify/rederive-tool.ts';
import type { RecordedCall, VerifyDiff } from '../verify/verify.ts';
import { PHOTONICS_AGENTS } from './agents/index.ts';
import { PHOTONICS_AGENT_GENERATOR_VERSION } from './bank/generate.ts';
import { loadPhotonicsAgentBank } from './bank/load.ts';
import { toolResult, type PhotonicsAgentEnv } from './environment.ts';
import { PhotonicsTranscriptSchema, runPhotonicsEpisode, toolCallsOf, type PhotonicsRunOptions, type PhotonicsTranscript } from './episode.ts';
import { PHOTONICS_METRIC_GROUPS, computePhotonicsMetrics } from './metrics.ts';
import { PHOTONICS_HEADLINES, PhotonicsResultsFileSchema, PhotonicsRunManifestSchema, buildPhotonicsManifest, photonicsRunId, renderPhotonicsResultsMarkdown, toPhotonicsResultsFile, type PhotonicsRunManifest } from './manifest.ts';
import { PhotonicsRowSchema, derivePhotonicsRow, type PhotonicsRow } from './rows.ts';
import { CATEGORIES, PhotonicsTaskSchema, TASK_KINDS, type PhotonicsTask } from './task-schema.ts';
import { photonicsScoring } from './scoring.ts';
import { photonicsInterop } from './interop.ts';

/** The tool calls verify re-executes: the ones that ran the engine and whose results the grade reads. */
const REPLAYED_TOOLS = ['solve', 'compare', 'optimize'];

/** A replayable call: the tool's name and its validated arguments. */
export interface PhotonicsReplayRequest {
  name: string;
  arguments: unknown;
}

function recordedCalls(t: PhotonicsTranscript): RecordedCall[] {
  const calls: RecordedCall[] = [];
  t.events.forEach((e, index) => {
    if (e.type === 'tool_call' && e.error === null && REPLAYED_TOOLS.includes(e.name)) calls.push({ index, request: { name: e.name, arguments: e.arguments }, result: e.result, where: `tool_call ${e.name} (step ${e.step}, ${e.call_id})` });
  });
  return calls;
}

export async function replayPhotonicsCall(env: PhotonicsAgentEnv, request: PhotonicsReplayRequest): Promise<unknown> {
  const args = (request.arguments ?? {}) as { problem?: unknown; problems?: unknown[] };
  if (request.name === 'compare') return Promise.all((args.problems ?? []).map(async (p) => toolResult(await env.solve(p))));
  return toolResult(await env.solve(args.problem));
}

function settingsDiffs(t: PhotonicsTranscript, m: PhotonicsRunManifest): VerifyDiff[] {
  return t.settings.run_seed === m.seed ? [] : [{ check: 'settings', path: 'settings.run_seed', claimed: t.settings.run_seed, recomputed: m.seed, note: "the manifest's seed" }];
}

export const photonicsAgentSuite: Suite<PhotonicsTask, PhotonicsAgentEnv, PhotonicsRunOptions, PhotonicsRow, PhotonicsTranscript, PhotonicsRunManifest> = {
  descriptor: {
    id: 'photonics-agent',
    title: 'Photonics agent (43 tool-use tasks)',
    summary: 'Questions a user would ask about photonics, answered by setting up and solving simulations through tool calls; graded on the numbers and on which problems were actually solved, estimated first, or declined.',
    citation: 'Proving Ground photonics agent benchmark (seed 000_98b8c3b34efa167b)',
    version: PHOTONICS_AGENT_GENERATOR_VERSION,
  },
  schemas: { task: PhotonicsTaskSchema, row: PhotonicsRowSchema, transcript: PhotonicsTranscriptSchema, manifest: PhotonicsRunManifestSchema, options: z.strictObject({}) },
  groups: { ids: CATEGORIES, of: (t) => t.category, headline: PHOTONICS_HEADLINES },
  facets: [
    { key: 'category', label: 'Category', values: CATEGORIES, of: (t) => t.category },
    { key: 'kind', label: 'Kind', values: TASK_KINDS, of: (t) => t.kind },
  ],
  bank: { dir: 'photonics-agent', load: loadPhotonicsAgentBank },
  agents: PHOTONICS_AGENTS,
  results: { build: toPhotonicsResultsFile, schema: PhotonicsResultsFileSchema, markdown: renderPhotonicsResultsMarkdown },
  scoring: photonicsScoring,
  interop: photonicsInterop,
  // No analyses over saved photonics-agent runs yet (analyze lists none for this suite).
  analyses: [],
  runEpisode: runPhotonicsEpisode,
  deriveRow: derivePhotonicsRow,
  computeMetrics: computePhotonicsMetrics,
  buildManifest: buildPhotonicsManifest,
  runId: photonicsRunId,
  optionsOf: () => ({}),
  metricGroups: PHOTONICS_METRIC_GROUPS,
  settingsDiffs,
  recordedCalls,
  replayCalls: (env, requests) =>
    Promise.all(
      requests.map((r) =>
        replayPhotonicsCall(env, r as PhotonicsReplayRequest).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))),
      ),
    ),
  reproducibleBackends: ['wasm', 'reference'],
  bankNoun: 'photonics-agent bank',
  rederive: (t, ctx) => rederiveToolEpisode({ runEpisode: runPhotonicsEpisode, optionsOf: () => ({}), agents: PHOTONICS_AGENTS, timed: ['estimate'] }, t, ctx),
};

export { toolCallsOf };
