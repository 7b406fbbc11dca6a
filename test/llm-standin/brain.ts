/**
 * The "model" behind the stand-in server: a plain function of the conversation, so tests decide
 * what the model says while the server takes care of each provider's wire format. Every provider's
 * request is normalised to the same messages before the brain sees it.
 */
import type { ProviderId } from '../../src/core/llm/types.ts';

export interface BrainToolCall {
  /** The provider's id for the call, where the format has one (Gemini's has none). */
  readonly id?: string;
  readonly name: string;
  /** Parsed arguments (the raw text when a provider sent text that is not JSON). */
  readonly arguments: unknown;
}

export interface BrainMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content: string;
  readonly tool_calls?: readonly BrainToolCall[];
  /** For role 'tool': the call it answers (Gemini: the function name, its only link). */
  readonly tool_call_id?: string;
}

export interface BrainRequest {
  readonly provider: ProviderId;
  readonly model: string;
  readonly messages: readonly BrainMessage[];
  /** Names of the tools offered. */
  readonly tools: readonly string[];
}

export interface BrainReply {
  readonly text?: string;
  readonly tool_calls?: readonly { readonly name: string; readonly arguments: unknown }[];
  /** Lets a test make the provider report prompt-cache hits and reasoning tokens (both 0 otherwise). */
  readonly cached_input_tokens?: number;
  readonly reasoning_tokens?: number;
  /**
   * The reasoning text, used only when the request enables thinking (Anthropic `thinking`, Gemini
   * `thinkingConfig` with a non-zero budget); the server makes one up when the brain gives none.
   */
  readonly thinking?: string;
}

export type Brain = (request: BrainRequest) => BrainReply | Promise<BrainReply>;

export interface StandinUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cached_input_tokens: number;
  readonly reasoning_tokens: number;
}

const tokens = (chars: number): number => Math.ceil(chars / 4);

function callChars(calls: readonly { name: string; arguments: unknown }[] | undefined): number {
  return (calls ?? []).reduce((n, c) => n + c.name.length + JSON.stringify(c.arguments ?? null).length, 0);
}

/**
 * Deterministic usage, so tests can predict it: input = ceil(chars/4) over every message's content
 * and tool calls; output = ceil(chars/4) over the reply (plus the reasoning tokens a brain claims).
 */
export function usageFor(messages: readonly BrainMessage[], reply: BrainReply): StandinUsage {
  const inputChars = messages.reduce((n, m) => n + m.content.length + callChars(m.tool_calls), 0);
  const reasoning = reply.reasoning_tokens ?? 0;
  const input = tokens(inputChars);
  return {
    input_tokens: input,
    output_tokens: tokens((reply.text ?? '').length + callChars(reply.tool_calls)) + reasoning,
    cached_input_tokens: Math.min(reply.cached_input_tokens ?? 0, input),
    reasoning_tokens: reasoning,
  };
}
