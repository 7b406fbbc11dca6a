/**
 * Provider-agnostic agent contract. Built-in scripted agents and (later) LLM endpoints implement the
 * same interface and are driven by the same episode loop: they receive chat messages and answer text.
 */
import { z } from 'zod';
import type { Rng } from '../stats/rng.ts';
import type { LlmReplyMeta, LlmRetryReport } from '../llm/call-record.ts';
import type { AttemptHooks } from '../llm/attempt-ledger.ts';
import type { ModelSettings, RetryPolicy } from '../llm/settings.ts';
import type { ToolModel } from '../llm/tool-loop.ts';

export const ChatMessageSchema = z.strictObject({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Token usage of one reply. input_tokens includes cached_input_tokens; output_tokens includes reasoning_tokens. */
export const UsageSchema = z.strictObject({
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cached_input_tokens: z.number().int().optional(),
  reasoning_tokens: z.number().int().optional(),
});
export type Usage = z.infer<typeof UsageSchema>;

export interface AgentReply {
  text: string;
  usage?: Usage;
  /** USD cost of this reply (LLM agents); null when the model's price is unknown (never 0 for unknown). */
  cost_usd?: number | null;
  /** Provider metadata and one record per HTTP attempt (LLM agents only). */
  llm?: LlmReplyMeta;
}

/** Optional live hooks of one respond() call; scripted agents ignore them. */
export interface RespondHooks extends AttemptHooks {
  /** Streamed text as it arrives (providers that stream). */
  onDelta?(text: string): void;
  /** An HTTP attempt failed and will be retried after `wait_ms` (becomes an llm_retry event). */
  onRetry?(report: LlmRetryReport): void;
}

/** Deterministic RNG handed in by the caller (core never reads Math.random); defined with the generators. */
export type { Rng };

export interface EpisodeContext {
  /** The full task including its hidden reference. Only privileged agents (the reference agent) may read `reference`. */
  readonly task: unknown;
  readonly rng: Rng;
  readonly signal: AbortSignal;
}

export interface AgentSession {
  respond(messages: readonly ChatMessage[], signal: AbortSignal, hooks?: RespondHooks): Promise<AgentReply>;
}

/** What an LLM-backed agent runs with (no key: keys never leave the adapter). */
export interface AgentModelInfo {
  readonly settings: ModelSettings;
  readonly retry: RetryPolicy;
}

export interface AgentDescriptor {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  /** True for agents that read the hidden reference (they calibrate the harness, they are not competitors). */
  readonly privileged: boolean;
}

export interface Agent extends AgentDescriptor {
  /** Present for agents backed by a model endpoint: goes into the run manifest's model block. */
  readonly model?: AgentModelInfo;
  /** A fresh session per task: nothing from an earlier task is visible. */
  start(ctx: EpisodeContext): AgentSession;
  /**
   * Tool-use suites (photonics-agent): the model the tool loop (src/core/llm/tool-loop.ts) drives
   * for one task. LLM agents hand over their endpoint; scripted agents a scripted stand-in, so both
   * go through the same loop. Absent: the agent speaks the JSON-reply protocol only.
   */
  toolModel?(ctx: EpisodeContext): ToolModel;
}

/** Injected wall clock (ms since epoch), so core stays free of ambient time. */
export type Clock = () => number;
