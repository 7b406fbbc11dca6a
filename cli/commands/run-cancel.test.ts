/**
 * Ctrl-C stops a built-in agent's run between tasks (issue 21: the handler used to run only after a
 * loop that never yields, so SIGINT at 304/763 ran on to 763): the finished tasks are written with
 * status `cancelled`, rows and transcripts agree, and the exit code is 130. (That an error row makes
 * the exit code 1 unless --allow-errors is checked in run-endpoint-faults.test.ts.)
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from './run.ts';
import { capture } from '../test-capture.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-cancel-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('run cancellation', () => {
  it('a signal aborted mid-run stops a built-in agent between tasks and exits 130', async () => {
    const out = join(dir, 'cancelled');
    const controller = new AbortController();
    const r = capture();
    // Ctrl-C as the first progress line (every 5 %) is printed; the host sees it before the next task.
    const io = { ...r.io, stderr: (s: string) => (r.err.push(s), /\[\d+\/763\]/.test(s) && controller.abort()) };
    const code = await runCommand(['--agent', 'random', '--out', out], io, { signal: controller.signal });
    expect(code).toBe(130);
    const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as { manifest: { status: string }; rows: unknown[] };
    expect(results.manifest.status).toBe('cancelled');
    expect(results.rows.length).toBeGreaterThan(0);
    expect(results.rows.length).toBeLessThan(763);
    expect(await readdir(join(out, 'transcripts'))).toHaveLength(results.rows.length);
    expect(r.err.join('\n')).toMatch(new RegExp(`cancelled after ${results.rows.length}/763 tasks`));
  });
});
