// `proving-ground replay --task ID DIR` on real package folders: the ring task's reference workflow
// is Full (exit 0) and an output shipped beside it is dropped, not evidence; escape attempts from
// the sandbox (the network, the file system, the host's `process` through the Function constructor)
// are stopped with the reason in the verdict and score 0 (exit 1); a link, an unknown task and a
// package over the file limit are refused before anything runs (exit 2).
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReproductionVerdictSchema } from '../../src/core/reproduction/evaluator.ts';
import { reproductionTask } from '../../src/core/reproduction/tasks/index.ts';
import { capture } from '../test-capture.ts';
import { replayCommand } from './replay.ts';

const TASK = 'repro-ring-fsr-group-index';
let root = '';

async function packageDir(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

async function replay(dir: string, task = TASK) {
  const c = capture();
  const code = await replayCommand(['--task', task, dir], c.io);
  const verdict = c.out.length === 1 ? ReproductionVerdictSchema.parse(JSON.parse(c.out[0]!)) : null;
  return { code, verdict, err: c.err.join('\n') };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pg-replay-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('replay --task ID DIR', () => {
  it('the reference package is Full (exit 0); a shipped output is dropped', async () => {
    const reference = Object.fromEntries(reproductionTask(TASK)!.reference.map((f) => [f.path, f.text]));
    const { code, verdict } = await replay(await packageDir('reference', { ...reference, 'outputs/fsr.json': '{"rows": [[10, 9.09]]}' }));
    expect(code).toBe(0);
    expect(verdict!.rubric.full).toBe(true);
    expect(verdict!.dropped).toEqual(['REPORT.md', 'outputs/fsr.json']); // not restored: only .js sources run (the report is read by the judge, not replayed)
    expect(Object.keys(verdict!.source_sha256).sort()).toEqual(['lib/ring.js', 'reproduce.js']);
  }, 60_000);

  it.each([
    ['the network', "fetch('https://example.com/steal')", /fetch' is not defined/],
    ['the file system', "require('fs').readFileSync('/etc/passwd')", /only relative paths inside the package/],
    ['the host process', "const p = (function () {}).constructor('return process')(); p.exit(0);", /process' is not defined/],
  ])('an attempt to reach %s is stopped with the reason (exit 1, score 0)', async (_what, source, reason) => {
    const { code, verdict } = await replay(await packageDir(`escape-${_what.replace(/ /g, '-')}`, { 'reproduce.js': source }));
    expect(code).toBe(1);
    expect(verdict!.status).toBe('invalid');
    expect(verdict!.reason).toMatch(reason);
    expect(verdict!.rubric.score).toBe(0);
  }, 60_000);

  it('refuses a link, an unknown task and too many files before running anything (exit 2)', async () => {
    const linked = await packageDir('linked', { 'reproduce.js': 'console.log(1)' });
    await symlink('/etc/passwd', join(linked, 'passwd.js'));
    expect(await replay(linked)).toMatchObject({ code: 2, verdict: null, err: expect.stringMatching(/passwd\.js: not a regular file/) });
    expect(await replay(linked, 'repro-nope')).toMatchObject({ code: 2, err: expect.stringMatching(/no reproduction task "repro-nope"/) });
    const many = await packageDir('many', Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`f${i}.js`, ''])));
    expect(await replay(many)).toMatchObject({ code: 2, err: expect.stringMatching(/more than 40 files/) });
  }, 60_000);
});
