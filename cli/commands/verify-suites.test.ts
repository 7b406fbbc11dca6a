import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceCircuitOracle } from '../../src/core/circuit-audit/run/reference-oracle.ts';
import { runCommand } from './run.ts';
import { verifyCommand } from './verify.ts';
import { capture } from '../test-capture.ts';

let dir = '';
let run = '';
const deps = { environment: () => referenceCircuitOracle };

async function copyRun(name: string): Promise<string> {
  const to = join(dir, name);
  await mkdir(join(to, 'transcripts'), { recursive: true });
  await writeFile(join(to, 'results.json'), await readFile(join(run, 'results.json')));
  for (const f of await readdir(join(run, 'transcripts'))) await writeFile(join(to, 'transcripts', f), await readFile(join(run, 'transcripts', f)));
  return to;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-verify-circuit-'));
  run = join(dir, 'run');
  let t = 0;
  // The shipped circuit bank's P3 tasks (App. R corrupted-state recovery), reference agent.
  const code = await runCommand(['--suite', 'circuit', '--agent', 'reference', '--probe', 'P3', '--out', run], capture().io, { oracle: referenceCircuitOracle, clock: () => (t += 1) });
  expect(code).toBe(0);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('verify on a circuit run folder', () => {
  it('verifies an untouched run (exit 0) against the shipped circuit bank', async () => {
    const c = capture();
    expect(await verifyCommand([run], c.io, deps)).toBe(0);
    expect(c.text()).toContain('(run folder): VERIFIED');
    expect(c.text()).toMatch(/tasks: 18 verified, 0 mismatch/);
  });

  it('accepts the results.json path and prints JSON with --json', async () => {
    const c = capture();
    expect(await verifyCommand(['--json', join(run, 'results.json')], c.io, deps)).toBe(0);
    expect(JSON.parse(c.text())).toMatchObject([{ kind: 'results.json + transcripts', suite: 'circuit', outcome: 'verified', oracle_backend: 'reference' }]);
  });

  it('flags an edited oracle result with its task id and field (exit 1)', async () => {
    const to = await copyRun('edited-oracle');
    const name = 'circuit-p3-n8-walkthrough.json';
    const file = join(to, 'transcripts', name);
    const t = JSON.parse(await readFile(file, 'utf8')) as { events: { type: string; result?: { source_current_ma: number } }[] };
    const ev = t.events.find((e) => e.type === 'circuit_oracle_call');
    if (!ev?.result) throw new Error('no oracle call in the N.8 transcript');
    ev.result.source_current_ma *= 0.5;
    await writeFile(file, JSON.stringify(t));
    const c = capture();
    expect(await verifyCommand([to], c.io, deps)).toBe(1);
    expect(c.text()).toContain('MISMATCH');
    expect(c.text()).toContain('mismatch circuit-p3-n8-walkthrough:');
    expect(c.text()).toMatch(/\[reexecute\] events\[\d+\]\.result\.source_current_ma/);
  });

  it('flags a removed transcript (exit 1) and an unreadable one (exit 2)', async () => {
    const to = await copyRun('removed');
    await rm(join(to, 'transcripts', 'circuit-p3-n8-walkthrough.json'));
    const c = capture();
    expect(await verifyCommand([to], c.io, deps)).toBe(1);
    expect(c.text()).toMatch(/mismatch circuit-p3-n8-walkthrough:\n\s+\[regrade\] transcript/);
    await writeFile(join(to, 'transcripts', 'broken.json'), '{"suite":"circuit"}');
    expect(await verifyCommand([to], capture().io, deps)).toBe(2);
  });
});
