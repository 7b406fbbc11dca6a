/**
 * One VEH task, one fresh agent session, one transcript: the generic episode driver runs the
 * probe's protocol on a VehEpisode, and this records the settings the episode ran under (seeds,
 * query budget rule, P3 variant, audit controls) with its events and timings.
 */
import type { EpisodeRunCore } from '../../run/types.ts';
import { driveEpisode } from '../../run/episode-driver.ts';
import { agentDescriptorOf, episodeTimings, settingsHead } from '../../run/transcript-core.ts';
import { budgetRuleFor, effectiveBudget, type QueryBudgetRule } from '../protocol/budget.ts';
import { p3VariantUnder } from '../protocol/control-blocks.ts';
import { runProtocol } from '../protocol/episode.ts';
import { VehEpisode } from '../protocol/episode-loop.ts';
import type { TranscriptEvent } from '../protocol/events.ts';
import type { P3Variant } from '../protocol/prompts.ts';
import type { VehTask } from '../task-schema.ts';
import { TRANSCRIPT_SCHEMA_VERSION, type Transcript } from './transcript.ts';
import type { RunControls, VehOracle } from './types.ts';

export interface EpisodeRunOptions extends EpisodeRunCore<VehTask, VehOracle, TranscriptEvent> {
  p3Variant: P3Variant;
  /** Defaults to the agent's own rule (budgetRuleFor). */
  budgetRule?: QueryBudgetRule;
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

export async function runEpisode(o: EpisodeRunOptions): Promise<Transcript> {
  const c = o.controls;
  const control = c?.control ?? 'default';
  const p3Variant = p3VariantUnder(control, o.p3Variant);
  let rule = o.budgetRule ?? budgetRuleFor(o.agent);
  const { episode, status, taskSeed } = await driveEpisode<TranscriptEvent, VehEpisode>(
    {
      task: o.task,
      agent: o.agent,
      runSeed: o.runSeed,
      signal: o.signal,
      prepare: () => {
        rule = matchedRule(c, o.task.task_id) ?? rule;
      },
    },
    (session) =>
      new VehEpisode({
        session,
        oracle: o.oracle,
        clock: o.clock,
        signal: o.signal,
        maxRetries: o.maxRetries,
        ...(o.budget ? { budget: o.budget } : {}),
        ...(o.timers ? { timers: o.timers } : {}),
        ...(o.onEvent ? { onEvent: o.onEvent } : {}),
        ...(o.onDelta ? { onDelta: o.onDelta } : {}),
      }),
    (ep) => runProtocol(ep, o.task, { p3Variant, budgetRule: rule, control, sgForm: c?.sgForm ?? null }),
  );
  const loop = episode.loop;
  return {
    schema_version: TRANSCRIPT_SCHEMA_VERSION,
    task: o.task,
    agent: agentDescriptorOf(o.agent),
    settings: {
      ...settingsHead(o, taskSeed),
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
    events: episode.events.slice(),
    status,
    timings: episodeTimings(loop),
  };
}
