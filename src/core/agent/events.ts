/**
 * The conversation events every episode loop writes, whatever the suite: messages sent, replies
 * received (with usage, cost and per-attempt HTTP records for model agents), HTTP retries, parse
 * results and corrective retries of the JSON-reply protocol, the end of the episode and errors.
 * A suite adds its own events (oracle calls, actions, tool calls) and builds its transcript's event
 * union from these schemas plus its own; rows and metrics are re-derived from that list alone.
 * `t_ms` is milliseconds since the episode started (injected clock).
 */
import { z } from 'zod';
import { UsageSchema } from './types.ts';
import { BudgetLimitSchema } from '../llm/budget.ts';
import { LlmCallRecordSchema, LlmErrorKindSchema, LlmReplyMetaSchema } from '../llm/call-record.ts';

/** How an episode ended; every suite's rows carry one. */
export const EPISODE_STATUSES = ['completed', 'budget_exceeded', 'parse_failure', 'cancelled', 'error'] as const;
export const EpisodeStatusSchema = z.enum(EPISODE_STATUSES);
export type EpisodeStatus = z.infer<typeof EpisodeStatusSchema>;

const t_ms = z.number();

export const MessageEventSchema = z.strictObject({
  type: z.literal('message'),
  t_ms,
  role: z.enum(['system', 'user']),
  content: z.string(),
});

export const ReplyEventSchema = z.strictObject({
  type: z.literal('reply'),
  t_ms,
  /** 0 for the first answer to a prompt, 1 and 2 for retries. */
  attempt: z.number().int(),
  text: z.string(),
  usage: UsageSchema.optional(),
  /** LLM agents: USD cost of this reply, null when the model's price is unknown. */
  cost_usd: z.number().nullable().optional(),
  /** LLM agents: provider, model version, finish reason and one record per HTTP attempt. */
  llm: LlmReplyMetaSchema.optional(),
  duration_ms: z.number(),
});

/**
 * An HTTP attempt to the model failed and is retried after `wait_ms` (429, 5xx, network, timeout).
 * Distinct from `retry`, the protocol's corrective message after an unusable reply.
 */
export const LlmRetryEventSchema = z.strictObject({
  type: z.literal('llm_retry'),
  t_ms,
  /** 1 for the first retry of this request. */
  retry: z.number().int().positive(),
  error_kind: LlmErrorKindSchema,
  status: z.number().int().nullable(),
  wait_ms: z.number(),
  message: z.string(),
});

export const ParseEventSchema = z.strictObject({
  type: z.literal('parse'),
  t_ms,
  attempt: z.number().int(),
  ok: z.boolean(),
  error: z.string().nullable(),
});

export const RetryEventSchema = z.strictObject({
  type: z.literal('retry'),
  t_ms,
  /** 1 or 2: which retry this corrective message starts. */
  retry: z.number().int(),
  problem: z.string(),
});

/** The reply never parsed after all retries: counts one parse failure for the row. */
export const ParseFailureEventSchema = z.strictObject({
  type: z.literal('parse_failure'),
  t_ms,
  attempts: z.number().int(),
  problem: z.string(),
});

export const ErrorEventSchema = z.strictObject({
  type: z.literal('error'),
  t_ms,
  message: z.string(),
  /** A model request that failed for good: every HTTP attempt, with what the endpoint answered. */
  llm_calls: z.array(LlmCallRecordSchema).optional(),
});

/**
 * The end of an episode. `final` names the suite's final state (a probe's final design, …) in the
 * suite's own terms; a budget stop or an error writes null. Each suite passes its schema for it.
 */
export function endEventSchema<F extends z.ZodType>(finalRef: F) {
  return z.strictObject({
    type: z.literal('end'),
    t_ms,
    status: EpisodeStatusSchema,
    final: finalRef.nullable(),
    reason: z.string(),
    /** Set when an episode budget (max_turns, max_cost_usd, timeout_s) stopped the episode. */
    budget_limit: BudgetLimitSchema.optional(),
    /** The HTTP attempts of the model request the stop cut short (it got no reply); usage counts them. */
    llm_calls: z.array(LlmCallRecordSchema).optional(),
  });
}

/** The conversation events, in the order a suite's discriminated union lists them. */
export const CONVERSATION_EVENT_SCHEMAS = [MessageEventSchema, ReplyEventSchema, LlmRetryEventSchema, ParseEventSchema, RetryEventSchema, ParseFailureEventSchema] as const;

export type MessageEvent = z.infer<typeof MessageEventSchema>;
export type ReplyEvent = z.infer<typeof ReplyEventSchema>;
export type LlmRetryEvent = z.infer<typeof LlmRetryEventSchema>;
export type ParseEvent = z.infer<typeof ParseEventSchema>;
export type RetryEvent = z.infer<typeof RetryEventSchema>;
export type ParseFailureEvent = z.infer<typeof ParseFailureEventSchema>;
export type ErrorEvent = z.infer<typeof ErrorEventSchema>;

/** The end event as the generic layers read it (the suite's `final` left opaque). */
export interface EndEventCore {
  type: 'end';
  t_ms: number;
  status: EpisodeStatus;
  final: unknown;
  reason: string;
  budget_limit?: z.infer<typeof BudgetLimitSchema>;
  llm_calls?: z.infer<typeof LlmCallRecordSchema>[];
}

/** What the generic loop itself writes. */
export type ConversationEvent = MessageEvent | ReplyEvent | LlmRetryEvent | ParseEvent | RetryEvent | ParseFailureEvent | ErrorEvent | EndEventCore;

/** Any suite's event, as generic layers see it: a type tag and a time. */
export interface EventCore {
  type: string;
  t_ms: number;
}

/** A type guard for one conversation event type, for lists typed by the generic EventCore. */
export function isEvent<K extends ConversationEvent['type']>(type: K): (e: EventCore) => e is Extract<ConversationEvent, { type: K }> {
  return (e): e is Extract<ConversationEvent, { type: K }> => e.type === type;
}

/**
 * An oracle call as a probe suite records it (VEH's `oracle_call`, the circuit audit's
 * `circuit_oracle_call`): the full request and full-precision result, the turn that asked for it and
 * whether it counts against the query budget. The suite gives the type name and its request and result schemas.
 */
export function oracleCallEventSchema<T extends string, Q extends z.ZodType, R extends z.ZodType>(type: T, request: Q, result: R) {
  return z.strictObject({
    type: z.literal(type),
    t_ms,
    /** Agent turn that asked for it; null for the harness's own evaluations (initial or trap state). */
    step: z.number().int().nullable(),
    /** 'agent' calls are the queries counted against the budget; 'harness' calls are not. */
    purpose: z.enum(['agent', 'harness']),
    label: z.string(),
    request,
    result,
    duration_ms: z.number(),
  });
}
