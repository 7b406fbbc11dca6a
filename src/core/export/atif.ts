/**
 * Interop export to Harbor's Agent Trajectory Interchange Format, ATIF-v1.4 (harbor docs/rfcs/0001-
 * trajectory-format.md): one trajectory per task, written as JSON Lines (one trajectory a line).
 *
 * The subset used: root {schema_version, session_id, agent {name, version, model_name?, extra},
 * steps, notes, final_metrics, extra}; steps {step_id, timestamp, source system|user|agent, message,
 * model_name?, tool_calls?, observation?, metrics?, extra?}. Mapping:
 * - system and user messages → steps of that source;
 * - each agent reply → an agent step (its text as message; tokens and cost as metrics);
 * - the oracle calls the agent's reply caused (purpose "agent") → that step's tool_calls
 *   (function_name as the suite names it, VEH: "veh_oracle.evaluate"; arguments = the full request) with the oracle's results as
 *   observation (JSON text at full precision);
 * - the harness's own oracle evaluations (initial/trap states) → system steps with an observation;
 * - protocol events (parse, retry, action, end, error, llm_retry) → the `extra.events` of the step
 *   they follow, unchanged, so nothing of the transcript is lost.
 * Timestamps are the episode start plus each event's t_ms. The native JSON export stays the
 * authoritative record (verify and import read it, not ATIF).
 */
import { isEvent, type EventCore } from '../agent/events.ts';
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import { taskUsage } from '../run/usage.ts';
import type { SuiteInterop } from '../suite/contract.ts';

export const ATIF_SCHEMA_VERSION = 'ATIF-v1.4';

export interface AtifToolCall {
  tool_call_id: string;
  function_name: string;
  arguments: Record<string, unknown>;
}

export interface AtifStep {
  step_id: number;
  timestamp?: string;
  source: 'system' | 'user' | 'agent';
  message: string;
  model_name?: string;
  tool_calls?: AtifToolCall[];
  observation?: { results: { source_call_id?: string; content: string }[] };
  metrics?: { prompt_tokens?: number; completion_tokens?: number; cached_tokens?: number; cost_usd?: number; extra?: Record<string, unknown> };
  extra?: Record<string, unknown>;
}

export interface AtifTrajectory {
  schema_version: typeof ATIF_SCHEMA_VERSION;
  session_id: string;
  agent: { name: string; version: string; model_name?: string; extra?: Record<string, unknown> };
  steps: AtifStep[];
  notes?: string;
  final_metrics?: { total_prompt_tokens?: number; total_completion_tokens?: number; total_cached_tokens?: number; total_cost_usd?: number; total_steps?: number; extra?: Record<string, unknown> };
  extra?: Record<string, unknown>;
}

function timestamp(start: string, tMs: number): string | undefined {
  const ms = Date.parse(start);
  return Number.isFinite(ms) ? new Date(ms + tMs).toISOString() : undefined;
}

/** One task's transcript as an ATIF trajectory; the suite says which events are calls and what its steps mean. */
export function transcriptToAtif<T extends TranscriptCore>(interop: SuiteInterop<T>, t: T, manifest: ManifestCore): AtifTrajectory {
  const steps: AtifStep[] = [];
  const start = t.timings.started_at;
  const callId = (i: number): string => `${t.task.task_id}#e${i}`;
  const modelName = manifest.model?.model;
  const pushStep = (s: Omit<AtifStep, 'step_id'>): AtifStep => {
    const step: AtifStep = { step_id: steps.length + 1, ...s };
    steps.push(step);
    return step;
  };
  const addExtraEvent = (e: EventCore): void => {
    const last = steps[steps.length - 1] ?? pushStep({ source: 'system', message: '', timestamp: timestamp(start, e.t_ms) });
    const events = (last.extra?.events as EventCore[] | undefined) ?? [];
    last.extra = { ...last.extra, events: [...events, e] };
  };
  let lastAgent: AtifStep | null = null;
  t.events.forEach((e, i) => {
    const call = interop.callOf(e);
    if (call) {
      const content = JSON.stringify(call.result);
      if (call.by === 'agent' && lastAgent) {
        lastAgent.tool_calls = [...(lastAgent.tool_calls ?? []), { tool_call_id: callId(i), function_name: call.function_name, arguments: { ...call.request } }];
        lastAgent.observation = { results: [...(lastAgent.observation?.results ?? []), { source_call_id: callId(i), content }] };
        return;
      }
      pushStep({
        source: 'system',
        message: `harness oracle evaluation: ${call.label}`,
        timestamp: timestamp(start, e.t_ms),
        observation: { results: [{ content }] },
        extra: { oracle_request: call.request, purpose: call.by, step: call.step, duration_ms: call.duration_ms },
      });
      return;
    }
    if (isEvent('message')(e)) {
      lastAgent = null;
      pushStep({ source: e.role, message: e.content, timestamp: timestamp(start, e.t_ms) });
      return;
    }
    if (isEvent('reply')(e)) {
      const metrics: NonNullable<AtifStep['metrics']> = {};
      if (e.usage) {
        // ATIF's prompt_tokens include the cached ones, as the providers' input_tokens here do.
        metrics.prompt_tokens = e.usage.input_tokens;
        metrics.completion_tokens = e.usage.output_tokens;
        if (e.usage.cached_input_tokens !== undefined) metrics.cached_tokens = e.usage.cached_input_tokens;
        if (e.usage.reasoning_tokens !== undefined) metrics.extra = { reasoning_tokens: e.usage.reasoning_tokens };
      }
      if (typeof e.cost_usd === 'number') metrics.cost_usd = e.cost_usd;
      lastAgent = pushStep({
        source: 'agent',
        message: e.text,
        timestamp: timestamp(start, e.t_ms),
        ...(e.llm?.model ?? modelName ? { model_name: e.llm?.model ?? modelName } : {}),
        ...(Object.keys(metrics).length > 0 ? { metrics } : {}),
        extra: { attempt: e.attempt, duration_ms: e.duration_ms, ...(e.llm ? { finish_reason: e.llm.finish_reason, model_version: e.llm.model_version } : {}) },
      });
      return;
    }
    addExtraEvent(e);
  });
  const u = taskUsage(t);
  return {
    schema_version: ATIF_SCHEMA_VERSION,
    session_id: `${manifest.run_id}/${t.task.task_id}`,
    agent: {
      name: `proving-ground/${t.agent.id}`,
      version: manifest.app_version,
      ...(modelName ? { model_name: modelName } : {}),
      extra: { label: t.agent.label, privileged: t.agent.privileged, ...(manifest.model ? { provider: manifest.model.provider, endpoint: manifest.model.endpoint } : {}) },
    },
    steps,
    notes: interop.atifNotes,
    final_metrics: {
      total_prompt_tokens: u.input_tokens,
      total_completion_tokens: u.output_tokens,
      total_cached_tokens: u.cached_input_tokens,
      ...(u.cost_usd !== null ? { total_cost_usd: u.cost_usd } : {}),
      total_steps: steps.length,
      extra: { replies: u.replies, unknown_price_replies: u.unknown_price_replies },
    },
    extra: {
      suite: manifest.suite,
      task_id: t.task.task_id,
      ...interop.taskExtra(t),
      task_index: t.settings.task_index,
      status: t.status,
      run_seed: t.settings.run_seed,
      bank_hash: manifest.bank_hash,
      oracle_backend: t.settings.oracle_backend,
    },
  };
}

/** The whole run as ATIF JSON Lines: one trajectory per task, in run order, newline-terminated. */
export function runToAtifJsonl<T extends TranscriptCore>(interop: SuiteInterop<T>, manifest: ManifestCore, transcripts: readonly T[]): string {
  return transcripts
    .slice()
    .sort((a, b) => a.settings.task_index - b.settings.task_index)
    .map((t) => `${JSON.stringify(transcriptToAtif(interop, t, manifest))}\n`)
    .join('');
}
