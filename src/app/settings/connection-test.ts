/**
 * "Test connection": one tiny chat request with the form's settings, no tools, no streaming. It
 * proves the base URL, the key, CORS and the model id in one go; the answer (or the diagnosis of
 * the failure) is shown on the settings page. Reasoning effort is left out: a thinking budget
 * would not fit the tiny token limit, and it is not what the test is about.
 */
import type { Timers } from '../../core/llm/budget.ts';
import { costOf, type ModelPrice } from '../../core/llm/prices.ts';
import type { ModelSettings } from '../../core/llm/settings.ts';
import { LlmError, type LlmClient, type LlmUsage } from '../../core/llm/types.ts';

export const CONNECTION_TEST_TIMEOUT_MS = 30_000;
/** Small, but enough for a reasoning model to say something after a short think. */
const TEST_MAX_OUTPUT_TOKENS = 64;
export const CONNECTION_TEST_PROMPT = 'This is a connection test. Reply with the single word: ok';

export interface ConnectionTestResult {
  text: string;
  model_version: string | null;
  finish_reason: string;
  usage: LlmUsage | null;
  /** null when the price or the usage is unknown. */
  cost_usd: number | null;
  duration_ms: number;
}

export async function testConnection(
  client: LlmClient,
  settings: Pick<ModelSettings, 'model' | 'temperature' | 'max_output_tokens'>,
  price: ModelPrice | null,
  timers: Timers & { now: () => number },
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
): Promise<ConnectionTestResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = timers.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const t0 = timers.now();
  try {
    const response = await client.chat(
      {
        model: settings.model,
        messages: [{ role: 'user', content: CONNECTION_TEST_PROMPT }],
        temperature: settings.temperature,
        max_output_tokens: Math.min(settings.max_output_tokens, TEST_MAX_OUTPUT_TOKENS),
        stream: false,
      },
      { signal: controller.signal },
    );
    return {
      text: response.text,
      model_version: response.model_version,
      finish_reason: response.finish_reason,
      usage: response.usage,
      cost_usd: costOf(response.usage, price),
      duration_ms: timers.now() - t0,
    };
  } catch (e) {
    if (timedOut) throw new LlmError('timeout', `no answer within ${timeoutMs / 1000} s`, { cause: e });
    throw e;
  } finally {
    timers.clearTimeout(timer);
  }
}
