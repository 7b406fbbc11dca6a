/**
 * OpenAI chat completions response shapes, as far as the adapter reads them. z.object (not
 * strict): OpenAI and the compatible servers (OpenRouter, vLLM, llama.cpp, LM Studio, Ollama) add
 * fields freely, and several send null where OpenAI omits a field.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();

export const OpenAiUsageSchema = z.object({
  prompt_tokens: count,
  completion_tokens: count,
  prompt_tokens_details: z.object({ cached_tokens: count.nullish() }).nullish(),
  completion_tokens_details: z.object({ reasoning_tokens: count.nullish() }).nullish(),
});
export type OpenAiUsage = z.infer<typeof OpenAiUsageSchema>;

const ToolCallSchema = z.object({
  id: z.string(),
  type: z.string().nullish(),
  function: z.object({ name: z.string(), arguments: z.string().nullish() }),
});

export const OpenAiCompletionSchema = z.object({
  model: z.string().nullish(),
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z.array(ToolCallSchema).nullish(),
          refusal: z.string().nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: OpenAiUsageSchema.nullish(),
});

const ToolCallDeltaSchema = z.object({
  index: z.number().int().nonnegative(),
  id: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

export const OpenAiChunkSchema = z.object({
  model: z.string().nullish(),
  choices: z.array(
    z.object({
      delta: z
        .object({
          content: z.string().nullish(),
          tool_calls: z.array(ToolCallDeltaSchema).nullish(),
          refusal: z.string().nullish(),
        })
        .nullish(),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: OpenAiUsageSchema.nullish(),
});
export type OpenAiChunk = z.infer<typeof OpenAiChunkSchema>;

export const OpenAiModelListSchema = z.object({ data: z.array(z.object({ id: z.string() })) });
