/**
 * Builds a provider adapter for the page: window.fetch (bound, since a detached fetch throws
 * "Illegal invocation") and the wall clock. The key is read from the in-memory secret store at the
 * last moment and handed only to the adapter, which puts it in a request header and nowhere else.
 */
import { createLlmClient } from '../../adapters/llm/index.ts';
import type { ModelSettings } from '../../core/llm/settings.ts';
import type { FetchLike, LlmClient } from '../../core/llm/types.ts';

const pageFetch: FetchLike = (input, init) => window.fetch(input, init);

export function createPageLlmClient(settings: Pick<ModelSettings, 'provider' | 'base_url' | 'extra_headers'>, apiKey: string): LlmClient {
  return createLlmClient({
    provider: settings.provider,
    baseUrl: settings.base_url,
    apiKey,
    ...(settings.extra_headers ? { extraHeaders: settings.extra_headers } : {}),
    fetch: pageFetch,
    clock: () => Date.now(),
  });
}
