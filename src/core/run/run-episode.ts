/**
 * One task, one fresh agent session, one transcript. The agent's RNG is seeded from the run seed
 * and the task id, so a task's episode does not depend on which other tasks ran before it.
 * Cancellation and oracle failures propagate (the caller drops the episode and stops); a budget
 * stop ends the episode with status 'budget_exceeded' and keeps what was done; any other failure
 * becomes an episode with status 'error' and an error event (with every HTTP attempt when a model
 * request failed), so one broken task does not end a run.
 */
import type { Agent, AgentSession, Clock } from '../agent/types.ts';
import { EpisodeCancelledError, EpisodeLoop, OracleFailureError } from '../agent/loop.ts';
import type { TranscriptEvent } from '../agent/events.ts';
import { BudgetExceededError, type EpisodeBudget, type Timers } from '../llm/budget.ts';
import { LlmRequestFailedError } from '../llm/call-record.ts';
import { createRng, deriveSeed } from '../stats/rng.ts';
import { budgetRuleFor, effectiveBudget, type QueryBudgetRule } from '../veh/protocol/budget.ts';
import { p3VariantUnder } from '../veh/protocol/control-blocks.ts';
import { runProtocol } from '../veh/protocol/episode.ts';
import type { P3Variant } from '../veh/protocol/prompts.ts';
import type { EpisodeStatus } from '../veh/rows.ts';
import type { VehTask } from '../veh/task-schema.ts';
import { TRANSCRIPT_SCHEMA_VERSION, type Transcript } from './transcript.ts';
import type { RunControls, VehOracle } from './types.ts';

export interface EpisodeRunOptions {
  task: VehTask;
  taskIndex: number;
  agent: Agent;
  oracle: VehOracle;
  clock: Clock;
  runSeed: number;
  signal: AbortSignal;
  p3Variant: P3Variant;
  /** Defaults to the agent's own rule (budgetRuleFor). */
  budgetRule?: QueryBudgetRule;
  maxRetries?: number;
  budget?: EpisodeBudget;
  timers?: Timers;
  onEvent?: (e: TranscriptEvent) => void;
  onDelta?: (text: string) => void;
  /** Run-time controls (control block, subset, SG form, matched budgets); see RunControls. */
  controls?: RunControls;
}

/** SG episodes check exactly one answer with the oracle. */
const SG_QUERY_BUDGET = 1;

/** A matched run's rule for one task: the source run's query count, all spent (CMA-ES full-budget rule). */
function matchedRule(controls: RunControls | undefined, taskId: string): QueryBudgetRule | null {
  const m = controls?.matched;
  if (!m) return null;
  const budget = m.budgets[taskId];
  if (budget === undefined || !Number.isInteger(budget) || budget < 1) {
    throw new Error(`matched run: no positive query count for task ${taskId} in run ${m.runId}`);
  }
  return { kind: 'full_budget', budget };
}

const failingSession: AgentSession = { respond: () => Promise.reject(new Error('agent failed to start')) };

export async function runEpisode(o: EpisodeRunOptions): Promise<Transcript> {
  const taskSeed = deriveSeed(o.runSeed, o.task.task_id);
  const c = o.controls;
  const control = c?.control ?? 'default';
  const p3Variant = p3VariantUnder(control, o.p3Variant);
  let rule = o.budgetRule ?? budgetRuleFor(o.agent);
  let session: AgentSession = failingSession;
  let startError: Error | null = null;
  try {
    rule = matchedRule(c, o.task.task_id) ?? rule;
    session = o.agent.start({ task: o.task, rng: createRng(taskSeed), signal: o.signal });
  } catch (e) {
    startError = e instanceof Error ? e : new Error(String(e));
  }
  const loop = new EpisodeLoop({
    session,
    oracle: o.oracle,
    clock: o.clock,
    signal: o.signal,
    maxRetries: o.maxRetries,
    ...(o.budget ? { budget: o.budget } : {}),
    ...(o.timers ? { timers: o.timers } : {}),
    ...(o.onEvent ? { onEvent: o.onEvent } : {}),
    ...(o.onDelta ? { onDelta: o.onDelta } : {}),
  });
  let status: EpisodeStatus;
  try {
    if (startError) throw startError;
    await runProtocol(loop, o.task, { p3Variant, budgetRule: rule, control, sgForm: c?.sgForm ?? null });
    const end = loop.events.findLast((e) => e.type === 'end');
    status = end?.type === 'end' ? end.status : 'error';
  } catch (e) {
    // Cancellation and oracle failures end the run, not just this task (the caller handles both).
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
    schema_version: TRANSCRIPT_SCHEMA_VERSION,
    task: o.task,
    agent: { id: o.agent.id, label: o.agent.label, description: o.agent.description, privileged: o.agent.privileged },
    settings: {
      run_seed: o.runSeed,
      task_seed: taskSeed,
      task_index: o.taskIndex,
      p3_variant: p3Variant,
      budget_rule: rule,
      query_budget: c?.sgForm && o.task.probe === 'P2' ? SG_QUERY_BUDGET : effectiveBudget(o.task, rule),
      max_retries: loop.maxRetries,
      oracle_backend: o.oracle.backendId,
      ...(o.budget ? { budget: o.budget } : {}),
      control,
      ...(c?.subset ? { subset: c.subset } : {}),
      ...(c?.sgForm ? { sg_form: c.sgForm } : {}),
      ...(c?.matched ? { matched_to_run_id: c.matched.runId } : {}),
    },
    events: loop.events,
    status,
    timings: {
      started_at: new Date(loop.startedMs).toISOString(),
      duration_ms: loop.elapsedMs(),
      agent_ms: loop.agentMs,
      oracle_ms: loop.oracleMs,
    },
  };
}
