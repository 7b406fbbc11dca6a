/**
 * Free tool use (later suites): the model gets tool definitions made from zod schemas
 * (z.toJSONSchema), calls them as it likes, and the episode ends when it answers without a tool
 * call. Tool-call arguments are validated with the tool's zod schema at the boundary: invalid JSON,
 * an unknown tool or arguments that fail validation are not run — the error goes back to the model
 * as the tool result and is recorded. Every call is recorded with its arguments, result or error
 * and timing. Budgets, HTTP retries and cancel work exactly as in the VEH episodes (EpisodeGuard).
 */
import { z } from 'zod';
import { abortable } from '../agent/loop.ts';
import { EpisodeCancelledError, EpisodeGuard } from '../agent/episode-guard.ts';
import type { Clock, Rng } from '../agent/types.ts';
import { BudgetExceededError, type EpisodeBudget, type Timers } from './budget.ts';
import { AttemptLedger } from './attempt-ledger.ts';
import { LlmRequestFailedError } from './call-record.ts';
import { decodingFields, priceForReply, replyMeta, sendWithRetries, toUsage } from './llm-agent.ts';
import { costOf, priceFor, type PriceTable } from './prices.ts';
import type { Sleep } from './retry.ts';
import type { ModelSettings, RetryPolicy } from './settings.ts';
import type { ToolEpisodeEvent, ToolReplyEvent } from './tool-events.ts';
import { addReplyEvent, emptyUsage } from '../run/usage.ts';
import type { LlmClient, LlmMessage, LlmRequest, LlmToolCall, LlmToolDef } from './types.ts';

/** Without a max_turns budget, a tool episode still stops after this many model requests. */
export const DEFAULT_TOOL_MAX_TURNS = 50;

export interface ToolSpec<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly description: string;
  /** Validates the model's arguments; also the source of the JSON Schema the model sees. */
  readonly schema: S;
  readonly handler: (args: z.output<S>, signal: AbortSignal) => unknown;
}

/** Keeps the handler's argument type tied to its schema. */
export function defineTool<S extends z.ZodType>(spec: ToolSpec<S>): ToolSpec<S> {
  return spec;
}

export function toolDefinition(tool: ToolSpec): LlmToolDef {
  return { name: tool.name, description: tool.description, parameters: z.toJSONSchema(tool.schema, { io: 'input' }) as Record<string, unknown> };
}

export interface ToolEpisodeOptions {
  client: LlmClient;
  settings: ModelSettings;
  retry: RetryPolicy;
  sleep: Sleep;
  prices: PriceTable;
  rng: Rng;
  clock: Clock;
  signal: AbortSignal;
  system: string;
  user: string;
  tools: readonly ToolSpec[];
  budget?: EpisodeBudget;
  timers?: Timers;
  onEvent?: (e: ToolEpisodeEvent) => void;
  onDelta?: (text: string) => void;
}

/** The model side of a tool episode: what an Agent's toolModel() hands the loop. */
export type ToolModel = Pick<ToolEpisodeOptions, 'client' | 'settings' | 'retry' | 'sleep' | 'prices'>;

export interface ToolEpisodeResult {
  status: 'completed' | 'budget_exceeded' | 'error';
  /** The model's last text (its answer when completed). */
  final_text: string | null;
  events: ToolEpisodeEvent[];
  /** The whole conversation as sent to the model. */
  messages: LlmMessage[];
  replies: number;
  input_tokens: number;
  output_tokens: number;
  /** USD; null when any reply's price was unknown. */
  cost_usd: number | null;
}

interface ToolOutcome {
  valid: boolean;
  args: unknown;
  result: unknown;
  error: string | null;
}

async function runTool(call: LlmToolCall, tools: readonly ToolSpec[], guard: EpisodeGuard): Promise<ToolOutcome> {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) return { valid: false, args: null, result: null, error: `unknown tool "${call.name}"; available tools: ${tools.map((t) => t.name).join(', ')}` };
  let raw: unknown = call.arguments;
  if (raw === null) {
    if (call.arguments_text.trim() !== '') return { valid: false, args: null, result: null, error: `arguments of ${call.name} are not valid JSON: ${call.arguments_text.slice(0, 200)}` };
    raw = {};
  }
  const parsed = tool.schema.safeParse(raw);
  if (!parsed.success) return { valid: false, args: null, result: null, error: `invalid arguments for ${call.name}: ${z.prettifyError(parsed.error)}` };
  await guard.yieldToHost();
  try {
    const result = await abortable(Promise.resolve().then(() => tool.handler(parsed.data, guard.signal)), guard.signal);
    return { valid: true, args: parsed.data, result: result ?? null, error: null };
  } catch (e) {
    const stop = guard.interruption(e);
    if (stop) throw stop;
    return { valid: true, args: parsed.data, result: null, error: `${call.name} failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

export async function runToolEpisode(o: ToolEpisodeOptions): Promise<ToolEpisodeResult> {
  const startedMs = o.clock();
  const now = (): number => o.clock() - startedMs;
  const guard = new EpisodeGuard({ signal: o.signal, clock: o.clock, startedMs, ...(o.budget ? { budget: o.budget } : {}), ...(o.timers ? { timers: o.timers } : {}) });
  const events: ToolEpisodeEvent[] = [];
  const record = (e: ToolEpisodeEvent): void => {
    events.push(e);
    o.onEvent?.(e);
  };
  const messages: LlmMessage[] = [
    { role: 'system', content: o.system },
    { role: 'user', content: o.user },
  ];
  record({ type: 'message', t_ms: now(), role: 'system', content: o.system });
  record({ type: 'message', t_ms: now(), role: 'user', content: o.user });
  const defs = o.tools.map(toolDefinition);
  const listed = priceFor(o.prices, o.settings.provider, o.settings.model);
  const totals = emptyUsage();
  const attempts = new AttemptLedger(() => o.clock());
  let finalText: string | null = null;
  let status: ToolEpisodeResult['status'] = 'completed';
  try {
    for (let step = 1; ; step++) {
      await guard.yieldToHost();
      guard.throwIfBudgetSpent(DEFAULT_TOOL_MAX_TURNS);
      const request: LlmRequest = {
        model: o.settings.model,
        messages: messages.slice(),
        tools: defs,
        ...decodingFields(o.settings),
      };
      const t0 = o.clock();
      let exchange;
      attempts.reset();
      try {
        exchange = await abortable(
          sendWithRetries({ client: o.client, retry: o.retry, sleep: o.sleep, clock: o.clock, rng: o.rng }, request, guard.signal, {
            ...(o.onDelta ? { onDelta: o.onDelta } : {}),
            onRetry: (r) => record({ type: 'llm_retry', t_ms: now(), retry: r.retry, error_kind: r.error_kind, status: r.status, wait_ms: r.wait_ms, message: r.message }),
            ...attempts.hooks,
          }),
          guard.signal,
        );
        attempts.reset();
      } catch (e) {
        throw guard.interruption(e) ?? e;
      }
      const { response, calls } = exchange;
      const cost = costOf(response.usage, priceForReply(o.prices, o.settings, listed, response));
      guard.countReply(cost);
      const usage = toUsage(response.usage);
      const reply: ToolReplyEvent = {
        type: 'reply',
        t_ms: now(),
        attempt: 0,
        text: response.text,
        ...(usage ? { usage } : {}),
        cost_usd: cost,
        llm: replyMeta(o.settings, response, calls),
        duration_ms: o.clock() - t0,
        tool_calls: response.tool_calls.map((c) => ({ id: c.id, name: c.name, arguments_text: c.arguments_text })),
      };
      addReplyEvent(totals, reply);
      record(reply);
      finalText = response.text;
      // The provider's reasoning state (thinking blocks, thought signatures) rides along unchanged: the next request must carry it.
      messages.push({
        role: 'assistant',
        content: response.text,
        ...(response.tool_calls.length ? { tool_calls: response.tool_calls } : {}),
        ...(response.provider_state !== undefined ? { provider_state: response.provider_state } : {}),
      });
      if (response.tool_calls.length === 0) {
        record({ type: 'end', t_ms: now(), status: 'completed', reason: `answered without a tool call after ${step} request(s)` });
        break;
      }
      for (const call of response.tool_calls) {
        const c0 = o.clock();
        const out = await runTool(call, o.tools, guard);
        const content = JSON.stringify(out.error !== null ? { error: out.error } : { result: out.result });
        messages.push({ role: 'tool', tool_call_id: call.id, name: call.name, content });
        record({
          type: 'tool_call',
          t_ms: now(),
          step,
          call_id: call.id,
          name: call.name,
          arguments_text: call.arguments_text,
          arguments: out.args,
          valid: out.valid,
          error: out.error,
          result: out.result,
          duration_ms: o.clock() - c0,
        });
      }
    }
  } catch (e) {
    if (o.signal.aborted || e instanceof EpisodeCancelledError) {
      // (the finally block disposes the guard)
      throw e instanceof EpisodeCancelledError ? e : new EpisodeCancelledError();
    }
    if (e instanceof BudgetExceededError) {
      status = 'budget_exceeded';
      const cut = attempts.cut(`aborted by the stop: ${e.message}`);
      record({ type: 'end', t_ms: now(), status, reason: e.message, budget_limit: e.limit, ...(cut.length > 0 ? { llm_calls: cut } : {}) });
    } else {
      status = 'error';
      const message = e instanceof Error ? e.message : String(e);
      const cut = e instanceof LlmRequestFailedError ? [...e.calls] : attempts.cut(`abandoned: ${message}`);
      record({ type: 'error', t_ms: now(), message, ...(cut.length > 0 ? { llm_calls: cut } : {}) });
      record({ type: 'end', t_ms: now(), status, reason: message });
    }
  } finally {
    guard.dispose();
  }
  return { status, final_text: finalText, events, messages, replies: guard.replies, input_tokens: totals.input_tokens, output_tokens: totals.output_tokens, cost_usd: totals.cost_usd };
}
