/**
 * Transcript events of a circuit episode. The generic conversation events (messages, replies,
 * parses, retries, parse failures, LLM retries, end, error) are the agent loop's own schemas from
 * src/core/agent/events.ts; only the two events that carry designs and oracle calls differ from VEH,
 * because a circuit design and a circuit oracle request have their own shapes.
 */
import { z } from 'zod';
import { ErrorEventSchema, LlmRetryEventSchema, MessageEventSchema, ParseEventSchema, ParseFailureEventSchema, ReplyEventSchema, RetryEventSchema, oracleCallEventSchema } from '../../agent/events.ts';
import { EndEventSchema } from '../../veh/protocol/events.ts';
import { CircuitDesignSchema, CircuitRequestSchema, CircuitResultSchema } from '../oracle.ts';

const t_ms = z.number();

/** One circuit oracle call with the full (parsed) request and full-precision result. */
export const CircuitOracleCallEventSchema = oracleCallEventSchema('circuit_oracle_call', CircuitRequestSchema, CircuitResultSchema);
export type CircuitOracleCallEvent = z.infer<typeof CircuitOracleCallEventSchema>;

/** How the protocol read one agent turn. Probe-specific fields are optional. */
export const CircuitActionEventSchema = z.strictObject({
  type: z.literal('circuit_action'),
  t_ms,
  step: z.number().int(),
  action: z.string().nullable(),
  protocol_valid: z.boolean(),
  invalid_reason: z.string().nullable(),
  design: CircuitDesignSchema.nullable(),
  evaluated: z.boolean(),
  reason: z.string().nullable(),
  missing_fields: z.array(z.string()).optional(),
  ranking: z.array(z.string()).nullable().optional(),
  modified_candidates: z.boolean().optional(),
});
export type CircuitActionEvent = z.infer<typeof CircuitActionEventSchema>;

export const CircuitTranscriptEventSchema = z.discriminatedUnion('type', [
  MessageEventSchema,
  ReplyEventSchema,
  LlmRetryEventSchema,
  ParseEventSchema,
  RetryEventSchema,
  ParseFailureEventSchema,
  CircuitOracleCallEventSchema,
  CircuitActionEventSchema,
  EndEventSchema,
  ErrorEventSchema,
]);
export type CircuitTranscriptEvent = z.infer<typeof CircuitTranscriptEventSchema>;
