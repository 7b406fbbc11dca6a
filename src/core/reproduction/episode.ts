/**
 * One reproduction episode: the package starts as the task's starter; the agent's model writes
 * files, runs them in the development sandbox and submits once through the tool loop; the
 * transcript holds every reply and tool call — the submission with the package as submitted and
 * the evaluator's verdict (replay record and graded rubric).
 */
import { z } from 'zod';
import { runToolEpisode } from '../llm/tool-loop.ts';
import type { ToolCallEvent, ToolEpisodeEvent } from '../llm/tool-events.ts';
import { AgentDescriptorSchema, agentDescriptorOf } from '../run/transcript-core.ts';
import { toolEpisodeRecord, toolEpisodeRecordFields } from '../run/tool-episode-record.ts';
import type { EpisodeInput } from '../run/types.ts';
import { createRng, deriveSeed } from '../stats/rng.ts';
import { reproductionSystemPrompt, reproductionTools, reproductionUserPrompt, type ReproductionEnv } from './environment.ts';
import { ReproductionVerdictSchema } from './evaluator.ts';
import { judgeSubmission, JudgingSchema, type Judging } from './judging.ts';
import type { PackageFile } from './replay.ts';
import { ReproductionBankTaskSchema, type ReproductionBankTask } from './task-schema.ts';
import { reproductionTask } from './tasks/index.ts';

export const REPRODUCTION_TRANSCRIPT_SCHEMA_VERSION = 1;

export const ReproductionTranscriptSchema = z.strictObject({
  schema_version: z.literal(REPRODUCTION_TRANSCRIPT_SCHEMA_VERSION),
  task: ReproductionBankTaskSchema,
  agent: AgentDescriptorSchema,
  ...toolEpisodeRecordFields,
  /** The judge's records for the interpretive leaves, when the environment offered a judge. */
  judging: JudgingSchema.optional(),
});
export type ReproductionTranscript = z.infer<typeof ReproductionTranscriptSchema>;

export type ReproductionRunOptions = Record<string, never>;

/** The submission of an episode (the submit call that ran), if any. */
export const submissionOf = (events: readonly ToolEpisodeEvent[]): ToolCallEvent | null =>
  events.find((e): e is ToolCallEvent => e.type === 'tool_call' && e.name === 'submit' && e.error === null) ?? null;

/** The submitted package and its verdict, as the submit call recorded them (null when it did not parse). */
export function submittedPackage(events: readonly ToolEpisodeEvent[]): { files: PackageFile[]; verdict: z.infer<typeof ReproductionVerdictSchema> } | null {
  const s = submissionOf(events);
  const r = z.strictObject({ files: z.array(z.strictObject({ path: z.string(), text: z.string() })), verdict: ReproductionVerdictSchema }).safeParse(s?.result);
  return r.success ? r.data : null;
}

/** Judging runs after the episode, outside the agent's loop: the agent never sees the judge or its replies. */
async function judgeEpisode(env: ReproductionEnv, task: ReproductionBankTask, events: readonly ToolEpisodeEvent[], signal: AbortSignal): Promise<Judging | null> {
  const def = reproductionTask(task.task_id);
  const submitted = submittedPackage(events);
  if (!env.judge || !def || !submitted) return null;
  return judgeSubmission(def, submitted.verdict, submitted.files, env.judge, signal);
}

export async function runReproductionEpisode(input: EpisodeInput<ReproductionBankTask, ReproductionEnv, ReproductionRunOptions>): Promise<ReproductionTranscript> {
  const { task, agent, env, clock } = input;
  const taskSeed = deriveSeed(input.runSeed, task.task_id);
  const rng = createRng(taskSeed);
  if (!agent.toolModel) throw new Error(`agent "${agent.id}" cannot call tools, and the reproduction suite is played through tool calls`);
  const model = agent.toolModel({ task, rng, signal: input.signal });
  const startedMs = clock();
  const state = { files: new Map(task.starter.map((f) => [f.path, f.text] as const)), submitted: false };
  const r = await runToolEpisode({
    ...model,
    rng,
    clock,
    signal: input.signal,
    system: reproductionSystemPrompt(),
    user: reproductionUserPrompt(task),
    tools: reproductionTools(env, task, state),
    ...(input.budget ? { budget: input.budget } : {}),
    ...(input.timers ? { timers: input.timers } : {}),
    ...(input.onEvent ? { onEvent: input.onEvent } : {}),
    ...(input.onDelta ? { onDelta: input.onDelta } : {}),
  });
  const record = toolEpisodeRecord(input, { taskSeed, maxRetries: model.retry.max_retries, startedMs }, r);
  const judging = await judgeEpisode(env, task, r.events, input.signal);
  return {
    schema_version: REPRODUCTION_TRANSCRIPT_SCHEMA_VERSION,
    task,
    agent: agentDescriptorOf(agent),
    ...record,
    ...(judging ? { judging } : {}),
  };
}
