/**
 * Transcript events written by the episode loop. Together with the task snapshot they are the whole
 * record of an episode: rows (and so every metric) are re-derived from them, so they keep the full
 * oracle request and result of every call, not the rounded numbers shown to the model.
 * `t_ms` is milliseconds since the episode started (injected clock).
 */
import { z } from 'zod';
import { UsageSchema } from './types.ts';
import { BudgetLimitSchema } from '../llm/budget.ts';
import { LlmCallRecordSchema, LlmErrorKindSchema, LlmReplyMetaSchema } from '../llm/call-record.ts';
import { EnvironmentSchema, ExcitationSchema, LimitsSchema, OracleResultSchema, VehDesignSchema } from '../veh/oracle.ts';
import { EpisodeStatusSchema } from '../veh/rows.ts';

/** A parsed oracle request as sent to the backend (limits already resolved). */
export const StoredOracleRequestSchema = z.strictObject({
  design: VehDesignSchema,
  excitation: ExcitationSchema,
  environment: EnvironmentSchema,
  constraints: LimitsSchema,
});

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

export const OracleCallEventSchema = z.strictObject({
  type: z.literal('oracle_call'),
  t_ms,
  /** Agent turn that asked for it; null for the harness's own evaluations (initial/trap state). */
  step: z.number().int().nullable(),
  /** 'agent' calls are the queries counted against the budget; 'harness' calls are not. */
  purpose: z.enum(['agent', 'harness']),
  label: z.string(),
  request: StoredOracleRequestSchema,
  result: OracleResultSchema,
  duration_ms: z.number(),
});

/** How the protocol interpreted one agent turn. Probe-specific fields are optional. */
export const ActionEventSchema = z.strictObject({
  type: z.literal('action'),
  t_ms,
  step: z.number().int(),
  action: z.string().nullable(),
  protocol_valid: z.boolean(),
  invalid_reason: z.string().nullable(),
  design: VehDesignSchema.nullable(),
  evaluated: z.boolean(),
  reason: z.string().nullable(),
  missing_fields: z.array(z.string()).optional(),
  ranking: z.array(z.string()).nullable().optional(),
  modified_candidates: z.boolean().optional(),
  /** True for the post-budget turn in which an optimiser names its final design. */
  final_selection: z.boolean().optional(),
});

export const FinalRefSchema = z.strictObject({
  /** initial: the P2 initial design; trap: the P3 trap state; step: the state evaluated at `step`. */
  source: z.enum(['initial', 'trap', 'step']),
  step: z.number().int().nullable(),
});
export type FinalRef = z.infer<typeof FinalRefSchema>;

export const EndEventSchema = z.strictObject({
  type: z.literal('end'),
  t_ms,
  status: EpisodeStatusSchema,
  /** Which state is the episode's final design (P2/P3); null for P1/P4. */
  final: FinalRefSchema.nullable(),
  reason: z.string(),
  /** Set when an episode budget (max_turns, max_cost_usd, timeout_s) stopped the episode. */
  budget_limit: BudgetLimitSchema.optional(),
});

export const ErrorEventSchema = z.strictObject({
  type: z.literal('error'),
  t_ms,
  message: z.string(),
  /** A model request that failed for good: every HTTP attempt, with what the endpoint answered. */
  llm_calls: z.array(LlmCallRecordSchema).optional(),
});

export const TranscriptEventSchema = z.discriminatedUnion('type', [
  MessageEventSchema,
  ReplyEventSchema,
  LlmRetryEventSchema,
  ParseEventSchema,
  RetryEventSchema,
  ParseFailureEventSchema,
  OracleCallEventSchema,
  ActionEventSchema,
  EndEventSchema,
  ErrorEventSchema,
]);
export type TranscriptEvent = z.infer<typeof TranscriptEventSchema>;
export type OracleCallEvent = z.infer<typeof OracleCallEventSchema>;
export type ActionEvent = z.infer<typeof ActionEventSchema>;
export type ReplyEvent = z.infer<typeof ReplyEventSchema>;
export type LlmRetryEvent = z.infer<typeof LlmRetryEventSchema>;
export type EndEvent = z.infer<typeof EndEventSchema>;
