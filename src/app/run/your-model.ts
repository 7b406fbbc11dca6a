/**
 * "Your model": the LLM agent built from the saved model settings. The adapter gets the page's
 * fetch and the key from the in-memory secret store; the agent gets G's retry policy, the page's
 * timers for backoff waits, and the price table (bundled, plus the user's own price if entered).
 *
 * Isolation between tasks: the run engine calls agent.start() once per task, and each session
 * sends only that task's conversation, so nothing from an earlier task reaches the model. The VEH
 * oracle worker is stateless (every evaluate() is a pure function of its request), so sharing one
 * worker across tasks leaks nothing either.
 */
import type { Agent } from '../../core/agent/types.ts';
import { pageSleep } from '../../adapters/browser/page-timers.ts';
import { createLlmAgent } from '../../core/llm/llm-agent.ts';
import { DEFAULT_RETRY_POLICY } from '../../core/llm/settings.ts';
import { createPageLlmClient } from '../data/page-llm-client.ts';
import { priceTableFor } from '../settings/model-prices.ts';
import { PROVIDER_API_LABELS } from '../settings/presets.ts';
import type { StoredModelConfig } from '../settings/stored-settings.ts';

/** The agent picker's value for "Your model" (built-in agent ids never take this form). */
export const YOUR_MODEL_AGENT_ID = 'your-model';

export function yourModelLabel(config: StoredModelConfig): string {
  return `Your model (${config.settings.provider}/${config.settings.model})`;
}

export function yourModelDescription(config: StoredModelConfig): string {
  return `${config.settings.model} through ${PROVIDER_API_LABELS[config.settings.provider]} at ${config.settings.base_url}, temperature ${config.settings.temperature}. Set on the Model settings page.`;
}

export function buildYourModelAgent(config: StoredModelConfig, apiKey: string): Agent {
  const client = createPageLlmClient(config.settings, apiKey);
  return createLlmAgent({
    client,
    settings: config.settings,
    retry: DEFAULT_RETRY_POLICY,
    sleep: pageSleep,
    prices: priceTableFor(config),
    clock: () => performance.now(),
  });
}
