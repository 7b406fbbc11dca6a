/** Gemini generateContent response shapes, as far as the adapter reads them (z.object: Google adds fields freely). */
import { z } from 'zod';

const count = z.number().int().nonnegative();

export const GeminiUsageSchema = z.object({
  promptTokenCount: count.nullish(),
  candidatesTokenCount: count.nullish(),
  cachedContentTokenCount: count.nullish(),
  thoughtsTokenCount: count.nullish(),
});
export type GeminiUsage = z.infer<typeof GeminiUsageSchema>;

export const GeminiPartSchema = z.object({
  text: z.string().optional(),
  /** true on thought-summary parts, which are not the answer. */
  thought: z.boolean().optional(),
  /** Opaque reasoning state on a part (function-call parts of thinking models, or a text part): it must go back unchanged. */
  thoughtSignature: z.string().optional(),
  functionCall: z.object({ id: z.string().nullish(), name: z.string(), args: z.record(z.string(), z.unknown()).nullish() }).optional(),
});

export const GeminiResponseSchema = z.object({
  candidates: z
    .array(
      z.object({
        content: z.object({ parts: z.array(GeminiPartSchema).nullish() }).nullish(),
        finishReason: z.string().nullish(),
      }),
    )
    .nullish(),
  promptFeedback: z.object({ blockReason: z.string().nullish() }).nullish(),
  usageMetadata: GeminiUsageSchema.nullish(),
  modelVersion: z.string().nullish(),
});
export type GeminiResponse = z.infer<typeof GeminiResponseSchema>;

export const GeminiModelListSchema = z.object({
  models: z.array(z.object({ name: z.string(), supportedGenerationMethods: z.array(z.string()).nullish() })).nullish(),
  nextPageToken: z.string().nullish(),
});

/** google.rpc error body: `{error: {code, message, status, details: [{@type, reason?, retryDelay?}]}}`. */
export const GeminiErrorSchema = z.object({
  error: z.object({
    message: z.string().nullish(),
    status: z.string().nullish(),
    details: z.array(z.record(z.string(), z.unknown())).nullish(),
  }),
});
