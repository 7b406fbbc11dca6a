/**
 * The one provider-agnostic episode driver of the JSON-reply protocol. A suite's episode talks to
 * its agent through an EpisodeLoop: it keeps the conversation, asks the session, parses the first
 * JSON object of the reply, applies the harness retry policy (VEHBench Appendix N.1/N.9: up to two
 * corrective retries, then a parse failure), times the suite's oracle calls, and writes every step
 * as a transcript event. Built-in agents and LLM endpoints go through exactly this code, so they are
 * scored by the same rules. The loop knows no suite: the suite's own events (its oracle calls and
 * actions) go into the same time-ordered list through `record`, typed by the parameter E.
 *
 * Episode budgets (LLM runs; see src/core/llm/budget.ts): before each request the loop checks the
 * turn and cost limits and the wall clock, and a timeout aborts the request or oracle call in
 * flight. A stop throws BudgetExceededError, which runEpisode turns into the `budget_exceeded` end.
 * The session gets the episode's own signal (the run's signal, plus the timeout), so Cancel and the
 * timeout both reach the HTTP request at once.
 */
import type { AgentReply, AgentSession, ChatMessage, Clock } from './types.ts';
import type { ConversationEvent, EpisodeStatus, EventCore } from './events.ts';
import type { BudgetExceededError, EpisodeBudget, Timers } from '../llm/budget.ts';
import { EpisodeCancelledError, EpisodeGuard } from './episode-guard.ts';
import type { LlmCallRecord } from '../llm/call-record.ts';
import { AttemptLedger } from '../llm/attempt-ledger.ts';
import { parseFirstJsonObject, type JsonObject } from './parse-json.ts';

export const DEFAULT_MAX_RETRIES = 2;

/** What a probe makes of a parsed JSON object: a usable value, or the problem to tell the model. */
export type Interpretation<T> = { ok: true; value: T } | { ok: false; problem: string };

export type AskResult<T> = { ok: true; value: T; retries: number } | { ok: false; problem: string; retries: number };

export { EpisodeCancelledError };

/**
 * The oracle itself failed (a crashed worker, a missing kernel). That is the harness's failure, not
 * the agent's: the run engine stops the run instead of scoring the task as an agent error.
 */
export class OracleFailureError extends Error {
  constructor(cause: unknown) {
    super(`oracle failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'OracleFailureError';
  }
}

/** Races a promise against the signal, so a session or oracle that ignores the signal cannot hang a cancel. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // The dropped promise may still reject (an aborted request): nobody waits for it any more.
    promise.catch(() => undefined);
    return Promise.reject(new EpisodeCancelledError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new EpisodeCancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export interface EpisodeLoopOptions<E extends EventCore = ConversationEvent> {
  session: AgentSession;
  clock: Clock;
  /** The run's signal: aborting it cancels the episode. */
  signal: AbortSignal;
  maxRetries?: number;
  budget?: EpisodeBudget;
  /** Required when budget.timeout_s is set (core has no ambient timers). */
  timers?: Timers;
  /** Every transcript event as it is recorded (live view). */
  onEvent?: (e: E | ConversationEvent) => void;
  /** Streamed reply text as it arrives (live view). */
  onDelta?: (text: string) => void;
}

/** Who asked for an oracle call: an agent turn (counted against the query budget) or the harness. */
export interface OracleCallMeta {
  step: number | null;
  purpose: 'agent' | 'harness';
  label: string;
}

export class EpisodeLoop<E extends EventCore = ConversationEvent> {
  readonly events: (E | ConversationEvent)[] = [];
  readonly startedMs: number;
  readonly maxRetries: number;
  /** Cumulative time spent waiting for the agent and for the oracle. */
  agentMs = 0;
  oracleMs = 0;
  private readonly conversation: ChatMessage[] = [];
  private readonly opts: EpisodeLoopOptions<E>;
  /** Cancel, timeout and the turn/cost limits of this episode. */
  readonly guard: EpisodeGuard;
  /** The HTTP attempts of the model request in flight (a budget stop that cuts it short records them). */
  private readonly attempts: AttemptLedger;

  constructor(opts: EpisodeLoopOptions<E>) {
    this.opts = opts;
    this.maxRetries = opts.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.startedMs = opts.clock();
    this.attempts = new AttemptLedger(() => opts.clock());
    this.guard = new EpisodeGuard({
      signal: opts.signal,
      clock: opts.clock,
      startedMs: this.startedMs,
      ...(opts.budget ? { budget: opts.budget } : {}),
      ...(opts.timers ? { timers: opts.timers } : {}),
    });
  }

  /** Clears the episode timer and listeners; call once the episode is over. */
  dispose(): void {
    this.guard.dispose();
  }

  /** The episode's signal: the run's cancel plus the episode timeout. */
  get signal(): AbortSignal {
    return this.guard.signal;
  }

  /** Appends an event (the loop's own, or the suite's) to the transcript and the live view. */
  record(e: E | ConversationEvent): void {
    this.events.push(e);
    this.opts.onEvent?.(e);
  }

  private async askSession(): Promise<AgentReply> {
    const { session } = this.opts;
    this.attempts.reset();
    try {
      const reply = await abortable(
        session.respond(this.conversation.slice(), this.guard.signal, {
          ...(this.opts.onDelta ? { onDelta: this.opts.onDelta } : {}),
          onRetry: (r) => this.record({ type: 'llm_retry', t_ms: this.now(), retry: r.retry, error_kind: r.error_kind, status: r.status, wait_ms: r.wait_ms, message: r.message }),
          ...this.attempts.hooks,
        }),
        this.guard.signal,
      );
      // The reply (or the error of a request that failed for good) carries its own attempts.
      this.attempts.reset();
      return reply;
    } catch (e) {
      throw this.guard.interruption(e) ?? e;
    }
  }

  /** Milliseconds since the episode started: the `t_ms` of the next event. */
  now(): number {
    return this.opts.clock() - this.startedMs;
  }

  get messages(): readonly ChatMessage[] {
    return this.conversation;
  }

  /** Appends system/user messages to the conversation (they reach the agent with the next ask). */
  say(...messages: readonly ChatMessage[]): void {
    for (const m of messages) {
      if (m.role === 'assistant') throw new Error('say() sends system or user messages; assistant text comes from the agent');
      this.conversation.push(m);
      this.record({ type: 'message', t_ms: this.now(), role: m.role, content: m.content });
    }
  }

  /**
   * Asks the agent until `interpret` accepts the first JSON object of its reply, with up to
   * maxRetries corrective messages; each corrective message names the problem and `formatHint`.
   */
  async ask<T>(interpret: (obj: JsonObject) => Interpretation<T>, formatHint: string): Promise<AskResult<T>> {
    const { clock } = this.opts;
    let problem = '';
    for (let attempt = 0; attempt <= this.maxRetries; attempt++) {
      await this.guard.yieldToHost();
      this.guard.throwIfBudgetSpent();
      const t0 = clock();
      let reply: AgentReply;
      try {
        reply = await this.askSession();
      } catch (e) {
        this.agentMs += clock() - t0;
        throw e;
      }
      const duration = clock() - t0;
      this.agentMs += duration;
      this.guard.countReply(reply.cost_usd);
      const text = typeof reply.text === 'string' ? reply.text : '';
      this.record({
        type: 'reply',
        t_ms: this.now(),
        attempt,
        text,
        ...(reply.usage ? { usage: reply.usage } : {}),
        ...(reply.cost_usd !== undefined ? { cost_usd: reply.cost_usd } : {}),
        ...(reply.llm ? { llm: reply.llm } : {}),
        duration_ms: duration,
      });
      this.conversation.push({ role: 'assistant', content: text });

      const parsed = parseFirstJsonObject(text);
      const interpreted: Interpretation<T> = parsed.ok ? interpret(parsed.value) : { ok: false, problem: parsed.error };
      this.record({
        type: 'parse',
        t_ms: this.now(),
        attempt,
        ok: interpreted.ok,
        error: interpreted.ok ? null : interpreted.problem,
      });
      if (interpreted.ok) return { ok: true, value: interpreted.value, retries: attempt };

      problem = interpreted.problem;
      if (attempt < this.maxRetries) {
        this.record({ type: 'retry', t_ms: this.now(), retry: attempt + 1, problem });
        this.say({
          role: 'user',
          content: `Your previous reply could not be used: ${problem}. ${formatHint} Reply with exactly one JSON object and nothing else.`,
        });
      }
    }
    this.record({ type: 'parse_failure', t_ms: this.now(), attempts: this.maxRetries + 1, problem });
    return { ok: false, problem, retries: this.maxRetries };
  }

  /**
   * One call of the suite's oracle, under the episode's cancel and budget: returns the result and
   * its duration, and adds the time to oracleMs. The suite records its own event for the call. A
   * failure that is not a cancel or timeout is the oracle's (OracleFailureError), not the agent's.
   */
  async callOracle<R>(call: () => Promise<R>): Promise<{ result: R; duration_ms: number }> {
    const { clock } = this.opts;
    await this.guard.yieldToHost();
    const t0 = clock();
    let result: R;
    try {
      result = await abortable(call(), this.guard.signal);
    } catch (e) {
      throw this.guard.interruption(e) ?? new OracleFailureError(e);
    }
    const duration = clock() - t0;
    this.oracleMs += duration;
    return { result, duration_ms: duration };
  }

  /** Ends the episode; `final` is the suite's reference to its final state (null where none). */
  end(status: EpisodeStatus, final: unknown, reason: string): void {
    this.record({ type: 'end', t_ms: this.now(), status, final, reason });
  }

  /**
   * Ends the episode on a budget stop. `final` is null: derive-row then takes the last evaluated
   * state (else the starting state), exactly as for an episode that ended in an error.
   */
  endOnBudget(e: BudgetExceededError): void {
    const cut = this.attempts.cut(`aborted by the stop: ${e.message}`);
    this.record({ type: 'end', t_ms: this.now(), status: 'budget_exceeded', final: null, reason: e.message, budget_limit: e.limit, ...(cut.length > 0 ? { llm_calls: cut } : {}) });
  }

  /** The attempts of a model request the episode abandoned (empty when none was under way). */
  cutAttempts(why: string): LlmCallRecord[] {
    return this.attempts.cut(why);
  }

  error(message: string, llmCalls?: readonly LlmCallRecord[]): void {
    this.record({ type: 'error', t_ms: this.now(), message, ...(llmCalls ? { llm_calls: [...llmCalls] } : {}) });
  }

  elapsedMs(): number {
    return this.now();
  }
}
