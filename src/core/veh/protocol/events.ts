/**
 * VEH transcript events: the generic conversation events (src/core/agent/events.ts) plus the two
 * that carry this suite's physics — every oracle call with its full request and result, and how
 * the protocol read each agent turn. Rows (and so every metric) are re-derived from these events,
 * so they keep the full oracle request and result, not the rounded numbers shown to the model.
 */
import { z } from 'zod';
import { CONVERSATION_EVENT_SCHEMAS, ErrorEventSchema, endEventSchema, oracleCallEventSchema } from '../../agent/events.ts';
import { EnvironmentSchema, ExcitationSchema, LimitsSchema, OracleResultSchema, VehDesignSchema } from '../oracle.ts';

export type { ReplyEvent, LlmRetryEvent } from '../../agent/events.ts';

/** A parsed oracle request as sent to the backend (limits already resolved). */
export const StoredOracleRequestSchema = z.strictObject({
  design: VehDesignSchema,
  excitation: ExcitationSchema,
  environment: EnvironmentSchema,
  constraints: LimitsSchema,
});

const t_ms = z.number();

export const OracleCallEventSchema = oracleCallEventSchema('oracle_call', StoredOracleRequestSchema, OracleResultSchema);

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

/**
 * Which state is a probe episode's final design (P2/P3; null for P1/P4). The circuit audit's
 * probes share it: initial, the P2 initial design; trap, the P3 trap state; step, the state
 * evaluated at `step`.
 */
export const FinalRefSchema = z.strictObject({
  source: z.enum(['initial', 'trap', 'step']),
  step: z.number().int().nullable(),
});
export type FinalRef = z.infer<typeof FinalRefSchema>;

export const EndEventSchema = endEventSchema(FinalRefSchema);

export const TranscriptEventSchema = z.discriminatedUnion('type', [...CONVERSATION_EVENT_SCHEMAS, OracleCallEventSchema, ActionEventSchema, EndEventSchema, ErrorEventSchema]);
export type TranscriptEvent = z.infer<typeof TranscriptEventSchema>;
export type OracleCallEvent = z.infer<typeof OracleCallEventSchema>;
export type ActionEvent = z.infer<typeof ActionEventSchema>;
export type EndEvent = z.infer<typeof EndEventSchema>;
