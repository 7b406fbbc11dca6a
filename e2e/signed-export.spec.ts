import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/**
 * Signed exports (issue 17): a signing key made in Settings and kept in the browser signs the JSON
 * export; the page's import says "signed by …" and badges the run; a forged signature is refused;
 * and the CLI's `verify` agrees with the page about the file the page signed.
 */

let dir = '';
let pristine = '';

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pg-e2e-sign-'));
  const out = join(dir, 'run');
  execFileSync('node', ['cli/proving-ground.mjs', 'run', '--suite', 'veh', '--agent', 'reference', '--probe', 'P1', '--split', 'dev', '--out', out], { stdio: 'pipe' });
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { manifest: unknown; rows: unknown[]; metrics: unknown };
  const transcripts = readdirSync(join(out, 'transcripts'))
    .map((n) => JSON.parse(readFileSync(join(out, 'transcripts', n), 'utf8')) as { settings: { task_index: number } })
    .sort((a, b) => a.settings.task_index - b.settings.task_index);
  pristine = JSON.stringify({ status: 'completed', error: null, manifest: results.manifest, rows: results.rows, metrics: results.metrics, transcripts });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, body: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(body) });

interface SignedFile {
  content_sha256: string;
  signature?: { public_key: { fingerprint: string; jwk: Record<string, string> }; signature: { signature: string } };
}

test('a kept signing key signs the export; import says signed by it; a forged signature is refused; the CLI agrees', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/settings');
  const panel = page.getByTestId('signing-key-panel');
  await expect(panel.getByTestId('signing-key-status')).toHaveText('No signing key: exports are unsigned.');
  await panel.getByTestId('signing-key-generate').click();
  const fingerprint = (await panel.getByTestId('signing-key-fingerprint').getAttribute('title'))!;
  expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
  await panel.getByTestId('signing-key-keep').check();
  await expect(panel.getByTestId('signing-key-status')).toContainText('kept in this browser');
  // Kept: a reload restores the same key from IndexedDB.
  await page.reload();
  await expect(page.getByTestId('signing-key-fingerprint')).toHaveAttribute('title', fingerprint);

  await page.goto('./#/runs');
  await page.getByTestId('import-input').setInputFiles([file('p1-dev.json', pristine)]);
  // A page download carries no signature.
  await expect(page.getByTestId('import-ok')).toContainText('unsigned (a content hash proves nothing against a forger)');
  const row = page.getByTestId('run-row');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-json').click()]);
  const exported = readFileSync((await download.path())!, 'utf8');
  const parsed = JSON.parse(exported) as SignedFile;
  expect(parsed.signature?.public_key.fingerprint).toBe(fingerprint);
  expect(Object.keys(parsed.signature!.public_key.jwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);

  await row.getByTestId('delete-button').click();
  await row.getByTestId('delete-confirm').click();
  await expect(page.getByTestId('runs-empty')).toBeVisible();
  await page.getByTestId('import-input').setInputFiles([file('signed.json', exported)]);
  await expect(page.getByTestId('import-ok').getByTestId('signature-state')).toHaveText(`signed by ${fingerprint.slice(0, 16)}`);
  await expect(page.getByTestId('run-row').getByTestId('signature-badge')).toHaveAttribute('data-state', 'signed');
  await expect(page.getByTestId('run-row').getByTestId('signature-badge')).toHaveText(`signed by ${fingerprint.slice(0, 16)}`);

  // A forger's signature (one character changed) is refused, naming the signature; nothing is stored.
  const sig = parsed.signature!.signature.signature;
  const forged = { ...parsed, signature: { ...parsed.signature!, signature: { ...parsed.signature!.signature, signature: `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}` } } };
  await page.getByTestId('import-input').setInputFiles([file('forged.json', JSON.stringify(forged))]);
  await expect(page.getByTestId('import-error')).toContainText('forged.json has a bad signature');
  await expect(page.getByTestId('run-row')).toHaveCount(1);

  // The CLI reads the page's signature as the page does.
  const signedPath = join(dir, 'signed.json');
  writeFileSync(signedPath, exported);
  const good = spawnSync('node', ['cli/proving-ground.mjs', 'verify', signedPath], { encoding: 'utf8' });
  expect(good.stdout).toContain(`signature: signed by ${fingerprint.slice(0, 16)}`);
  expect(good.status).toBe(0);
  const forgedPath = join(dir, 'forged.json');
  writeFileSync(forgedPath, JSON.stringify(forged));
  const bad = spawnSync('node', ['cli/proving-ground.mjs', 'verify', forgedPath], { encoding: 'utf8' });
  expect(bad.stdout).toMatch(/file: signature: /);
  expect(bad.status).toBe(1);
  expect(failures).toEqual([]);
});
