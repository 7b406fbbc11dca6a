/**
 * One circuit task, one fresh agent session, one transcript: the generic episode driver runs the
 * probe's protocol on a CircuitEpisode, and this records the settings (seeds, query budget, P3
 * opening) with the events and timings.
 */
import type { EpisodeRunCore } from '../../run/types.ts';
import { driveEpisode } from '../../run/episode-driver.ts';
import { agentDescriptorOf, episodeTimings, settingsHead } from '../../run/transcript-core.ts';
import type { P3Variant } from '../../veh/protocol/prompts.ts';
import type { CircuitOracle } from '../oracle.ts';
import { runCircuitProtocol } from '../protocol/episode.ts';
import { CircuitEpisode } from '../protocol/episode-loop.ts';
import type { CircuitTranscriptEvent } from '../protocol/events.ts';
import { CIRCUIT_TRANSCRIPT_SCHEMA_VERSION, type CircuitTranscript } from '../protocol/transcript.ts';
import type { CircuitTask } from '../task-schema.ts';

export interface CircuitEpisodeRunOptions extends EpisodeRunCore<CircuitTask, CircuitOracle, CircuitTranscriptEvent> {
  /** P3 opening: the raw corrupted history (default) or the verifier-authored state summary. */
  p3Variant?: P3Variant;
}

export function queryBudgetOf(task: CircuitTask): number | null {
  if (task.probe === 'P2') return task.query_budget;
  if (task.probe === 'P3') return task.query_budget_remaining;
  return null;
}

export async function runCircuitEpisode(o: CircuitEpisodeRunOptions): Promise<CircuitTranscript> {
  const { episode, status, taskSeed } = await driveEpisode<CircuitTranscriptEvent, CircuitEpisode>(
    { task: o.task, agent: o.agent, runSeed: o.runSeed, signal: o.signal },
    (session) =>
      new CircuitEpisode({
        session,
        oracle: o.oracle,
        clock: o.clock,
        signal: o.signal,
        ...(o.maxRetries !== undefined ? { maxRetries: o.maxRetries } : {}),
        ...(o.budget ? { budget: o.budget } : {}),
        ...(o.timers ? { timers: o.timers } : {}),
        ...(o.onEvent ? { onEvent: o.onEvent } : {}),
        ...(o.onDelta ? { onDelta: o.onDelta } : {}),
      }),
    (ep) => runCircuitProtocol(ep, o.task, o.p3Variant),
  );
  const loop = episode.loop;
  return {
    schema_version: CIRCUIT_TRANSCRIPT_SCHEMA_VERSION,
    suite: 'circuit',
    task: o.task,
    agent: agentDescriptorOf(o.agent),
    settings: {
      ...settingsHead(o, taskSeed),
      query_budget: queryBudgetOf(o.task),
      max_retries: loop.maxRetries,
      oracle_backend: o.oracle.backendId,
      ...(o.budget ? { budget: o.budget } : {}),
      ...(o.p3Variant === 'state_summary' ? { p3_variant: o.p3Variant } : {}),
    },
    events: episode.events.slice(),
    status,
    timings: episodeTimings(loop),
  };
}
