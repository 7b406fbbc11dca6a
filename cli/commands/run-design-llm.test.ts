/**
 * `run --suite design --provider openai` end to end against the local stand-in server (no
 * internet): the stand-in model calls the VEH oracle, probes the evaluator and submits a design
 * through OpenAI tool calls; the submission is valid, the run verifies (the evaluator re-run on the
 * logged sources), and the key is sent to the server and appears in no written file. A logged
 * simulator call edited after the run (its arguments no longer what the model sent) fails verify.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from './run.ts';
import { API_KEY_ENV } from './run-llm.ts';
import { verifyCommand } from './verify.ts';
import { DesignResultsFileSchema } from '../../src/core/design/manifest.ts';
import { startStandin, type Standin } from '../../test/llm-standin/server.ts';
import { designHarvesterBrain } from '../../test/llm-standin/brains/design.ts';
import { capture } from '../test-capture.ts';

const KEY = 'sk-standin-DESIGN-51aa';
let dir = '';
let standin: Standin;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-design-llm-'));
  standin = await startStandin({ brain: designHarvesterBrain, key: KEY });
});
afterAll(async () => {
  await standin.close();
  await rm(dir, { recursive: true, force: true });
});

describe('run --suite design --provider openai against the stand-in', () => {
  it('the model designs the harvester through veh_oracle, probe and submit; the run verifies; the key is in no file', async () => {
    const out = join(dir, 'openai');
    const r = capture();
    const code = await runCommand(['--suite', 'design', '--provider', 'openai', '--base-url', standin.baseUrls.openai, '--model', 'design-standin', '--only', 'design-harvester-spectrum', '--max-turns', '8', '--timeout-s', '60', '--out', out], r.io, {
      env: { [API_KEY_ENV.openai]: KEY },
    });
    expect(code, r.err.join('\n')).toBe(0);
    const results = DesignResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    expect(results.rows).toHaveLength(1);
    expect(results.rows[0]).toMatchObject({ task_id: 'design-harvester-spectrum', submitted: true, valid: true, probes_used: 1, tool_calls: 3 });
    expect(results.rows[0]!.score).toBeGreaterThan(0);
    const v = capture();
    expect(await verifyCommand([out], v.io), v.out.join('\n') + v.err.join('\n')).toBe(0);
    expect(v.out.join('\n')).toMatch(/re-graded and re-executed|VERIFIED/);
    for (const f of await readdir(out, { recursive: true })) {
      if (!f.endsWith('.json') && !f.endsWith('.md')) continue;
      expect(await readFile(join(out, f), 'utf8'), f).not.toContain(KEY);
    }

    // Forgery: the logged simulator call's arguments no longer what the model sent (the result kept).
    const [name] = await readdir(join(out, 'transcripts'));
    const path = join(out, 'transcripts', name as string);
    const t = JSON.parse(await readFile(path, 'utf8')) as { events: { type: string; name?: string; arguments_text?: string; arguments?: { request: { design: { beam_length_mm: number } } } }[] };
    const sim = t.events.find((e) => e.type === 'tool_call' && e.name === 'veh_oracle');
    if (!sim?.arguments) throw new Error('no veh_oracle call');
    sim.arguments.request.design.beam_length_mm = 55;
    sim.arguments_text = JSON.stringify(sim.arguments);
    await writeFile(path, JSON.stringify(t, null, 2));
    const f = capture();
    expect(await verifyCommand([out], f.io)).toBe(1);
    expect(f.out.join('\n')).toMatch(/mismatch design-harvester-spectrum:[\s\S]*events\[\d+\]\.arguments_text/);
  });
});
