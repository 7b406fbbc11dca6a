/**
 * One spec-to-design episode: the task's tools (simulators, probe, submit) built fresh, the system
 * and task prompts, the tool loop driving the agent's model, and a transcript holding every reply
 * and tool call — each probe and the submission with the evaluator's verdict. A budget stop keeps
 * the transcript; the designs evaluated by then are what is graded.
 */
import { z } from 'zod';
import { runToolEpisode } from '../llm/tool-loop.ts';
import type { ToolCallEvent, ToolEpisodeEvent } from '../llm/tool-events.ts';
import { AgentDescriptorSchema, agentDescriptorOf } from '../run/transcript-core.ts';
import { toolEpisodeRecord, toolEpisodeRecordFields } from '../run/tool-episode-record.ts';
import type { EpisodeInput } from '../run/types.ts';
import { createRng, deriveSeed } from '../stats/rng.ts';
import { designSystemPrompt, designTools, designUserPrompt, type DesignEnv } from './environment.ts';
import { DesignTaskSchema, type DesignTask } from './task-schema.ts';

export const DESIGN_TRANSCRIPT_SCHEMA_VERSION = 1;

export const DesignTranscriptSchema = z.strictObject({
  schema_version: z.literal(DESIGN_TRANSCRIPT_SCHEMA_VERSION),
  task: DesignTaskSchema,
  agent: AgentDescriptorSchema,
  ...toolEpisodeRecordFields,
});
export type DesignTranscript = z.infer<typeof DesignTranscriptSchema>;

export type DesignRunOptions = Record<string, never>;

/** The evaluator's calls of an episode (probes and the submission) that ran. */
export const EVALUATOR_TOOLS = ['probe', 'submit'] as const;
export const evaluatorCallsOf = (events: readonly ToolEpisodeEvent[]): ToolCallEvent[] =>
  events.filter((e): e is ToolCallEvent => e.type === 'tool_call' && (EVALUATOR_TOOLS as readonly string[]).includes(e.name) && e.error === null);

export async function runDesignEpisode(input: EpisodeInput<DesignTask, DesignEnv, DesignRunOptions>): Promise<DesignTranscript> {
  const { task, agent, env, clock } = input;
  const taskSeed = deriveSeed(input.runSeed, task.task_id);
  const rng = createRng(taskSeed);
  if (!agent.toolModel) throw new Error(`agent "${agent.id}" cannot call tools, and the design suite is played through tool calls`);
  const model = agent.toolModel({ task, rng, signal: input.signal });
  const startedMs = clock();
  const ledger = { used: 0, submitted: false };
  const r = await runToolEpisode({
    ...model,
    rng,
    clock,
    signal: input.signal,
    system: designSystemPrompt(),
    user: designUserPrompt(task),
    tools: designTools(env, task, ledger),
    ...(input.budget ? { budget: input.budget } : {}),
    ...(input.timers ? { timers: input.timers } : {}),
    ...(input.onEvent ? { onEvent: input.onEvent } : {}),
    ...(input.onDelta ? { onDelta: input.onDelta } : {}),
  });
  return {
    schema_version: DESIGN_TRANSCRIPT_SCHEMA_VERSION,
    task,
    agent: agentDescriptorOf(agent),
    ...toolEpisodeRecord(input, { taskSeed, maxRetries: model.retry.max_retries, startedMs }, r),
  };
}
