/**
 * What every suite's transcript has in common, as the generic layers (run engine, usage, store,
 * export, verify) read it: the task snapshot with its id, the agent, the seeds and retry policy it
 * ran under, the events, the status and the timings. A suite's own transcript schema refines every
 * field (its task schema, its settings, its event union) and keeps these names.
 */
import { z } from 'zod';
import type { EpisodeStatus, EventCore } from '../agent/events.ts';
import type { EpisodeBudget } from '../llm/budget.ts';
import type { EpisodeLoop } from '../agent/loop.ts';

export const AgentDescriptorSchema = z.strictObject({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  privileged: z.boolean(),
});
export type AgentDescriptorRecord = z.infer<typeof AgentDescriptorSchema>;

export const TimingsSchema = z.strictObject({
  /** ISO date of the episode start (injected clock). */
  started_at: z.string(),
  duration_ms: z.number(),
  agent_ms: z.number(),
  oracle_ms: z.number(),
});
export type Timings = z.infer<typeof TimingsSchema>;

export interface TranscriptSettingsCore {
  /** The run's seed (agent RNGs derive from it; the bootstrap uses it). */
  run_seed: number;
  /** deriveSeed(run_seed, task_id): the agent's RNG seed for this task. */
  task_seed: number;
  /** Position in the run, so rows are rebuilt in run order (the bootstrap depends on order). */
  task_index: number;
  max_retries: number;
  oracle_backend: string;
  budget?: EpisodeBudget;
}

export interface TranscriptCore {
  schema_version: number;
  task: { task_id: string };
  agent: AgentDescriptorRecord;
  settings: TranscriptSettingsCore;
  events: readonly EventCore[];
  status: EpisodeStatus;
  timings: Timings;
}

/** An episode's timings as its transcript records them (reads the clock once, for the duration). */
export function episodeTimings<E extends EventCore>(loop: EpisodeLoop<E>): Timings {
  return {
    started_at: new Date(loop.startedMs).toISOString(),
    duration_ms: loop.elapsedMs(),
    agent_ms: loop.agentMs,
    oracle_ms: loop.oracleMs,
  };
}

export function agentDescriptorOf(agent: AgentDescriptorRecord): AgentDescriptorRecord {
  return { id: agent.id, label: agent.label, description: agent.description, privileged: agent.privileged };
}

/** The first settings every transcript records, in this order (each suite adds its own after them). */
export function settingsHead(o: { runSeed: number; taskIndex: number }, taskSeed: number): Pick<TranscriptSettingsCore, 'run_seed' | 'task_seed' | 'task_index'> {
  return { run_seed: o.runSeed, task_seed: taskSeed, task_index: o.taskIndex };
}
