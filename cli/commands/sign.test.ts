/** `keygen` → `sign` → `verify` round trip (issue 17), and what each refuses. */
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRunExport, runContentHash, type RunExport } from '../../src/core/export/run-export.ts';
import { summariseTasks } from '../../src/core/export/task-summary.ts';
import type { VehRow } from '../../src/core/veh/rows.ts';
import { ResultsFileSchema } from '../../src/core/veh/run/results-file.ts';
import { TranscriptSchema } from '../../src/core/veh/run/transcript.ts';
import { vehSuite } from '../../src/core/veh/suite.ts';
import { fixtureOracle } from '../../src/core/veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../../src/core/veh/protocol/test-session.ts';
import { UNSIGNED_TEXT } from '../../src/core/verify/export-signature.ts';
import { capture } from '../test-capture.ts';
import { main } from '../main.ts';
import { runCommand } from './run.ts';
import { writeFixtureBank } from './run-fixture-bank.ts';
import { verifyCommand } from './verify.ts';

let dir = '';
let bank = '';
let exportPath = '';
let exported: RunExport;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-sign-'));
  bank = join(dir, 'bank');
  await mkdir(bank);
  await writeFixtureBank(bank);
  const run = join(dir, 'run');
  expect(await runCommand(['--agent', 'random', '--seed', '5', '--bank', bank, '--out', run], capture().io, { oracle: fixtureOracle, clock: fixtureClock() })).toBe(0);
  const results = ResultsFileSchema.parse(JSON.parse(await readFile(join(run, 'results.json'), 'utf8')));
  const names = (await readdir(join(run, 'transcripts'))).sort();
  const transcripts = await Promise.all(names.map(async (n) => TranscriptSchema.parse(JSON.parse(await readFile(join(run, 'transcripts', n), 'utf8')))));
  exported = buildRunExport(
    vehSuite,
    { status: 'completed', error: null, manifest: results.manifest, rows: results.rows, metrics: results.metrics, transcripts },
    { exported_at: '2026-01-01T00:00:00.000Z', app_version: 't', build_id: null, suite_version: null },
  );
  exportPath = join(dir, 'export.json');
  await writeFile(exportPath, JSON.stringify(exported, null, 1));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cli = async (...argv: string[]) => {
  const c = capture();
  const code = await main(argv, c.io);
  return { code, text: c.text(), out: c.out.join('\n') };
};
const verify = async (file: string) => {
  const c = capture();
  const code = await verifyCommand([file, '--bank', bank], c.io, { environment: () => fixtureOracle });
  return { code, text: c.text() };
};

describe('keygen, sign, verify', () => {
  for (const [algorithm, name] of [
    ['ecdsa-p256', 'ECDSA-P256-SHA256'],
    ['ed25519', 'Ed25519'],
  ] as const) {
    it(`round trip with ${algorithm}: the key file is private, the signed export verifies as signed by that key`, async () => {
      const key = join(dir, `${algorithm}.key.json`);
      const k = await cli('keygen', '--out', key, '--algorithm', algorithm);
      expect(k.code).toBe(0);
      const fingerprint = /public key fingerprint ([0-9a-f]{64})/.exec(k.text)?.[1];
      expect(fingerprint).toBeDefined();
      expect((await stat(key)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(key, 'utf8'))).toHaveProperty('d');

      const signedPath = join(dir, `signed-${algorithm}.json`);
      const s = await cli('sign', '--key', key, exportPath, '--out', signedPath);
      expect(s.code).toBe(0);
      expect(s.text).toContain(`signed by ${fingerprint!.slice(0, 16)} (${name})`);
      const signed = JSON.parse(await readFile(signedPath, 'utf8')) as RunExport;
      // The export as it was, plus the block: nothing else changed, and no private member went in.
      const { signature, ...rest } = signed;
      expect(rest).toEqual(JSON.parse(JSON.stringify(exported)));
      expect(signature?.public_key.fingerprint).toBe(fingerprint);
      expect(signature?.public_key.jwk).not.toHaveProperty('d');
      expect(JSON.stringify(signed)).not.toContain((JSON.parse(await readFile(key, 'utf8')) as { d: string }).d);

      const v = await verify(signedPath);
      expect(v.text).toMatch(/\(run export\): VERIFIED/);
      expect(v.text).toContain(`  signature: signed by ${fingerprint!.slice(0, 16)}`);
      expect(v.code).toBe(0);
    });
  }

  it('an unsigned export verifies and says what its hash does not prove', async () => {
    const v = await verify(exportPath);
    expect(v.code).toBe(0);
    expect(v.text).toContain(`  signature: ${UNSIGNED_TEXT}`);
  });

  it('a tampered signed export exits 1 naming the signature, even with hash and summary resealed', async () => {
    const key = join(dir, 'tamper.key.json');
    expect((await cli('keygen', '--out', key)).code).toBe(0);
    const signedPath = join(dir, 'to-tamper.json');
    expect((await cli('sign', '--key', key, exportPath, '--out', signedPath)).code).toBe(0);
    const f = JSON.parse(await readFile(signedPath, 'utf8')) as Omit<RunExport, 'rows'> & { rows: VehRow[] };
    // An edit replay cannot see (the manifest's app_version), hash and summary resealed: only the signature can tell.
    f.manifest = { ...f.manifest, app_version: 'forged' };
    const resealed = { ...f, tasks: summariseTasks(vehSuite.scoring, f.rows, f.transcripts), content_sha256: runContentHash(f) };
    const tampered = join(dir, 'tampered.json');
    await writeFile(tampered, JSON.stringify(resealed));
    const v = await verify(tampered);
    expect(v.code).toBe(1);
    expect(v.text).toMatch(/\(run export\): MISMATCH/);
    expect(v.text).toMatch(/file: signature: claimed .* vs recomputed "bad signature" \(signature\.signature\.content_sha256 .* differs from the file's content_sha256/);
    expect(v.text).toContain('  signature: bad signature: ');

    // Resealing the signed hash as well: the signature itself fails.
    const forged = { ...resealed, signature: { ...resealed.signature!, signature: { ...resealed.signature!.signature, content_sha256: resealed.content_sha256 } } };
    await writeFile(tampered, JSON.stringify(forged));
    const w = await verify(tampered);
    expect(w.code).toBe(1);
    expect(w.text).toMatch(/file: signature: .*does not match the content under this key/);
  });

  it('keygen never overwrites a key file; sign refuses a download, a damaged export and a public key', async () => {
    const key = join(dir, 'once.key.json');
    expect((await cli('keygen', '--out', key)).code).toBe(0);
    const again = await cli('keygen', '--out', key);
    expect(again.code).toBe(1);
    expect(again.text).toMatch(/exists; not overwritten/);
    expect((await cli('keygen', '--out', join(dir, 'x.json'), '--algorithm', 'rsa')).code).toBe(2);

    const download = join(dir, 'download.json');
    const { status, error, manifest, rows, metrics, transcripts } = exported;
    await writeFile(download, JSON.stringify({ status, error, manifest, rows, metrics, transcripts }));
    const d = await cli('sign', '--key', key, download);
    expect(d.code).toBe(1);
    expect(d.text).toMatch(/is not a run export/);

    const damaged = join(dir, 'damaged.json');
    await writeFile(damaged, JSON.stringify({ ...exported, content_sha256: 'f'.repeat(64) }));
    const b = await cli('sign', '--key', key, damaged);
    expect(b.code).toBe(1);
    expect(b.text).toMatch(/does not match its content_sha256.*not signed/);

    const pub = join(dir, 'public.json');
    const { d: _d, ...publicJwk } = JSON.parse(await readFile(key, 'utf8')) as Record<string, unknown>;
    await writeFile(pub, JSON.stringify(publicJwk));
    const p = await cli('sign', '--key', pub, exportPath);
    expect(p.code).toBe(1);
    expect(p.text).toMatch(/not a private key JWK/);
    expect((await cli('sign', exportPath)).code).toBe(2);
  });

  it('without --out the signed export goes to standard output', async () => {
    const key = join(dir, 'stdout.key.json');
    expect((await cli('keygen', '--out', key)).code).toBe(0);
    const c = capture();
    expect(await main(['sign', '--key', key, exportPath], c.io)).toBe(0);
    expect((JSON.parse(c.out.join('')) as RunExport).signature?.signature.content_sha256).toBe(exported.content_sha256);
  });
});
