/**
 * Anthropic Messages API response and stream-event shapes, as far as the adapter reads them
 * (z.object: Anthropic adds fields and block types over time; unknown blocks are skipped).
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();

export const AnthropicUsageSchema = z.object({
  input_tokens: count.nullish(),
  output_tokens: count.nullish(),
  cache_read_input_tokens: count.nullish(),
  cache_creation_input_tokens: count.nullish(),
});
export type AnthropicUsage = z.infer<typeof AnthropicUsageSchema>;

/**
 * Content blocks: text and tool_use are read; thinking (`thinking` + `signature`) and
 * redacted_thinking (`data`) are kept as provider state; future types pass through.
 */
export const AnthropicBlockSchema = z.object({
  type: z.string(),
  text: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  input: z.unknown().optional(),
  thinking: z.string().optional(),
  signature: z.string().optional(),
  data: z.string().optional(),
});

export const AnthropicMessageSchema = z.object({
  type: z.literal('message'),
  model: z.string().nullish(),
  content: z.array(AnthropicBlockSchema),
  stop_reason: z.string().nullish(),
  usage: AnthropicUsageSchema.nullish(),
});

export const AnthropicEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message_start'), message: z.object({ model: z.string().nullish(), usage: AnthropicUsageSchema.nullish() }) }),
  z.object({ type: z.literal('content_block_start'), index: count, content_block: AnthropicBlockSchema }),
  z.object({
    type: z.literal('content_block_delta'),
    index: count,
    delta: z.object({ type: z.string(), text: z.string().optional(), partial_json: z.string().optional(), thinking: z.string().optional(), signature: z.string().optional() }),
  }),
  z.object({ type: z.literal('content_block_stop'), index: count }),
  z.object({ type: z.literal('message_delta'), delta: z.object({ stop_reason: z.string().nullish() }), usage: AnthropicUsageSchema.nullish() }),
  z.object({ type: z.literal('message_stop') }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('error'), error: z.object({ type: z.string(), message: z.string() }) }),
]);
export type AnthropicEvent = z.infer<typeof AnthropicEventSchema>;

export const AnthropicModelListSchema = z.object({
  data: z.array(z.object({ id: z.string() })),
  has_more: z.boolean().nullish(),
  last_id: z.string().nullish(),
});
