import { beforeAll, describe, expect, it } from 'vitest';
import { checkRunExport } from '../export/import-run.ts';
import { buildRunExport, runContentHash, type RunExport } from '../export/run-export.ts';
import { summariseTasks } from '../export/task-summary.ts';
import { EXPORT_META, fixtureRun } from '../export/test-run.ts';
import { SUITES } from '../suites.ts';
import type { VehRow } from '../veh/rows.ts';
import { vehSuite } from '../veh/suite.ts';
import { ImportError } from './import.ts';
import { UNSIGNED_TEXT, checkExportSignature, signRunExport, signatureStateText } from './export-signature.ts';
import { generateSigningKey } from './signing.ts';

const subtle = globalThis.crypto.subtle;
let unsigned: RunExport;
let signed: RunExport;
let key: Awaited<ReturnType<typeof generateSigningKey>>;
let other: Awaited<ReturnType<typeof generateSigningKey>>;

beforeAll(async () => {
  unsigned = buildRunExport(vehSuite, await fixtureRun('random'), EXPORT_META);
  key = await generateSigningKey(subtle);
  other = await generateSigningKey(subtle);
  signed = await signRunExport(unsigned, subtle, key.privateKey, key.publicKey);
});

/** The file as a reader gets it: JSON text, read back through the page's own import check. */
const reread = (f: unknown): RunExport => checkRunExport(SUITES, 'f.json', JSON.parse(JSON.stringify(f)) as Record<string, unknown>).file;
type VehExport = Omit<RunExport, 'rows'> & { rows: VehRow[] };
const copy = (): VehExport => JSON.parse(JSON.stringify(signed)) as VehExport;

describe('export signature', () => {
  it('an unsigned export has no signature key at all and reads as unsigned', async () => {
    expect(Object.keys(unsigned)).not.toContain('signature');
    expect(await checkExportSignature(reread(unsigned), subtle)).toEqual({ state: 'unsigned' });
    expect(signatureStateText({ state: 'unsigned' })).toBe(UNSIGNED_TEXT);
  });

  it('a signed export passes the content checks and verifies, by the fingerprint of its key', async () => {
    expect(signed.signature?.signature.content_sha256).toBe(unsigned.content_sha256);
    const state = await checkExportSignature(reread(signed), subtle);
    expect(state).toEqual({ state: 'signed', fingerprint: key.publicKey.fingerprint });
    expect(signatureStateText(state)).toBe(`signed by ${key.publicKey.fingerprint.slice(0, 16)}`);
  });

  it('tampered content: with the hash left, the import refuses it; with the hash and summary resealed, the signature is bad', async () => {
    const f = copy();
    const row = f.rows.find((r) => r.probe === 'P2');
    if (row?.probe !== 'P2') throw new Error('fixture run has no P2 row');
    row.final.result.load_power_uw *= 2;
    expect(() => reread(f)).toThrow(ImportError);
    const resealed = { ...f, tasks: summariseTasks(vehSuite.scoring, f.rows, f.transcripts), content_sha256: runContentHash(f) };
    expect(await checkExportSignature(reread(resealed), subtle)).toMatchObject({ state: 'bad', reason: expect.stringMatching(/signature\.signature\.content_sha256 .* differs from the file's content_sha256/) });
    // A forger who also rewrites the signed hash still cannot make the signature match.
    const sig = { ...resealed.signature!, signature: { ...resealed.signature!.signature, content_sha256: resealed.content_sha256 } };
    expect(await checkExportSignature(reread({ ...resealed, signature: sig }), subtle)).toMatchObject({ state: 'bad', reason: expect.stringMatching(/does not match the content/) });
  });

  it('a swapped key (another public key put in the file) is bad, with or without its fingerprint in the signature', async () => {
    const f = copy();
    const swapped = { ...f, signature: { ...f.signature!, public_key: other.publicKey } };
    expect(await checkExportSignature(reread(swapped), subtle)).toMatchObject({ state: 'bad', reason: expect.stringMatching(/not by the key given/) });
    const renamed = { ...swapped, signature: { ...swapped.signature, signature: { ...swapped.signature.signature, key_fingerprint: other.publicKey.fingerprint } } };
    expect(await checkExportSignature(reread(renamed), subtle)).toMatchObject({ state: 'bad', reason: expect.stringMatching(/does not match the content under this key/) });
  });

  it('a key fingerprint that does not match its JWK is bad', async () => {
    const f = copy();
    const wrong = { ...f, signature: { public_key: { ...f.signature!.public_key, fingerprint: other.publicKey.fingerprint }, signature: { ...f.signature!.signature, key_fingerprint: other.publicKey.fingerprint } } };
    expect(await checkExportSignature(reread(wrong), subtle)).toMatchObject({ state: 'bad', reason: expect.stringMatching(/fingerprint .* does not match its JWK/) });
  });

  it('the export schema refuses a signature block whose JWK carries a private member', async () => {
    const jwk = (await subtle.exportKey('jwk', (await generateSigningKey(subtle, 'ECDSA-P256-SHA256', true)).privateKey)) as JsonWebKey;
    const f = copy();
    const leaked = { ...f, signature: { ...f.signature!, public_key: { ...f.signature!.public_key, jwk: { ...f.signature!.public_key.jwk, d: jwk.d } } } };
    expect(() => reread(leaked)).toThrow(/not a valid run export: .*signature\.public_key\.jwk/);
  });
});
