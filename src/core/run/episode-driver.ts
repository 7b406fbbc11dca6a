/**
 * One task, one fresh agent session, one episode: the part of running a task that every suite
 * shares. The agent's RNG is seeded from the run seed and the task id, so a task's episode does not
 * depend on which tasks ran before it. Cancellation and oracle failures propagate (the run engine
 * drops the episode and stops); a budget stop ends the episode with status 'budget_exceeded' and
 * keeps what was done; any other failure becomes an episode with status 'error' and an error event
 * (with every HTTP attempt when a model request failed), so one broken task does not end a run.
 * The suite builds its transcript from the episode this returns.
 */
import type { Agent, AgentSession } from '../agent/types.ts';
import type { EpisodeStatus, EventCore } from '../agent/events.ts';
import { EpisodeCancelledError, OracleFailureError, type EpisodeLoop } from '../agent/loop.ts';
import { BudgetExceededError } from '../llm/budget.ts';
import { LlmRequestFailedError } from '../llm/call-record.ts';
import { createRng, deriveSeed } from '../stats/rng.ts';

export interface EpisodeDriverInput {
  task: { readonly task_id: string };
  agent: Agent;
  runSeed: number;
  signal: AbortSignal;
  /** Suite work that must succeed before the agent starts (a failure ends the task as 'error'). */
  prepare?: () => void;
}

export interface DrivenEpisode<P> {
  episode: P;
  status: EpisodeStatus;
  taskSeed: number;
}

const failingSession: AgentSession = { respond: () => Promise.reject(new Error('agent failed to start')) };

export async function driveEpisode<E extends EventCore, P extends { readonly loop: EpisodeLoop<E> }>(
  o: EpisodeDriverInput,
  createEpisode: (session: AgentSession) => P,
  protocol: (episode: P) => Promise<void>,
): Promise<DrivenEpisode<P>> {
  const taskSeed = deriveSeed(o.runSeed, o.task.task_id);
  let session: AgentSession = failingSession;
  let startError: Error | null = null;
  try {
    o.prepare?.();
    session = o.agent.start({ task: o.task, rng: createRng(taskSeed), signal: o.signal });
  } catch (e) {
    startError = e instanceof Error ? e : new Error(String(e));
  }
  const episode = createEpisode(session);
  const loop = episode.loop;
  let status: EpisodeStatus;
  try {
    if (startError) throw startError;
    await protocol(episode);
    const end = loop.events.findLast((e) => e.type === 'end');
    status = end && 'status' in end ? (end.status as EpisodeStatus) : 'error';
  } catch (e) {
    // Cancellation and oracle failures end the run, not just this task (the run engine handles both).
    if (o.signal.aborted || e instanceof EpisodeCancelledError || e instanceof OracleFailureError) throw e;
    if (e instanceof BudgetExceededError) {
      loop.endOnBudget(e);
      status = 'budget_exceeded';
    } else {
      const message = e instanceof Error ? e.message : String(e);
      // A request that failed for good carries its attempts; any other failure mid-request leaves them in the loop.
      const cut = e instanceof LlmRequestFailedError ? [...e.calls] : loop.cutAttempts(`abandoned: ${message}`);
      loop.error(message, cut.length > 0 ? cut : undefined);
      status = 'error';
    }
  } finally {
    loop.dispose();
  }
  return { episode, status, taskSeed };
}
