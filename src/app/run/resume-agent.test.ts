import { describe, expect, it } from 'vitest';
import type { Agent } from '../../core/agent/types.ts';
import type { Transcript } from '../../core/veh/run/transcript.ts';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import { BUILTIN_AGENTS } from '../../core/veh/agents/index.ts';
import type { StoredModelConfig } from '../settings/stored-settings.ts';
import { llmResumeProblem, parseLlmAgentId, recordedEndpoint, resolveResumeAgent, type ResumeContext } from './resume-agent.ts';

const config = (model: string, base_url = 'http://127.0.0.1:4321/openai/v1'): StoredModelConfig => ({
  schema_version: 1,
  preset: 'openai',
  settings: { provider: 'openai', base_url, model, temperature: 0, max_output_tokens: 1024, stream: true },
  budget: { max_turns: 12 },
  custom_price: null,
});

function summary(agentId: string): StoredRunSummary {
  return {
    store_id: 'r1', run_id: 'r1', source: 'local', status: 'interrupted', suite: 'veh', agent_id: agentId, label: 'x', model: null,
    task_count: 5, done_count: 2, started_at: '2026-01-01T00:00:00.000Z', finished_at: null, bank_hash: 'h', app_version: 'v', seed: 1,
    recipe: { suite: 'veh', agent_id: agentId, seed: 1, options: { p3Variant: 'raw_history' }, filters: {}, bank_hash: 'h', task_ids: ['a'], app_version: 'v' },
    imported_from: null, imported_at: null, verification: null, error: null,
  };
}

/** A transcript whose first reply went to `url` (only the fields recordedEndpoint reads). */
const sentTo = (url: string): Transcript => ({ events: [{ type: 'reply', llm: { calls: [{ url }] } }] }) as unknown as Transcript;

const built: Agent = { id: 'llm:openai:veh-anchor-fixed', label: 'built', description: '', privileged: false, start: () => { throw new Error('not run'); } };

const ctx = (over: Partial<ResumeContext>): ResumeContext => ({
  builtins: BUILTIN_AGENTS,
  config: config('veh-anchor-fixed'),
  apiKey: 'k',
  needsKey: true,
  build: () => built,
  ...over,
});

describe('resolveResumeAgent', () => {
  it('resumes an LLM run (recorded as llm:<provider>:<model>) when the same model is configured and a key is held', () => {
    const r = resolveResumeAgent(summary('llm:openai:veh-anchor-fixed'), [sentTo('http://127.0.0.1:4321/openai/v1/chat/completions')], ctx({}));
    expect(r).toEqual({ agent: built, budget: { max_turns: 12 }, live: true });
  });

  it('says which model the run used when another is configured now', () => {
    const r = resolveResumeAgent(summary('llm:openai:veh-anchor-fixed'), [], ctx({ config: config('gpt-other') }));
    expect(r).toEqual({ problem: expect.stringMatching(/used openai model “veh-anchor-fixed”, but openai model “gpt-other” is configured now/) as unknown });
  });

  it('says so when no model is configured at all', () => {
    const r = resolveResumeAgent(summary('llm:openai:veh-anchor-fixed'), [], ctx({ config: null }));
    expect('problem' in r && r.problem).toMatch(/no model is configured now/);
  });

  it('asks for the key when the endpoint needs one and none is held, and not when it needs none', () => {
    const missing = resolveResumeAgent(summary('llm:openai:veh-anchor-fixed'), [], ctx({ apiKey: '' }));
    expect('problem' in missing && missing.problem).toMatch(/needs the API key/);
    expect('agent' in resolveResumeAgent(summary('llm:openai:veh-anchor-fixed'), [], ctx({ apiKey: '', needsKey: false }))).toBe(true);
  });

  it('refuses when the run sent its requests to another endpoint than the one configured now', () => {
    const r = resolveResumeAgent(summary('llm:openai:veh-anchor-fixed'), [sentTo('https://api.openai.com/v1/chat/completions')], ctx({}));
    expect('problem' in r && r.problem).toMatch(/sent its requests to https:\/\/api\.openai\.com\/v1\/chat\/completions, but the Model settings now point at http:\/\/127\.0\.0\.1:4321\/openai\/v1/);
  });

  it('does not take a longer path for the same endpoint (/v1 is not /v10)', () => {
    const r = resolveResumeAgent(summary('llm:openai:veh-anchor-fixed'), [sentTo('http://127.0.0.1:4321/openai/v10/chat/completions')], ctx({}));
    expect('problem' in r && r.problem).toMatch(/now point at http:\/\/127\.0\.0\.1:4321\/openai\/v1:/);
  });

  it('reports a failure to build the agent as the reason', () => {
    const r = resolveResumeAgent(summary('llm:openai:veh-anchor-fixed'), [], ctx({ build: () => { throw new Error('bad header'); } }));
    expect(r).toEqual({ problem: 'bad header' });
  });

  it('resumes a built-in agent as itself and names an unknown one', () => {
    const r = resolveResumeAgent(summary('reference'), [], ctx({ config: null }));
    expect('agent' in r && r.agent.id).toBe('reference');
    expect(resolveResumeAgent(summary('retired-agent'), [], ctx({}))).toEqual({ problem: 'This run used agent “retired-agent”, which this version of the page does not have.' });
  });
});

describe('the parts', () => {
  it('parses llm ids whose model contains colons', () => {
    expect(parseLlmAgentId('llm:openai:llama3:8b')).toEqual({ provider: 'openai', model: 'llama3:8b' });
    expect(parseLlmAgentId('reference')).toBeNull();
  });

  it('reads the first recorded request URL without its query (where a Gemini key could sit)', () => {
    expect(recordedEndpoint([{ events: [{ type: 'step' }] } as unknown as Transcript, sentTo('https://g.example/v1beta/models/m:generateContent?key=sk')])).toBe('https://g.example/v1beta/models/m:generateContent');
    expect(recordedEndpoint([])).toBeNull();
  });

  it('accepts a run with no recorded request when provider and model match', () => {
    expect(llmResumeProblem({ agentId: 'llm:openai:veh-anchor-fixed', endpoint: null }, { config: config('veh-anchor-fixed'), apiKey: 'k', needsKey: true })).toBeNull();
  });
});
