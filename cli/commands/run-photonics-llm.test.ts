/**
 * `run --suite photonics-agent --provider …` end to end against the local stand-in server (no
 * internet), in each provider's tool-call format (OpenAI tool_calls, Anthropic tool_use, Gemini
 * functionCall): the stand-in model solves the MZI task through the tools and passes; the key is
 * sent to the server and appears in no written file.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from './run.ts';
import { API_KEY_ENV } from './run-llm.ts';
import { PhotonicsResultsFileSchema } from '../../src/core/photonics-agent/manifest.ts';
import { PhotonicsTranscriptSchema } from '../../src/core/photonics-agent/episode.ts';
import { startStandin, type Standin } from '../../test/llm-standin/server.ts';
import { photonicsMziBrain } from '../../test/llm-standin/brains/photonics.ts';
import { capture } from '../test-capture.ts';

const KEY = 'sk-standin-PHOTONICS-93b1';
let dir = '';
let standin: Standin;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-pa-llm-'));
  standin = await startStandin({ brain: photonicsMziBrain, key: KEY });
});
afterAll(async () => {
  await standin.close();
  await rm(dir, { recursive: true, force: true });
});

describe('run --suite photonics-agent --provider against the stand-in', () => {
  it.each(['openai', 'anthropic', 'gemini'] as const)('%s: the model solves the MZI task through tool calls and passes', async (provider) => {
    const out = join(dir, provider);
    const r = capture();
    const code = await runCommand(['--suite', 'photonics-agent', '--provider', provider, '--base-url', standin.baseUrls[provider], '--model', 'photonics-standin', '--only', 'circuit-mzi-fsr', '--max-turns', '6', '--timeout-s', '60', '--out', out], r.io, {
      env: { [API_KEY_ENV[provider]]: KEY },
    });
    expect(r.err.join('\n')).not.toContain(KEY);
    expect(code, r.err.join('\n')).toBe(0);
    const results = PhotonicsResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    expect(results.rows).toHaveLength(1);
    expect(results.rows[0]).toMatchObject({ task_id: 'circuit-mzi-fsr', pass: true, score: 1, tool_calls: 2, failed_tool_calls: 0, turns: 3, status: 'completed' });
    expect(results.manifest.agent.id).toBe(`llm:${provider}:photonics-standin`);
    expect(results.manifest.model).toMatchObject({ provider, model: 'photonics-standin' });
    const [name] = await readdir(join(out, 'transcripts'));
    const t = PhotonicsTranscriptSchema.parse(JSON.parse(await readFile(join(out, 'transcripts', name as string), 'utf8')));
    expect(t.events.filter((e) => e.type === 'tool_call').map((e) => e.type === 'tool_call' && e.name)).toEqual(['solve', 'submit_answer']);
    for (const f of await readdir(out, { recursive: true })) {
      if (!f.endsWith('.json') && !f.endsWith('.md')) continue;
      expect(await readFile(join(out, f), 'utf8'), f).not.toContain(KEY);
    }
  });
});
