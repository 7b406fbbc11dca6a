/**
 * Provider-agnostic agent contract. Built-in scripted agents and (later) LLM endpoints implement the
 * same interface and are driven by the same episode loop: they receive chat messages and answer text.
 */
import { z } from 'zod';

export const ChatMessageSchema = z.strictObject({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const UsageSchema = z.strictObject({ input_tokens: z.number().int(), output_tokens: z.number().int() });
export type Usage = z.infer<typeof UsageSchema>;

export interface AgentReply {
  text: string;
  usage?: Usage;
}

/** Deterministic RNG handed in by the caller (core never reads Math.random). */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
}

export interface EpisodeContext {
  /** The full task including its hidden reference. Only privileged agents (the reference agent) may read `reference`. */
  readonly task: unknown;
  readonly rng: Rng;
  readonly signal: AbortSignal;
}

export interface AgentSession {
  respond(messages: readonly ChatMessage[], signal: AbortSignal): Promise<AgentReply>;
}

export interface AgentDescriptor {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  /** True for agents that read the hidden reference (they calibrate the harness, they are not competitors). */
  readonly privileged: boolean;
}

export interface Agent extends AgentDescriptor {
  /** A fresh session per task: nothing from an earlier task is visible. */
  start(ctx: EpisodeContext): AgentSession;
}

/** Injected wall clock (ms since epoch), so core stays free of ambient time. */
export type Clock = () => number;
