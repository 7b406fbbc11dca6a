/**
 * One circuit task, one fresh agent session, one transcript (the circuit counterpart of
 * src/core/run/run-episode.ts). The agent's RNG is seeded from the run seed and the task id.
 * Cancellation and oracle failures propagate (the caller stops the run); a budget stop ends the
 * episode as 'budget_exceeded'; any other failure becomes an episode with status 'error'.
 */
import { EpisodeCancelledError, OracleFailureError } from '../../agent/loop.ts';
import type { Agent, AgentSession, Clock } from '../../agent/types.ts';
import { BudgetExceededError, type EpisodeBudget, type Timers } from '../../llm/budget.ts';
import { LlmRequestFailedError } from '../../llm/call-record.ts';
import { createRng, deriveSeed } from '../../stats/rng.ts';
import type { EpisodeStatus } from '../../veh/rows.ts';
import type { CircuitOracle } from '../oracle.ts';
import { runCircuitProtocol } from '../protocol/episode.ts';
import { CircuitEpisode } from '../protocol/episode-loop.ts';
import type { CircuitTranscriptEvent } from '../protocol/events.ts';
import { CIRCUIT_TRANSCRIPT_SCHEMA_VERSION, type CircuitTranscript } from '../protocol/transcript.ts';
import type { CircuitTask } from '../task-schema.ts';
import type { P3Variant } from '../../veh/protocol/prompts.ts';

export interface CircuitEpisodeRunOptions {
  task: CircuitTask;
  taskIndex: number;
  agent: Agent;
  oracle: CircuitOracle;
  clock: Clock;
  runSeed: number;
  signal: AbortSignal;
  maxRetries?: number;
  budget?: EpisodeBudget;
  timers?: Timers;
  onEvent?: (e: CircuitTranscriptEvent) => void;
  onDelta?: (text: string) => void;
  /** P3 opening: the raw corrupted history (default) or the verifier-authored state summary. */
  p3Variant?: P3Variant;
}

const failingSession: AgentSession = { respond: () => Promise.reject(new Error('agent failed to start')) };

export function queryBudgetOf(task: CircuitTask): number | null {
  if (task.probe === 'P2') return task.query_budget;
  if (task.probe === 'P3') return task.query_budget_remaining;
  return null;
}

export async function runCircuitEpisode(o: CircuitEpisodeRunOptions): Promise<CircuitTranscript> {
  const taskSeed = deriveSeed(o.runSeed, o.task.task_id);
  let session: AgentSession = failingSession;
  let startError: Error | null = null;
  try {
    session = o.agent.start({ task: o.task, rng: createRng(taskSeed), signal: o.signal });
  } catch (e) {
    startError = e instanceof Error ? e : new Error(String(e));
  }
  const ep = new CircuitEpisode({
    session,
    oracle: o.oracle,
    clock: o.clock,
    signal: o.signal,
    ...(o.maxRetries !== undefined ? { maxRetries: o.maxRetries } : {}),
    ...(o.budget ? { budget: o.budget } : {}),
    ...(o.timers ? { timers: o.timers } : {}),
    ...(o.onEvent ? { onEvent: o.onEvent } : {}),
    ...(o.onDelta ? { onDelta: o.onDelta } : {}),
  });
  const loop = ep.loop;
  let status: EpisodeStatus;
  try {
    if (startError) throw startError;
    await runCircuitProtocol(ep, o.task, o.p3Variant);
    const end = ep.events.findLast((e) => e.type === 'end');
    status = end?.type === 'end' ? end.status : 'error';
  } catch (e) {
    if (o.signal.aborted || e instanceof EpisodeCancelledError || e instanceof OracleFailureError) throw e;
    if (e instanceof BudgetExceededError) {
      loop.endOnBudget(e);
      status = 'budget_exceeded';
    } else {
      loop.error(e instanceof Error ? e.message : String(e), e instanceof LlmRequestFailedError ? e.calls : undefined);
      status = 'error';
    }
  } finally {
    loop.dispose();
  }
  return {
    schema_version: CIRCUIT_TRANSCRIPT_SCHEMA_VERSION,
    suite: 'circuit',
    task: o.task,
    agent: { id: o.agent.id, label: o.agent.label, description: o.agent.description, privileged: o.agent.privileged },
    settings: {
      run_seed: o.runSeed,
      task_seed: taskSeed,
      task_index: o.taskIndex,
      query_budget: queryBudgetOf(o.task),
      max_retries: loop.maxRetries,
      oracle_backend: o.oracle.backendId,
      ...(o.budget ? { budget: o.budget } : {}),
      ...(o.p3Variant === 'state_summary' ? { p3_variant: o.p3Variant } : {}),
    },
    events: ep.events,
    status,
    timings: {
      started_at: new Date(loop.startedMs).toISOString(),
      duration_ms: loop.elapsedMs(),
      agent_ms: loop.agentMs,
      oracle_ms: ep.oracleMs,
    },
  };
}
