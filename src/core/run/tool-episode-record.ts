/**
 * What a tool-use suite's transcript records besides its task (the photonics agent, spec-to-design):
 * the episode's settings, every event of the tool loop, the status and the timings. One builder, so
 * the two suites' transcripts keep the same fields in the same order.
 */
import { z } from 'zod';
import { EpisodeStatusSchema } from '../agent/events.ts';
import { EpisodeBudgetSchema } from '../llm/budget.ts';
import { ToolEpisodeEventSchema } from '../llm/tool-events.ts';
import type { ToolEpisodeResult } from '../llm/tool-loop.ts';
import { TimingsSchema } from './transcript-core.ts';
import type { EpisodeInput, SuiteEnvironment } from './types.ts';

export const ToolEpisodeSettingsSchema = z.strictObject({
  run_seed: z.number().int(),
  task_seed: z.number().int(),
  task_index: z.number().int(),
  max_retries: z.number().int(),
  oracle_backend: z.string(),
  budget: EpisodeBudgetSchema.optional(),
});

/** The record fields of a tool-use transcript, for a suite's strictObject (after task and agent). */
export const toolEpisodeRecordFields = {
  settings: ToolEpisodeSettingsSchema,
  events: z.array(ToolEpisodeEventSchema),
  status: EpisodeStatusSchema,
  timings: TimingsSchema,
};

export function toolEpisodeRecord(input: EpisodeInput<unknown, SuiteEnvironment, unknown>, o: { taskSeed: number; maxRetries: number; startedMs: number }, r: ToolEpisodeResult) {
  const sum = (type: 'reply' | 'tool_call'): number => r.events.reduce((s, e) => s + (e.type === type ? e.duration_ms : 0), 0);
  return {
    settings: {
      run_seed: input.runSeed,
      task_seed: o.taskSeed,
      task_index: input.taskIndex,
      max_retries: o.maxRetries,
      oracle_backend: input.env.backendId,
      ...(input.budget ? { budget: input.budget } : {}),
    },
    events: r.events,
    status: r.status,
    timings: { started_at: new Date(o.startedMs).toISOString(), duration_ms: input.clock() - o.startedMs, agent_ms: sum('reply'), oracle_ms: sum('tool_call') },
  };
}
