/** The page's JSON export: unsigned exactly as before without a key; signed, and verifying, with one. */
import { describe, expect, it } from 'vitest';
import { buildRunExport } from '../../core/export/run-export.ts';
import { EXPORT_META, fixtureRun } from '../../core/export/test-run.ts';
import { MemoryRunStore } from '../../core/store/memory-run-store.ts';
import { vehSuite } from '../../core/veh/suite.ts';
import { checkExportSignature } from '../../core/verify/export-signature.ts';
import { generateSigningKey } from '../../core/verify/signing.ts';
import { importRunText } from './import-run-file.ts';
import { storedRunExport, type DownloadContext } from './run-downloads.ts';

const now = () => EXPORT_META.exported_at;
const ctx: DownloadContext = { appVersion: EXPORT_META.app_version, buildId: EXPORT_META.build_id, bank: null, now };

describe('storedRunExport', () => {
  it('without a signing key the file is the unsigned export; with one it carries only the public key and a signature that verifies', async () => {
    const run = await fixtureRun('random');
    const store = new MemoryRunStore();
    const { storeId } = await importRunText(store, 'run.json', JSON.stringify(buildRunExport(vehSuite, run, EXPORT_META)), now());
    const plain = await storedRunExport(store, storeId, { ...ctx, signingKey: () => Promise.resolve(null) });
    expect(JSON.stringify(plain)).toBe(JSON.stringify(buildRunExport(vehSuite, run, { ...EXPORT_META, suite_version: null })));

    const key = await generateSigningKey(globalThis.crypto.subtle);
    const signed = await storedRunExport(store, storeId, { ...ctx, signingKey: () => Promise.resolve(key) });
    expect(signed.signature?.public_key).toEqual(key.publicKey);
    expect(JSON.stringify(signed.signature)).not.toMatch(/"d"/);
    const { signature: _s, ...rest } = signed;
    expect(rest).toEqual(plain);
    expect(await checkExportSignature(JSON.parse(JSON.stringify(signed)) as typeof signed, globalThis.crypto.subtle)).toEqual({ state: 'signed', fingerprint: key.publicKey.fingerprint });
  });
});
