/**
 * The record of a free tool-use episode (later suites): the messages sent, every model reply with
 * the tool calls it made, every HTTP retry, every tool call with its arguments, result or error and
 * timing, and how the episode ended. Reply, retry, message and error events share the VEH
 * transcript's schemas, so the page renders them the same way.
 */
import { z } from 'zod';
import { ErrorEventSchema, LlmRetryEventSchema, MessageEventSchema, ReplyEventSchema } from '../agent/events.ts';
import { BudgetLimitSchema } from './budget.ts';
import { LlmCallRecordSchema } from './call-record.ts';

const t_ms = z.number();

export const ToolReplyEventSchema = ReplyEventSchema.extend({
  /** The tool calls the model made in this reply, as it sent them. */
  tool_calls: z.array(z.strictObject({ id: z.string(), name: z.string(), arguments_text: z.string() })),
});

export const ToolCallEventSchema = z.strictObject({
  type: z.literal('tool_call'),
  t_ms,
  /** The model request (1-based) whose reply made this call. */
  step: z.number().int().positive(),
  call_id: z.string(),
  name: z.string(),
  arguments_text: z.string(),
  /** Arguments after validation (null when they were not valid). */
  arguments: z.unknown(),
  /** False when the tool is unknown or the arguments failed validation; the handler did not run. */
  valid: z.boolean(),
  /** The validation or handler error that went back to the model; null on success. */
  error: z.string().nullable(),
  result: z.unknown(),
  duration_ms: z.number(),
});

export const ToolEndEventSchema = z.strictObject({
  type: z.literal('end'),
  t_ms,
  status: z.enum(['completed', 'budget_exceeded', 'error']),
  reason: z.string(),
  budget_limit: BudgetLimitSchema.optional(),
  /** The HTTP attempts of the model request the stop cut short (it got no reply); usage counts them. */
  llm_calls: z.array(LlmCallRecordSchema).optional(),
});

export const ToolEpisodeEventSchema = z.discriminatedUnion('type', [
  MessageEventSchema,
  ToolReplyEventSchema,
  LlmRetryEventSchema,
  ToolCallEventSchema,
  ToolEndEventSchema,
  ErrorEventSchema,
]);
export type ToolEpisodeEvent = z.infer<typeof ToolEpisodeEventSchema>;
export type ToolCallEvent = z.infer<typeof ToolCallEventSchema>;
export type ToolReplyEvent = z.infer<typeof ToolReplyEventSchema>;
