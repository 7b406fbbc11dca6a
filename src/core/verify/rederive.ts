/**
 * Re-derive, do not re-read: verify runs each episode again through the suite's own protocol
 * (runEpisode: its prompts, the harness's JSON parser and retry policy, its request builder, its
 * validity checks, budget counters and end rules) on a fresh environment, from the shipped task and
 * the manifest's settings, and requires the transcript the file carries to equal the one this
 * produces, event by event (times aside). So every oracle request is rebuilt from the task and the
 * agent's reply before it is re-executed, every action, validity flag, query count, status and end
 * event is recomputed from the reply text, and nothing the harness wrote is taken on trust.
 *
 * Who answers the prompts in the re-run:
 *  - a deterministic built-in agent of this build (no model block in the manifest) is re-run from
 *    the run seed and must reproduce every reply byte for byte: verdict `replayed`;
 *  - a model agent cannot be re-run, so its recorded replies (text, usage, cost, HTTP records,
 *    HTTP retries, a request that failed for good) are fed back in order: verdict `regraded`
 *    ("re-graded and re-executed; model replies taken as recorded").
 * An episode budget's timeout cannot be re-timed; it is replayed at the point the file says it
 * struck (and its reason, which quotes the elapsed seconds, is taken as recorded).
 */
import type { EventCore } from '../agent/events.ts';
import type { Agent, AgentReply, AgentSession } from '../agent/types.ts';
import type { EpisodeBudget, Timers } from '../llm/budget.ts';
import { LlmRequestFailedError, type LlmCallRecord } from '../llm/call-record.ts';
import { llmAgentId } from '../llm/llm-agent.ts';
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import type { EpisodeInput } from '../run/types.ts';
import { diffValues, type VerifyDiff } from './verify.ts';

/** How a task's replies were checked: re-run from the seed, or taken as recorded (a model's). */
export type ReplayVerdict = 'replayed' | 'regraded';

export const VERDICT_TEXT: Readonly<Record<ReplayVerdict, string>> = {
  replayed: 'replayed: the built-in agent re-run from the seed reproduced every reply byte for byte',
  regraded: 're-graded and re-executed; model replies taken as recorded',
};

export interface RederiveContext<Env, M> {
  /** A fresh environment (the same one re-execution uses). */
  env: Env;
  manifest: M;
  /** The shipped task of the transcript's id; null when there is none (the snapshot is used). */
  task: unknown;
}

export interface Rederivation {
  verdict: ReplayVerdict;
  diffs: VerifyDiff[];
}

/** What the generic re-run needs from a suite (its runnable half). */
export interface RederiveSpec<Task, Env, Opts, T extends TranscriptCore, M extends ManifestCore> {
  runEpisode(input: EpisodeInput<Task, Env, Opts>): Promise<T>;
  optionsOf(manifest: M): Opts;
  /** Every deterministic agent this build can re-run (the suite's list and any flag-only agents). */
  agents: readonly Agent[];
}

/** Most event diffs listed per task (the first ones name the cause; the count says how many more). */
const MAX_EVENT_DIFFS = 12;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const toJson = (v: unknown): unknown => (v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as unknown));

/** An event as compared: times and durations depend on the clock, not on the run. */
function comparable(e: unknown): unknown {
  if (!isRecord(e)) return e;
  const { t_ms: _t, duration_ms: _d, ...rest } = e;
  // The timeout's reason quotes the seconds elapsed; the limit and the stop are still compared.
  if (rest.type === 'end' && rest.budget_limit === 'timeout_s') delete rest.reason;
  return rest;
}

/** The recorded replies of one transcript, in order, with the HTTP retries before each. */
interface RecordedTurn {
  retries: EventCore[];
  reply: Record<string, unknown> | null;
}

function recordedTurns(events: readonly EventCore[]): { turns: RecordedTurn[]; failure: { message: string; calls: LlmCallRecord[] } | null } {
  const turns: RecordedTurn[] = [];
  let retries: EventCore[] = [];
  let failure: { message: string; calls: LlmCallRecord[] } | null = null;
  for (const e of events) {
    if (e.type === 'llm_retry') retries.push(e);
    else if (e.type === 'reply') {
      turns.push({ retries, reply: e as unknown as Record<string, unknown> });
      retries = [];
    } else if (e.type === 'error') {
      const r = e as unknown as { message: string; llm_calls?: LlmCallRecord[] };
      failure = { message: r.message, calls: r.llm_calls ?? [] };
    }
  }
  if (retries.length > 0) turns.push({ retries, reply: null });
  return { turns, failure };
}

/** A model agent's session that answers with the file's recorded replies, in order. */
function recordedAgent(t: TranscriptCore): Agent {
  const { turns, failure } = recordedTurns(t.events);
  return {
    ...t.agent,
    start: (): AgentSession => {
      let next = 0;
      return {
        respond: (_messages, _signal, hooks) => {
          const turn = turns[next++];
          for (const r of turn?.retries ?? []) hooks?.onRetry?.(r as unknown as Parameters<NonNullable<typeof hooks.onRetry>>[0]);
          const reply = turn?.reply;
          if (!reply) {
            // The file's request that failed for good (or more asks than recorded replies).
            if (failure) return Promise.reject(new LlmRequestFailedError(failure.message, 'network', null, failure.calls));
            return Promise.reject(new Error(`the transcript records no reply for request ${next}`));
          }
          const out: AgentReply = { text: typeof reply.text === 'string' ? reply.text : '' };
          if (reply.usage !== undefined) out.usage = reply.usage as NonNullable<AgentReply['usage']>;
          if (reply.cost_usd !== undefined) out.cost_usd = reply.cost_usd as number | null;
          if (reply.llm !== undefined) out.llm = reply.llm as NonNullable<AgentReply['llm']>;
          return Promise.resolve(out);
        },
      };
    },
  };
}

/** Timers that never fire on their own; `fire` strikes the episode timeout where the file says it did. */
function replayTimers(): Timers & { fire(): void } {
  const pending = new Map<number, () => void>();
  let id = 0;
  return {
    setTimeout: (fn) => {
      pending.set(++id, fn);
      return id as unknown as ReturnType<Timers['setTimeout']>;
    },
    clearTimeout: (h) => void pending.delete(h as unknown as number),
    fire: () => {
      for (const fn of [...pending.values()]) fn();
      pending.clear();
    },
  };
}

function budgetOf(manifest: ManifestCore): EpisodeBudget | undefined {
  const b = manifest.model?.budget;
  return b && Object.keys(b).length > 0 ? b : undefined;
}

/** Which agent answers the re-run, or why none can (a diff). */
function answererOf(spec: { agents: readonly Agent[] }, t: TranscriptCore, manifest: ManifestCore): { agent: Agent; verdict: ReplayVerdict } | VerifyDiff {
  if (manifest.model) {
    if (manifest.agent.privileged) return { check: 'rederive', path: 'manifest.agent.privileged', claimed: true, recomputed: false, note: 'a model agent never reads the hidden reference' };
    const id = llmAgentId({ provider: manifest.model.provider as Parameters<typeof llmAgentId>[0]['provider'], model: manifest.model.model });
    if (manifest.agent.id !== id) return { check: 'rederive', path: 'manifest.agent.id', claimed: manifest.agent.id, recomputed: id, note: "a model run's agent id names its provider and model (the manifest's model block)" };
    // A model's reply comes with its HTTP record; a reply without one was not a model's (a relabelled built-in run).
    const bare = t.events.findIndex((e) => e.type === 'reply' && !(e as { llm?: { calls?: unknown[] } }).llm?.calls?.length);
    if (bare >= 0) return { check: 'rederive', path: `events[${bare}].llm`, claimed: undefined, recomputed: 'the HTTP record of the model call', note: 'every reply of a model run carries the request and response it came from' };
    return { agent: recordedAgent(t), verdict: 'regraded' };
  }
  const builtin = spec.agents.find((a) => a.id === manifest.agent.id);
  if (!builtin) {
    return {
      check: 'rederive',
      path: 'manifest.agent.id',
      claimed: manifest.agent.id,
      recomputed: `one of ${spec.agents.map((a) => a.id).join(', ')}`,
      note: 'a run without a model block must be by a built-in agent of this build, which verify re-runs',
    };
  }
  return { agent: builtin, verdict: 'replayed' };
}

/**
 * Re-runs one episode and lists every difference from the file's transcript: settings, agent,
 * status and each event (paths `events[i].…`, as the file numbers them).
 */
export async function rederiveEpisode<Task, Env, Opts, T extends TranscriptCore, M extends ManifestCore>(
  spec: RederiveSpec<Task, Env, Opts, T, M>,
  t: T,
  ctx: RederiveContext<Env, M>,
): Promise<Rederivation> {
  const who = answererOf(spec, t, ctx.manifest);
  if ('check' in who) return { verdict: 'regraded', diffs: [who] };

  const endIndex = t.events.findLastIndex((e) => e.type === 'end');
  const end = endIndex >= 0 ? (t.events[endIndex] as unknown as { budget_limit?: string }) : null;
  const timers = replayTimers();
  let seen = 0;
  const budget = budgetOf(ctx.manifest);
  let replayed: T;
  try {
    replayed = await spec.runEpisode({
      task: (ctx.task ?? t.task) as Task,
      taskIndex: t.settings.task_index,
      agent: who.agent,
      env: ctx.env,
      clock: () => 0,
      runSeed: ctx.manifest.seed,
      signal: new AbortController().signal,
      options: spec.optionsOf(ctx.manifest),
      maxRetries: ctx.manifest.max_retries,
      ...(budget ? { budget } : {}),
      timers,
      onEvent: () => {
        // The file's timeout struck after its event endIndex-1: strike it there again.
        if (++seen === endIndex && end?.budget_limit === 'timeout_s') timers.fire();
      },
    });
  } catch (e) {
    return { verdict: who.verdict, diffs: [{ check: 'rederive', path: 'events', claimed: 'a transcript the protocol reproduces', recomputed: `the re-run failed: ${(e as Error).message}` }] };
  }

  const diffs: VerifyDiff[] = [];
  const note = who.verdict === 'replayed' ? `re-run of built-in agent ${who.agent.id} from the seed` : "re-run of the protocol on the model's recorded replies";
  const push = (list: { path: string; claimed: unknown; recomputed: unknown }[]): void => {
    for (const d of list) diffs.push({ check: 'rederive', ...d, note });
  };
  // Settings: all of them, but a field an older transcript version did not have yet.
  const older = t.schema_version < replayed.schema_version;
  const claimedSettings = toJson(t.settings) as Record<string, unknown>;
  const derivedSettings = toJson(replayed.settings) as Record<string, unknown>;
  for (const k of new Set([...Object.keys(claimedSettings), ...Object.keys(derivedSettings)])) {
    if (k === 'oracle_backend') continue; // checked against the reproducible backends instead
    if (older && !Object.hasOwn(claimedSettings, k)) continue;
    const a = Object.hasOwn(claimedSettings, k) ? claimedSettings[k] : undefined;
    const b = Object.hasOwn(derivedSettings, k) ? derivedSettings[k] : undefined;
    if (k === 'budget' && (a === undefined || (isRecord(a) && Object.keys(a).length === 0)) && b === undefined) continue;
    push(diffValues(a, b, `settings.${k}`));
  }
  push(diffValues(toJson(t.agent), toJson(replayed.agent), 'agent'));
  push(diffValues(t.status, replayed.status, 'status'));

  const events: { path: string; claimed: unknown; recomputed: unknown }[] = [];
  const n = Math.max(t.events.length, replayed.events.length);
  for (let i = 0; i < n; i++) {
    const a = i < t.events.length ? comparable(toJson(t.events[i])) : undefined;
    const b = i < replayed.events.length ? comparable(toJson(replayed.events[i])) : undefined;
    if (a === undefined || b === undefined) events.push({ path: `events[${i}]`, claimed: a === undefined ? undefined : (a as { type?: unknown }).type, recomputed: b === undefined ? undefined : (b as { type?: unknown }).type });
    else diffValues(a, b, `events[${i}]`, events);
  }
  push(events.slice(0, MAX_EVENT_DIFFS));
  if (events.length > MAX_EVENT_DIFFS) diffs.push({ check: 'rederive', path: 'events', claimed: `${events.length} differing fields`, recomputed: `${MAX_EVENT_DIFFS} listed`, note });
  return { verdict: who.verdict, diffs };
}
