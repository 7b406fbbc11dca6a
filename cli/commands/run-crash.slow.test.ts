/**
 * Crash safety of `run` (issue 21): the real CLI is killed with SIGKILL at a few random points
 * (after k progress lines), `run --resume DIR` finishes it, and the result must equal an
 * uninterrupted run's — rows and metrics exactly, the manifest except its finish time, with the
 * interrupted run's start time and run id kept. Writing over an earlier run keeps it intact until
 * the new run completes. A real Ctrl-C (SIGINT to the process) is answered at once and the run
 * stops with its finished tasks kept, exit 130, also while a suite's evaluator thread or the
 * photonics-agent solver thread is busy.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandin } from '../../test/llm-standin/server.ts';
import { vehBrain } from '../../test/llm-standin/brains/veh.ts';

const CLI = fileURLToPath(new URL('../proving-ground.mjs', import.meta.url));
const RUN = ['run', '--agent', 'random', '--probe', 'P2', '--split', 'dev'];

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

interface Interrupted extends Ended {
  /** ms from SIGINT to the "cancelling" line on stderr, and to the process's exit. */
  ackMs: number;
  exitMs: number;
}

/** Runs the CLI and sends SIGINT (Ctrl-C) once `when` matches the stderr so far; times the answer. */
function interrupt(args: readonly string[], when: RegExp, delayMs = 0): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, PROVING_GROUND_TSX: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let sentAt = 0;
    let ackMs = Number.NaN;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (sentAt > 0 && Number.isNaN(ackMs) && stderr.includes('run: cancelling')) ackMs = performance.now() - sentAt;
      if (sentAt === 0 && when.test(stderr)) {
        sentAt = -1;
        setTimeout(() => {
          sentAt = performance.now();
          child.kill('SIGINT');
        }, delayMs);
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr, ackMs, exitMs: performance.now() - sentAt }));
  });
}

/** Runs the CLI; with `killAfter`, sends SIGKILL as the k-th progress line ("[i/n]") arrives on stderr. */
function cli(args: readonly string[], killAfter?: number, env: Record<string, string> = {}): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, PROVING_GROUND_TSX: '1', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let lines = 0;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      lines += (chunk.match(/\[\d+\/\d+\]/g) ?? []).length;
      if (killAfter !== undefined && lines >= killAfter) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

interface Results {
  manifest: Record<string, unknown>;
  rows: unknown[];
  metrics: unknown;
}
const results = async (dir: string): Promise<Results> => JSON.parse(await readFile(join(dir, 'results.json'), 'utf8')) as Results;
const withoutTimes = ({ run_id: _r, started_at: _s, finished_at: _f, ...m }: Record<string, unknown>): Record<string, unknown> => m;
const idSuffix = (id: unknown): string => String(id).replace(/-\d{8}T\d{6}Z-/, '-<stamp>-');

let dir = '';
let reference: Results;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-crash-'));
  const done = await cli([...RUN, '--out', join(dir, 'reference')]);
  expect(done.code, done.stderr).toBe(0);
  reference = await results(join(dir, 'reference'));
}, 30_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('run: kill -9 and --resume', () => {
  it('a run killed at random points resumes to the rows, metrics and manifest of an uninterrupted run', async () => {
    // 64 tasks, a progress line every 3: kill between the first and the 15th line.
    const points = [1, 2 + Math.floor(Math.random() * 6), 8 + Math.floor(Math.random() * 8)];
    for (const k of points) {
      const out = join(dir, `killed-${k}`);
      const killed = await cli([...RUN, '--out', out], k);
      expect(killed.signal, `killed after ${k} progress lines: ${killed.stderr}`).toBe('SIGKILL');
      const recipe = JSON.parse(await readFile(join(out, 'run.json'), 'utf8')) as { started_ms: number };
      const indexed = (await readFile(join(out, 'tasks.jsonl'), 'utf8')).split('\n').filter(Boolean).length;
      expect(indexed).toBeGreaterThan(0);
      expect(indexed).toBeLessThan(64);
      const resumed = await cli(['run', '--resume', out]);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stderr).toMatch(/resuming .*: \d+\/64 tasks already done/);
      const r = await results(out);
      expect(JSON.stringify(r.rows)).toBe(JSON.stringify(reference.rows));
      expect(JSON.stringify(r.metrics)).toBe(JSON.stringify(reference.metrics));
      expect(withoutTimes(r.manifest)).toEqual(withoutTimes(reference.manifest));
      // The interrupted run's identity is kept: its start and the run id made from it.
      expect(r.manifest.started_at).toBe(new Date(recipe.started_ms).toISOString());
      expect(idSuffix(r.manifest.run_id)).toBe(idSuffix(reference.manifest.run_id));
      expect(String(r.manifest.run_id)).toContain(new Date(recipe.started_ms).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z'));
      expect((await readdir(join(out, 'transcripts'))).filter((n) => n.endsWith('.json'))).toHaveLength(64);
    }
  }, 60_000);

  it('a run over an earlier run keeps it until the new one completes; an interrupted run is not overwritten', async () => {
    const out = join(dir, 'over');
    expect((await cli([...RUN, '--out', out])).code).toBe(0);
    const first = await results(out);
    const killed = await cli([...RUN, '--seed', '7', '--out', out], 2);
    expect(killed.signal).toBe('SIGKILL');
    // The earlier run is untouched; the new one sits in a sibling folder that can be resumed.
    expect(await results(out)).toEqual(first);
    const sibling = (await readdir(dir)).find((n) => n.startsWith('.over.run-'));
    expect(sibling).toBeDefined();
    const resumed = await cli(['run', '--resume', join(dir, sibling ?? '')]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect((await results(out)).manifest.seed).toBe(7);
    expect((await readdir(dir)).filter((n) => n.startsWith('.over.'))).toEqual([]);

    const half = join(dir, 'half');
    expect((await cli([...RUN, '--out', half], 2)).signal).toBe('SIGKILL');
    const refused = await cli([...RUN, '--out', half]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${half} holds an interrupted run: continue it with \`run --resume ${half}\``);
  }, 60_000);

  it('resume names a damaged transcript and runs that task again', async () => {
    const out = join(dir, 'damaged');
    expect((await cli([...RUN, '--out', out], 3)).signal).toBe('SIGKILL');
    const first = (await readFile(join(out, 'tasks.jsonl'), 'utf8')).split('\n')[0] ?? '';
    const { file } = JSON.parse(first) as { file: string };
    await writeFile(join(out, 'transcripts', file), '');
    const resumed = await cli(['run', '--resume', out]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`${join(out, 'transcripts', file)} does not match its sha256 in tasks.jsonl; running that task again`);
    expect(JSON.stringify((await results(out)).rows)).toBe(JSON.stringify(reference.rows));
  }, 30_000);
});

describe('run: Ctrl-C (SIGINT to the process)', () => {
  it('is answered within a second, keeps the finished tasks (status cancelled, exit 130), and --resume completes the run', async () => {
    const out = join(dir, 'sigint');
    const r = await interrupt([...RUN, '--out', out], /\[\d+\/64\]/);
    expect(r.code, r.stderr).toBe(130);
    expect(r.ackMs).toBeLessThan(1000);
    // The stop itself: the bootstrap over the finished rows, then results.json (seconds only on a loaded machine).
    expect(r.exitMs).toBeLessThan(10_000);
    const cancelled = await results(out);
    expect(cancelled.manifest.status).toBe('cancelled');
    expect(cancelled.rows.length).toBeGreaterThan(0);
    expect(cancelled.rows.length).toBeLessThan(64);
    const resumed = await cli(['run', '--resume', out]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.stringify((await results(out)).rows)).toBe(JSON.stringify(reference.rows));
  }, 60_000);

  it('stops mid-task while the design evaluator thread is busy (the thread is stopped, not waited for)', async () => {
    // The design reference agent spends seconds per task in the evaluator's worker thread (bench: 4.8 s).
    const r = await interrupt(['run', '--suite', 'design', '--agent', 'reference', '--out', join(dir, 'sigint-design')], /on \d+ design tasks/, 1000);
    expect(r.code, r.stderr).toBe(130);
    expect(r.ackMs).toBeLessThan(1000);
    expect(r.exitMs).toBeLessThan(3000);
    expect((await results(join(dir, 'sigint-design'))).manifest.status).toBe('cancelled');
  }, 60_000);

  it('stops mid-solve on a photonics-agent run (the solver thread is stopped) and --resume gives the uninterrupted rows', async () => {
    // Two layer stacks (ms each), then an inverse design whose optimize call runs for seconds in the solver thread.
    const pa = ['run', '--suite', 'photonics-agent', '--agent', 'oracle', '--only', 'stack-mgf2,stack-bragg,optimization-'];
    const full = await cli([...pa, '--out', join(dir, 'pa-reference')]);
    expect(full.code, full.stderr).toBe(0);
    // A photonics-agent row records its wall time; everything else in it must match.
    const untimed = (rows: unknown[]): string => JSON.stringify(rows.map((row) => ({ ...(row as object), wall_ms: 0 })));
    const want = await results(join(dir, 'pa-reference'));
    expect(want.rows).toHaveLength(3);
    const out = join(dir, 'pa-sigint');
    // SIGINT 300 ms after the second task's progress line: the optimize call is in flight.
    const r = await interrupt([...pa, '--out', out], /\[2\/3\]/, 300);
    expect(r.code, r.stderr).toBe(130);
    expect(r.ackMs).toBeLessThan(1000);
    expect(r.exitMs).toBeLessThan(1500);
    console.log(`photonics-agent Ctrl-C: answered in ${r.ackMs.toFixed(0)} ms, exited in ${r.exitMs.toFixed(0)} ms`);
    const cancelled = await results(out);
    expect(cancelled.manifest.status).toBe('cancelled');
    expect(untimed(cancelled.rows)).toBe(untimed(want.rows.slice(0, 2)));
    expect(await readdir(join(out, 'transcripts'))).toHaveLength(2);
    const resumed = await cli(['run', '--resume', out]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resuming .*: 2\/3 tasks already done/);
    const done = await results(out);
    expect(untimed(done.rows)).toBe(untimed(want.rows));
    // The finished tasks' rows are kept as they were, not run again.
    expect(JSON.stringify(done.rows.slice(0, 2))).toBe(JSON.stringify(cancelled.rows));
  }, 90_000);
});

describe('run: kill -9 of a model run', () => {
  it('after 5 paid replies, --resume sends only the remaining requests and ends with the uninterrupted run\'s rows and metrics', async () => {
    const key = 'sk-standin-CRASH-91b2';
    const standin = await startStandin({ brain: vehBrain, key });
    try {
      const generations = (): number => standin.requests.filter((q) => q.url.includes('/chat/completions')).length;
      const env = { OPENAI_API_KEY: key };
      // 20 P1 tasks, one request each (the stand-in answers as the always-propose agent).
      const model = ['run', '--provider', 'openai', '--base-url', standin.baseUrls.openai, '--model', 'veh-always-propose', '--probe', 'P1', '--split', 'dev', '--shard', '1/4'];
      const full = await cli([...model, '--out', join(dir, 'model-reference')], undefined, env);
      expect(full.code, full.stderr).toBe(0);
      const want = await results(join(dir, 'model-reference'));
      expect(want.rows).toHaveLength(20);
      const out = join(dir, 'model-killed');
      const before = generations();
      const killed = await cli([...model, '--out', out], 5, env);
      expect(killed.signal).toBe('SIGKILL');
      const done = (await readFile(join(out, 'tasks.jsonl'), 'utf8')).split('\n').filter(Boolean).length;
      expect(done).toBeGreaterThanOrEqual(5);
      const sentBeforeKill = generations() - before;
      const resumed = await cli(['run', '--resume', out], undefined, env);
      expect(resumed.code, resumed.stderr).toBe(0);
      // The paid replies on disk are not asked for again: at most the one in flight at the kill is.
      expect(generations() - before - sentBeforeKill).toBeLessThanOrEqual(20 - done + 1);
      const got = await results(out);
      expect(JSON.stringify(got.rows)).toBe(JSON.stringify(want.rows));
      expect(JSON.stringify(got.metrics)).toBe(JSON.stringify(want.metrics));
      expect(got.manifest.usage).toEqual(want.manifest.usage);
    } finally {
      await standin.close();
    }
  }, 60_000);
});
