/** The one entry point the page, the CLI and the tests use to get a provider adapter. */
import type { ClientConfig, LlmClient, ProviderId } from '../../core/llm/types.ts';
import { createAnthropicClient } from './anthropic.ts';
import { createGeminiClient } from './gemini.ts';
import { createOpenAiClient } from './openai.ts';

const FACTORIES: Record<ProviderId, (config: ClientConfig) => LlmClient> = {
  openai: createOpenAiClient,
  anthropic: createAnthropicClient,
  gemini: createGeminiClient,
};

export function createLlmClient(config: ClientConfig): LlmClient {
  const factory = FACTORIES[config.provider] as ((c: ClientConfig) => LlmClient) | undefined;
  if (!factory) throw new Error(`unknown LLM provider "${String(config.provider)}"; known: ${Object.keys(FACTORIES).join(', ')}`);
  let url: URL;
  try {
    url = new URL(config.baseUrl.trim());
  } catch {
    throw new Error(`${config.provider}: the base URL "${config.baseUrl}" is not an absolute URL (e.g. https://api.openai.com/v1)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${config.provider}: the base URL must be http(s), got ${url.protocol}`);
  // Keys belong in headers; a key in the base URL would be copied into every logged URL.
  if (url.search !== '' || url.username !== '' || url.password !== '') {
    throw new Error(`${config.provider}: the base URL must not carry a query string or credentials (the key goes in the API key field)`);
  }
  return factory(config);
}
