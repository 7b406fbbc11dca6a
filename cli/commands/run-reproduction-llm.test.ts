/**
 * `run --suite reproduction --provider openai` end to end against the local stand-in server (no
 * internet): the stand-in model writes a ring-resonator workflow, runs it in the development
 * sandbox and submits it through OpenAI tool calls; the package is clean-replayed and graded
 * (Partial: it keeps no convergence record), the run verifies (the package replayed again, the
 * requests re-derived from the model's raw replies), and the key appears in no written file. A
 * package edited in the transcript after the run (the write_file call no longer what the model sent)
 * fails verify.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReproductionResultsFileSchema } from '../../src/core/reproduction/manifest.ts';
import { reproductionRingBrain } from '../../test/llm-standin/brains/reproduction.ts';
import { startStandin, type Standin } from '../../test/llm-standin/server.ts';
import { capture } from '../test-capture.ts';
import { runCommand } from './run.ts';
import { API_KEY_ENV } from './run-llm.ts';
import { verifyCommand } from './verify.ts';

const KEY = 'sk-standin-REPRO-7c3e';
let dir = '';
let standin: Standin;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-repro-llm-'));
  standin = await startStandin({ brain: reproductionRingBrain, key: KEY });
});
afterAll(async () => {
  await standin.close();
  await rm(dir, { recursive: true, force: true });
});

describe('run --suite reproduction --provider openai against the stand-in', () => {
  it('the model writes, runs and submits a package; it is graded Partial; the run verifies; the key is in no file', async () => {
    const out = join(dir, 'openai');
    const r = capture();
    const code = await runCommand(
      ['--suite', 'reproduction', '--provider', 'openai', '--base-url', standin.baseUrls.openai, '--model', 'repro-standin', '--only', 'repro-ring-fsr-group-index', '--max-turns', '8', '--timeout-s', '60', '--out', out],
      r.io,
      { env: { [API_KEY_ENV.openai]: KEY } },
    );
    expect(code, r.err.join('\n')).toBe(0);
    const results = ReproductionResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    expect(results.rows).toHaveLength(1);
    const row = results.rows[0]!;
    expect(row).toMatchObject({ task_id: 'repro-ring-fsr-group-index', submitted: true, replay_status: 'completed', full: false, dev_runs: 1 });
    expect(row.score).toBeGreaterThan(0.2);
    expect(row.failed_leaves.length).toBeGreaterThan(0);
    const v = capture();
    expect(await verifyCommand([out], v.io), v.out.join('\n') + v.err.join('\n')).toBe(0);
    for (const f of await readdir(out, { recursive: true })) {
      if (!f.endsWith('.json') && !f.endsWith('.md') && !f.endsWith('.jsonl')) continue;
      expect(await readFile(join(out, f), 'utf8'), f).not.toContain(KEY);
    }

    // Forgery: the package written in the transcript is no longer what the model sent.
    const [name] = await readdir(join(out, 'transcripts'));
    const path = join(out, 'transcripts', name as string);
    const t = JSON.parse(await readFile(path, 'utf8')) as { events: { type: string; name?: string; arguments_text?: string; arguments?: { text: string } }[] };
    const write = t.events.find((e) => e.type === 'tool_call' && e.name === 'write_file');
    if (!write?.arguments) throw new Error('no write_file call');
    write.arguments.text = write.arguments.text.replace('count: 4001', 'count: 8001');
    write.arguments_text = JSON.stringify(write.arguments);
    await writeFile(path, JSON.stringify(t, null, 2));
    const f = capture();
    expect(await verifyCommand([out], f.io)).toBe(1);
    expect(f.out.join('\n')).toMatch(/mismatch repro-ring-fsr-group-index:/);
  }, 180_000);
});
