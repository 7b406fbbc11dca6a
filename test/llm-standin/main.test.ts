/** The stand-in as a process: prints its URL, serves the VEH models with the key it was given, exits on SIGTERM; refuses bad flags. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

async function servesAndStops(): Promise<void> {
  const child = spawn(TSX, [MAIN, '--port', '0', '--key', 'cli-key'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no banner within 30 s: ${out}`)), 30_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) {
          clearTimeout(timer);
          resolve(out);
        }
      });
    });
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
    expect(url).toBeDefined();
    const models = await fetch(`${url}/openai/v1/models`, { headers: { authorization: 'Bearer cli-key' } });
    expect(((await models.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual(['veh-anchor-fixed', 'veh-always-propose', 'veh-last-state']);
    expect((await fetch(`${url}/openai/v1/models`, { headers: { authorization: 'Bearer other' } })).status).toBe(401);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
}

async function refusesBadPort(): Promise<void> {
  const child = spawn(TSX, [MAIN, '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  expect(code).toBe(2);
  expect(err).toContain('--port must be an integer');
}

describe('test/llm-standin/main.ts', () => {
  // Both processes start at once: tsx start-up dominates the time.
  it('serves on an ephemeral port with the given key and exits 0 on SIGTERM; exits 2 on a bad --port', async () => {
    await Promise.all([servesAndStops(), refusesBadPort()]);
  });
});
