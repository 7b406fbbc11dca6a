/** LLM provider adapters: OpenAI-compatible chat completions, Anthropic Messages, Gemini native. */
export { createLlmClient } from './create-client.ts';
export { createOpenAiClient, openAiRequestBody } from './openai.ts';
export { createAnthropicClient, anthropicRequestBody, ANTHROPIC_VERSION, THINKING_BUDGET } from './anthropic.ts';
export { createGeminiClient, geminiRequestBody, GEMINI_THINKING_BUDGET } from './gemini.ts';
export { toGeminiSchema } from './gemini-schema.ts';
export { SseParser, type SseEvent } from './sse.ts';
export { parseRetryAfter, kindForStatus } from './http-errors.ts';
export { createRedactor, REDACTED } from './redact.ts';
