/**
 * Endpoint presets of the settings page. A preset fills the provider (wire format) and the base URL;
 * everything OpenAI-compatible shares one adapter. `needsKey` only changes the form's hint: a local
 * server usually takes no key, but one started with --api-key does, so the field stays available.
 */
import { z } from 'zod';
import type { ProviderId } from '../../core/llm/types.ts';

export const PresetIdSchema = z.enum(['openai', 'openrouter', 'ollama', 'lmstudio', 'llamacpp', 'vllm', 'anthropic', 'gemini', 'custom']);
export type PresetId = z.infer<typeof PresetIdSchema>;

export interface EndpointPreset {
  readonly id: PresetId;
  readonly label: string;
  readonly provider: ProviderId;
  /** '' for the custom preset: the user types it. */
  readonly baseUrl: string;
  readonly needsKey: boolean;
  /** A model id to start from (the model list replaces it where the endpoint lists models). */
  readonly exampleModel: string;
  /** One line shown under the picker: what this server needs to accept calls from this page. */
  readonly hint: string;
}

export const PRESETS: readonly EndpointPreset[] = [
  { id: 'openai', label: 'OpenAI', provider: 'openai', baseUrl: 'https://api.openai.com/v1', needsKey: true, exampleModel: 'gpt-4o-mini', hint: 'Key from platform.openai.com → API keys.' },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    provider: 'openai',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsKey: true,
    exampleModel: 'openai/gpt-4o-mini',
    hint: 'OpenAI-compatible; model ids are vendor/model. Prices are OpenRouter’s, not in the built-in table: enter them below to see costs.',
  },
  {
    id: 'ollama',
    label: 'Ollama (local, /v1)',
    provider: 'openai',
    baseUrl: 'http://127.0.0.1:11434/v1',
    needsKey: false,
    exampleModel: 'llama3.1:8b',
    hint: 'Start Ollama with OLLAMA_ORIGINS set to this page’s origin, or the browser blocks it (CORS).',
  },
  { id: 'lmstudio', label: 'LM Studio (local)', provider: 'openai', baseUrl: 'http://127.0.0.1:1234/v1', needsKey: false, exampleModel: '', hint: 'Turn on “Enable CORS” in LM Studio’s server settings.' },
  { id: 'llamacpp', label: 'llama.cpp server (local)', provider: 'openai', baseUrl: 'http://127.0.0.1:8080/v1', needsKey: false, exampleModel: '', hint: 'llama-server accepts browser calls by default; start it with --jinja for tool calling.' },
  { id: 'vllm', label: 'vLLM', provider: 'openai', baseUrl: 'http://127.0.0.1:8000/v1', needsKey: false, exampleModel: '', hint: 'Start vLLM with --allowed-origins listing this page’s origin.' },
  {
    id: 'anthropic',
    label: 'Anthropic',
    provider: 'anthropic',
    baseUrl: 'https://api.anthropic.com',
    needsKey: true,
    exampleModel: 'claude-sonnet-4-5',
    hint: 'Called directly from this page with the anthropic-dangerous-direct-browser-access header: your key is visible to this tab (and its extensions).',
  },
  {
    id: 'gemini',
    label: 'Google Gemini (native API)',
    provider: 'gemini',
    baseUrl: 'https://generativelanguage.googleapis.com',
    needsKey: true,
    exampleModel: 'gemini-2.5-flash',
    hint: 'Uses Gemini’s native API: its OpenAI-compatible endpoint fails the browser’s CORS preflight.',
  },
  { id: 'custom', label: 'Other endpoint', provider: 'openai', baseUrl: '', needsKey: false, exampleModel: '', hint: 'Any server speaking one of the three wire formats: pick the format and type the base URL.' },
];

export function presetById(id: PresetId): EndpointPreset {
  const preset = PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`unknown preset "${id}"`);
  return preset;
}

/**
 * The wire format (API) each provider id speaks, as the settings form names it. Distinct from core's
 * PROVIDER_LABELS (llm-agent.ts), which names the provider in agent labels.
 */
export const PROVIDER_API_LABELS: Readonly<Record<ProviderId, string>> = {
  openai: 'OpenAI-compatible chat completions',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini native (generateContent)',
};
