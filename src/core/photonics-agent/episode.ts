/**
 * One photonics-agent episode: a fresh set of tools over the engine, the system prompt and the
 * task prompt (with its answer keys and units), the tool loop driving the agent's model, and a
 * transcript holding every message, reply and tool call (arguments, result or error, timing).
 * A budget stop keeps the transcript; whatever was submitted by then is graded.
 */
import { z } from 'zod';
import { runToolEpisode } from '../llm/tool-loop.ts';
import type { ToolCallEvent, ToolEpisodeEvent } from '../llm/tool-events.ts';
import { AgentDescriptorSchema, agentDescriptorOf } from '../run/transcript-core.ts';
import { toolEpisodeRecord, toolEpisodeRecordFields } from '../run/tool-episode-record.ts';
import type { EpisodeInput } from '../run/types.ts';
import { createRng, deriveSeed } from '../stats/rng.ts';
import { engineTools, SERVER_INSTRUCTIONS, submitAnswerTool, SubmitAnswerSchema, type PhotonicsAgentEnv, type SubmittedAnswer } from './environment.ts';
import { PhotonicsTaskSchema, type PhotonicsTask } from './task-schema.ts';

export const PHOTONICS_TRANSCRIPT_SCHEMA_VERSION = 1;

/** Says the user will not answer follow-up questions; says nothing of traps, estimates or pushback. */
export function systemPrompt(serverInstructions: string | undefined): string {
  return (
    'You are a photonics assistant with simulation tools. Answer the user\'s question by setting up and running the appropriate simulations with the tools. ' +
    'The user will not answer follow-up questions: make reasonable assumptions and state them. ' +
    'When you are done, call submit_answer exactly once with the numbers in the units asked, whether you decline, your concerns and a short summary.' +
    (serverInstructions ? `\n\nTool server instructions: ${serverInstructions}` : '')
  );
}

export const SYSTEM_PROMPT = systemPrompt(SERVER_INSTRUCTIONS);

export function userPrompt(task: PhotonicsTask): string {
  const keys = task.answer_keys.map((k) => `- ${k.key} (${k.unit}): ${k.description}`).join('\n');
  return `${task.prompt}\n\nReport these values in submit_answer.values:\n${keys}`;
}

export const PhotonicsTranscriptSchema = z.strictObject({
  schema_version: z.literal(PHOTONICS_TRANSCRIPT_SCHEMA_VERSION),
  task: PhotonicsTaskSchema,
  agent: AgentDescriptorSchema,
  ...toolEpisodeRecordFields,
});
export type PhotonicsTranscript = z.infer<typeof PhotonicsTranscriptSchema>;

export const toolCallsOf = (events: readonly ToolEpisodeEvent[]): ToolCallEvent[] => events.filter((e): e is ToolCallEvent => e.type === 'tool_call');

/** The answer: the last submit_answer call that validated and ran (null when none did). */
export function submittedAnswer(events: readonly ToolEpisodeEvent[]): SubmittedAnswer | null {
  const last = toolCallsOf(events)
    .filter((c) => c.name === 'submit_answer' && c.error === null)
    .at(-1);
  const parsed = last ? SubmitAnswerSchema.safeParse(last.arguments) : null;
  return parsed?.success ? parsed.data : null;
}

export type PhotonicsRunOptions = Record<string, never>;

export async function runPhotonicsEpisode(input: EpisodeInput<PhotonicsTask, PhotonicsAgentEnv, PhotonicsRunOptions>): Promise<PhotonicsTranscript> {
  const { task, agent, env, clock } = input;
  const taskSeed = deriveSeed(input.runSeed, task.task_id);
  const rng = createRng(taskSeed);
  if (!agent.toolModel) throw new Error(`agent "${agent.id}" cannot call tools, and the photonics-agent suite is answered through tool calls`);
  const model = agent.toolModel({ task, rng, signal: input.signal });
  const startedMs = clock();
  // A fresh tool session per task: an external server is spawned for this task and closed after it.
  const session = env.openTools ? await env.openTools() : null;
  let r;
  try {
    r = await runToolEpisode({
      ...model,
      rng,
      clock,
      signal: input.signal,
      system: systemPrompt(session ? session.instructions : SERVER_INSTRUCTIONS),
      user: userPrompt(task),
      tools: [...(session ? session.tools.filter((t) => t.name !== 'submit_answer') : engineTools(env)), submitAnswerTool(() => undefined)],
      ...(input.budget ? { budget: input.budget } : {}),
      ...(input.timers ? { timers: input.timers } : {}),
      ...(input.onEvent ? { onEvent: input.onEvent } : {}),
      ...(input.onDelta ? { onDelta: input.onDelta } : {}),
    });
  } finally {
    await session?.close();
  }
  return {
    schema_version: PHOTONICS_TRANSCRIPT_SCHEMA_VERSION,
    task,
    agent: agentDescriptorOf(agent),
    ...toolEpisodeRecord(input, { taskSeed, maxRetries: model.retry.max_retries, startedMs }, r),
  };
}
