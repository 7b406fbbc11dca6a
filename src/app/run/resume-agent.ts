/**
 * Which agent an interrupted (or paused) run can continue with on this page now, or precisely why
 * none. A built-in agent resumes as itself. An LLM run is recorded as `llm:<provider>:<model>`
 * (llmAgentId), never as the picker's "your-model" value, so it resumes when the model settings
 * saved now name the same provider and model — and, where the run's transcripts recorded a request,
 * the same endpoint — and a key is at hand. Pure: the page passes in its settings, key and builder.
 */
import type { Agent } from '../../core/agent/types.ts';
import { isEvent } from '../../core/agent/events.ts';
import type { EpisodeBudget } from '../../core/llm/budget.ts';
import { llmAgentId } from '../../core/llm/llm-agent.ts';
import { safeEndpoint } from '../../core/llm/settings.ts';
import type { TranscriptCore as Transcript } from '../../core/run/transcript-core.ts';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import type { StoredModelConfig } from '../settings/stored-settings.ts';

/** The agent to resume a run with, as this page can build it now, or why it cannot. */
export type ResumeAgent = { agent: Agent; budget?: EpisodeBudget; live?: boolean } | { problem: string };

export interface ResumeContext {
  builtins: readonly Agent[];
  /** The model settings saved now (null: none saved). */
  config: StoredModelConfig | null;
  /** The key held for the configured endpoint now ('' when none). */
  apiKey: string;
  /** Whether the configured endpoint needs a key at all (a local server may not). */
  needsKey: boolean;
  build: (config: StoredModelConfig, apiKey: string) => Agent;
}

const LLM_PREFIX = 'llm:';

/** provider and model of an `llm:<provider>:<model>` id (a model id may itself contain colons). */
export function parseLlmAgentId(id: string): { provider: string; model: string } | null {
  if (!id.startsWith(LLM_PREFIX)) return null;
  const rest = id.slice(LLM_PREFIX.length);
  const colon = rest.indexOf(':');
  return colon <= 0 ? null : { provider: rest.slice(0, colon), model: rest.slice(colon + 1) };
}

/** The endpoint the run's first recorded model request went to (scheme, host, path), or null if none was recorded. */
export function recordedEndpoint(transcripts: readonly Transcript[]): string | null {
  for (const t of transcripts) {
    for (const e of t.events) {
      const calls = isEvent('reply')(e) ? e.llm?.calls : undefined;
      const url = calls?.[0]?.url;
      if (url) return safeEndpoint(url);
    }
  }
  return null;
}

/** Why the model configured now cannot continue this LLM run, or null when it can. */
export function llmResumeProblem(run: { agentId: string; endpoint: string | null }, ctx: Pick<ResumeContext, 'config' | 'apiKey' | 'needsKey'>): string | null {
  const recorded = parseLlmAgentId(run.agentId);
  const what = recorded ? `${recorded.provider} model “${recorded.model}”` : `agent “${run.agentId}”`;
  if (!ctx.config) return `This run used ${what}, but no model is configured now: set it up on the Model settings page, then resume.`;
  const s = ctx.config.settings;
  if (llmAgentId(s) !== run.agentId) {
    return `This run used ${what}, but ${s.provider} model “${s.model}” is configured now: switch back to it on the Model settings page to resume.`;
  }
  // A request URL is the base URL plus the provider's path, so the run's endpoint starts with the configured one.
  const configured = safeEndpoint(s.base_url);
  if (run.endpoint !== null && run.endpoint !== configured && !run.endpoint.startsWith(`${configured}/`)) {
    return `This run sent its requests to ${run.endpoint}, but the Model settings now point at ${configured}: set the endpoint back to resume.`;
  }
  if (ctx.apiKey === '' && ctx.needsKey) return 'This run needs the API key for its endpoint: enter it on the Model settings page (keys are never stored with runs), then resume.';
  return null;
}

export function resolveResumeAgent(summary: StoredRunSummary, transcripts: readonly Transcript[], ctx: ResumeContext): ResumeAgent {
  const id = summary.recipe?.agent_id ?? summary.agent_id;
  if (id.startsWith(LLM_PREFIX)) {
    const problem = llmResumeProblem({ agentId: id, endpoint: recordedEndpoint(transcripts) }, ctx);
    if (problem !== null || !ctx.config) return { problem: problem ?? 'No model is configured.' };
    try {
      return { agent: ctx.build(ctx.config, ctx.apiKey), budget: ctx.config.budget, live: true };
    } catch (e) {
      return { problem: e instanceof Error ? e.message : String(e) };
    }
  }
  const builtin = ctx.builtins.find((a) => a.id === id);
  return builtin ? { agent: builtin } : { problem: `This run used agent “${id}”, which this version of the page does not have.` };
}
