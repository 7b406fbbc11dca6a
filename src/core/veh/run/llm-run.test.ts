/** A whole suite run with an LLM agent (scripted fake client): manifest model block, usage and cost, live events, file compatibility. */
import { describe, expect, it } from 'vitest';
import { anthropicRequestBody, geminiRequestBody, openAiRequestBody, THINKING_BUDGET } from '../../../adapters/llm/index.ts';
import { sha256Hex } from '../../hash/sha256.ts';
import { createLlmAgent } from '../../llm/llm-agent.ts';
import { DEFAULT_PRICES } from '../../llm/prices.ts';
import { DEFAULT_RETRY_POLICY, ModelSettingsSchema } from '../../llm/settings.ts';
import { fakeClient, fakeResponse, manualTime, recordingSleep } from '../../llm/test-fakes.ts';
import type { LlmRequest, ProviderId } from '../../llm/types.ts';
import type { ModelSettingsInput } from '../../llm/settings.ts';
import { getBuiltinAgent } from '../agents/index.ts';
import { P1_SYSTEM_PROMPT, P4_SYSTEM_PROMPT } from '../protocol/prompts.ts';
import { BKF_DESIGN, P4_IDS, fixtureBank, fixtureOracle } from '../protocol/test-fixtures.ts';
import { fixtureClock } from '../protocol/test-session.ts';
import { RunManifestSchema } from './manifest.ts';
import { DECODING_NOTE, sentDecoding } from '../../run/manifest-core.ts';
import { ResultsFileSchema, renderResultsMarkdown, toResultsFile } from './results-file.ts';
import { runVehSuite } from './run-veh.ts';
import { scoreTranscripts } from './score.ts';
import { TranscriptSchema } from './transcript.ts';
import type { LiveEvent } from '../../run/types.ts';

/** A model that follows each probe's format: propose, close on the BKF design, reset to the prior, rank in id order. */
function vehBrain(req: LlmRequest): string {
  const system = req.messages[0]?.content ?? '';
  if (system === P1_SYSTEM_PROMPT) return JSON.stringify({ action: 'propose_design', reason: 'looks solvable' });
  if (system === P4_SYSTEM_PROMPT) return JSON.stringify({ ranking: [...P4_IDS], reason: 'given order' });
  if (system.includes('recovery agent')) return JSON.stringify({ action: 'reset_to_prior', reason: 'trusted' });
  return JSON.stringify({ design: BKF_DESIGN, action: 'continue', reason: 'best known' });
}

function llmRun(model = 'gpt-4o', baseUrl = 'https://api.openai.com/v1', maxCost?: number) {
  const client = fakeClient([], {
    fallback: (req, opts) => {
      const text = vehBrain(req);
      if (req.stream) opts.onDelta?.(text);
      return Promise.resolve(fakeResponse(req, { text, usage: { input_tokens: 100, output_tokens: 20 }, model_version: model === 'gpt-4o' ? 'gpt-4o-2024-08-06' : null }));
    },
  });
  const time = manualTime();
  const settings = ModelSettingsSchema.parse({ provider: 'openai', base_url: baseUrl, model, extra_headers: { 'X-Title': 'proving-ground' } });
  const agent = createLlmAgent({ client, settings, retry: DEFAULT_RETRY_POLICY, sleep: recordingSleep().sleep, prices: DEFAULT_PRICES });
  const live: LiveEvent[] = [];
  const run = runVehSuite({
    tasks: fixtureBank(),
    agent,
    oracle: fixtureOracle,
    clock: fixtureClock(),
    seed: 3,
    budget: { max_turns: 20, timeout_s: 600, ...(maxCost !== undefined ? { max_cost_usd: maxCost } : {}) },
    timers: time.timers,
    onLive: (e) => live.push(e),
  });
  return { run, live, client };
}

describe('runSuite with an LLM agent', () => {
  it('records the model block, usage and cost in the manifest, and never the key or URL secrets', async () => {
    const { run, client } = llmRun('gpt-4o', 'https://user:SECRET-1@api.openai.com/v1?key=SECRET-2#frag');
    const result = await run;
    const n = client.requests.length;
    expect(result.status).toBe('completed');
    expect(n).toBe(result.transcripts.reduce((k, t) => k + t.events.filter((e) => e.type === 'reply').length, 0));
    const m = result.manifest;
    expect(m.schema_version).toBe(3);
    expect(m.agent.id).toBe('llm:openai:gpt-4o');
    expect(m.run_id).toMatch(/^veh-llm_openai_gpt-4o-s3-/);
    expect(m.model).toEqual({
      provider: 'openai',
      endpoint: 'https://api.openai.com/v1',
      model: 'gpt-4o',
      model_versions: ['gpt-4o-2024-08-06'],
      temperature: 0,
      max_output_tokens: 1024,
      reasoning_effort: null,
      stream: true,
      extra_header_names: ['X-Title'],
      retry_policy: DEFAULT_RETRY_POLICY,
      budget: { max_turns: 20, timeout_s: 600 },
      budget_text: 'max 20 agent replies (parse retries included); max 600 s wall clock per task',
      system_prompt_sha256: expect.objectContaining({ P1: sha256Hex(P1_SYSTEM_PROMPT), P4: sha256Hex(P4_SYSTEM_PROMPT) }) as unknown,
    });
    expect(Object.keys(m.model?.system_prompt_sha256 ?? {}).sort()).toEqual(['P1', 'P2', 'P3', 'P4']);
    // Each reply: 100 input tokens at $2.50/M + 20 output at $10/M = $0.00045 (gpt-4o list price).
    expect(m.usage).toMatchObject({ replies: n, http_calls: n, input_tokens: 100 * n, output_tokens: 20 * n, unknown_price_replies: 0 });
    expect(m.usage?.cost_usd).toBeCloseTo(n * 0.00045, 12);
    expect(m.warnings).toBeUndefined();
    const everything = JSON.stringify({ result, file: toResultsFile(result), md: renderResultsMarkdown(result) });
    expect(everything).not.toMatch(/SECRET|user:|frag/);
  });

  it('per-task usage goes into results.json; the file and the transcripts parse; score reproduces the rows', async () => {
    const { run } = llmRun();
    const result = await run;
    const file = ResultsFileSchema.parse(JSON.parse(JSON.stringify(toResultsFile(result))));
    expect(file.schema_version).toBe(2);
    expect(file.task_usage?.map((u) => u.task_id)).toEqual(result.rows.map((r) => r.task_id));
    const p1 = file.task_usage?.[0];
    expect(p1).toMatchObject({ replies: 1, input_tokens: 100, output_tokens: 20 });
    expect(p1?.cost_usd).toBeCloseTo(0.00045, 12);
    for (const t of result.transcripts) TranscriptSchema.parse(JSON.parse(JSON.stringify(t)));
    expect(scoreTranscripts(result.transcripts, 3).rows).toEqual(result.rows);
    const md = renderResultsMarkdown(result);
    expect(md).toContain('| model | openai gpt-4o (reported: gpt-4o-2024-08-06) |');
    expect(md).toMatch(/\| cost \| \$0\.\d{4} \|/);
  });

  it('an unknown price makes the total cost null and warns when a cost budget was set', async () => {
    const { run, client } = llmRun('my-local-model', 'http://127.0.0.1:11434/v1', 0.01);
    const result = await run;
    expect(result.manifest.usage).toMatchObject({ cost_usd: null, priced_cost_usd: 0, unknown_price_replies: client.requests.length });
    expect(result.manifest.warnings).toEqual([
      `no price known for openai model "my-local-model": ${client.requests.length} replies have cost null, so the run's total cost is null and max_cost_usd ($0.01) could not limit them`,
    ]);
    expect(renderResultsMarkdown(result)).toContain('| cost | unknown (no price for this model) |');
  });

  it('streams deltas and every transcript event live, tagged with the task id', async () => {
    const { run, live } = llmRun();
    const result = await run;
    for (const t of result.transcripts) {
      const id = t.task.task_id;
      expect(live.filter((e) => e.type === 'event' && e.task_id === id).map((e) => (e.type === 'event' ? e.event : null))).toEqual(t.events);
      const replies = t.events.filter((e) => e.type === 'reply').map((e) => (e.type === 'reply' ? e.text : ''));
      expect(live.filter((e) => e.type === 'delta' && e.task_id === id).map((e) => (e.type === 'delta' ? e.text : ''))).toEqual(replies);
    }
  });

  it('refuses a timeout budget without timers', async () => {
    const agent = getBuiltinAgent('reference');
    await expect(runVehSuite({ tasks: fixtureBank(), agent, oracle: fixtureOracle, clock: fixtureClock(), seed: 1, budget: { timeout_s: 5 } })).rejects.toThrow(
      'budget.timeout_s needs injected timers',
    );
  });
});

/** A run whose logged request bodies are the real adapters' bodies, to see what the manifest records as sent. */
async function decodingRun(settingsInput: Omit<ModelSettingsInput, 'provider'> & { provider: ProviderId }, body: (req: LlmRequest) => Record<string, unknown>) {
  const settings = ModelSettingsSchema.parse(settingsInput);
  const client = fakeClient([], {
    provider: settings.provider,
    fallback: (req) => {
      const r = fakeResponse(req, { text: vehBrain(req) });
      return Promise.resolve({ ...r, log: { ...r.log, request_body: body(req) } });
    },
  });
  const agent = createLlmAgent({ client, settings, retry: DEFAULT_RETRY_POLICY, sleep: recordingSleep().sleep, prices: DEFAULT_PRICES });
  return runVehSuite({ tasks: fixtureBank(), agent, oracle: fixtureOracle, clock: fixtureClock(), seed: 3 });
}

describe('the manifest records the decoding parameters actually sent', () => {
  it('Anthropic with thinking: no temperature (provider default), max_tokens includes the thinking budget', async () => {
    const result = await decodingRun(
      { provider: 'anthropic', base_url: 'https://api.anthropic.com', model: 'claude-sonnet-4-5', reasoning_effort: 'medium' },
      (req) => anthropicRequestBody(req),
    );
    expect(result.manifest.model).toMatchObject({ temperature: null, max_output_tokens: 1024 + THINKING_BUDGET.medium, reasoning_effort: 'medium' });
    expect(renderResultsMarkdown(result)).toContain(`| decoding | temperature provider default (not sent), max ${1024 + THINKING_BUDGET.medium} output tokens, reasoning medium, streamed |`);
    expect(RunManifestSchema.parse(JSON.parse(JSON.stringify(result.manifest))).model?.temperature).toBeNull();
  });

  it('OpenAI with a reasoning effort: no temperature, max_completion_tokens recorded', async () => {
    const base = 'https://api.openai.com/v1';
    const result = await decodingRun({ provider: 'openai', base_url: base, model: 'gpt-4o', reasoning_effort: 'low', max_output_tokens: 4000 }, (req) => openAiRequestBody(req, base));
    expect(result.manifest.model).toMatchObject({ temperature: null, max_output_tokens: 4000, reasoning_effort: 'low' });
  });

  it('OpenAI reasoning model on the official host: no temperature even without an effort', async () => {
    const base = 'https://api.openai.com/v1';
    const result = await decodingRun({ provider: 'openai', base_url: base, model: 'o3-mini' }, (req) => openAiRequestBody(req, base));
    expect(result.manifest.model).toMatchObject({ temperature: null, max_output_tokens: 1024, reasoning_effort: null });
  });

  it('a plain run records temperature 0 and the max tokens sent (OpenAI-compatible and Gemini bodies)', async () => {
    const base = 'http://127.0.0.1:11434/v1';
    const plain = await decodingRun({ provider: 'openai', base_url: base, model: 'llama3', temperature: 0, max_output_tokens: 777 }, (req) => openAiRequestBody(req, base));
    expect(plain.manifest.model).toMatchObject({ temperature: 0, max_output_tokens: 777 });
    expect(renderResultsMarkdown(plain)).toContain('| decoding | temperature 0, max 777 output tokens, streamed |');
    const gemini = await decodingRun(
      { provider: 'gemini', base_url: 'https://generativelanguage.googleapis.com', model: 'gemini-2.5-flash', temperature: 0.5, max_output_tokens: 900 },
      (req) => geminiRequestBody(req),
    );
    expect(gemini.manifest.model).toMatchObject({ temperature: 0.5, max_output_tokens: 900 });
    expect(DECODING_NOTE).toContain('actually sent');
  });

  it('sentDecoding: without a recorded body the settings stand in; a body without temperature means none was sent', () => {
    const s = { temperature: 0, max_output_tokens: 1024 };
    expect(sentDecoding(null, s)).toEqual({ temperature: 0, max_output_tokens: 1024 });
    expect(sentDecoding({ model: 'm', max_tokens: 5120, thinking: { type: 'enabled' } }, s)).toEqual({ temperature: null, max_output_tokens: 5120 });
    expect(sentDecoding({ generationConfig: { temperature: 0, maxOutputTokens: 64 } }, s)).toEqual({ temperature: 0, max_output_tokens: 64 });
  });
});

describe('files written before LLM runs (schema version 1)', () => {
  it('version-1 transcripts and results files still parse and score the same', async () => {
    const result = await runVehSuite({ tasks: fixtureBank(), agent: getBuiltinAgent('random'), oracle: fixtureOracle, clock: fixtureClock(), seed: 5 });
    // A built-in agent's transcript has exactly the version-1 shape; only the version number differs.
    const v1 = result.transcripts.map((t) => TranscriptSchema.parse({ ...JSON.parse(JSON.stringify(t)), schema_version: 1 }));
    expect(scoreTranscripts(v1, 5)).toEqual({ rows: result.rows, metrics: result.metrics });
    const file = JSON.parse(JSON.stringify(toResultsFile(result))) as Record<string, unknown> & { manifest: Record<string, unknown> };
    expect(file.task_usage).toBeUndefined();
    expect(file.manifest.model).toBeUndefined();
    const parsed = ResultsFileSchema.parse({ ...file, schema_version: 1, manifest: { ...file.manifest, schema_version: 1 } });
    expect(parsed.rows).toEqual(result.rows);
  });
});
