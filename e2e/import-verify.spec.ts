import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/**
 * Runs library: import, export, Verify, hostile files and `?results=<url>`. The fixture is made at
 * test time by the CLI (reference agent, P2 dev: 64 tasks with real oracle calls) on the bank this
 * build ships, then packed as the page's single-file download.
 */

interface Bundle {
  status: string;
  error: string | null;
  manifest: { run_id: string; agent: { label: string } };
  rows: { task_id: string; probe: string; final?: { result: { load_power_uw: number } } }[];
  metrics: unknown;
  transcripts: { task: { task_id: string }; settings: { task_index: number }; events: { type: string; purpose?: string; role?: string; content?: string; result?: Record<string, number> }[] }[];
}

let dir = '';
let pristine = '';

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pg-e2e-import-'));
  const out = join(dir, 'run');
  execFileSync('node', ['cli/proving-ground.mjs', 'run', '--suite', 'veh', '--agent', 'reference', '--probe', 'P2', '--split', 'dev', '--out', out], { stdio: 'pipe' });
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as Omit<Bundle, 'transcripts' | 'status' | 'error'>;
  const transcripts = readdirSync(join(out, 'transcripts'))
    .map((n) => JSON.parse(readFileSync(join(out, 'transcripts', n), 'utf8')) as Bundle['transcripts'][number])
    .sort((a, b) => a.settings.task_index - b.settings.task_index);
  pristine = JSON.stringify({ status: 'completed', error: null, manifest: results.manifest, rows: results.rows, metrics: results.metrics, transcripts });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bundle = (): Bundle => JSON.parse(pristine) as Bundle;
const file = (name: string, body: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(body) });

async function importFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  await page.getByTestId('import-input').setInputFiles(files);
}

test('import a run, see it listed, Verify → verified; export it as JSON and import the export back', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/runs');
  await expect(page.getByTestId('runs-empty')).toBeVisible();
  await importFiles(page, [file('p2-dev.json', pristine)]);
  await expect(page.getByTestId('import-ok')).toContainText('Imported p2-dev.json');
  const row = page.getByTestId('run-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('run-done')).toHaveText('64 / 64');
  await expect(row.getByTestId('run-imported-from')).toHaveText('p2-dev.json');
  await expect(row.getByTestId('verify-badge')).toHaveAttribute('data-outcome', 'none');
  await row.getByTestId('verify-button').click();
  await expect(row.getByTestId('verify-badge')).toHaveAttribute('data-outcome', 'verified', { timeout: 60_000 });
  await expect(page.getByTestId('verify-report-outcome')).toHaveText('verified');
  // The badge is stored with the run.
  await page.reload();
  await expect(page.getByTestId('run-row').getByTestId('verify-badge')).toHaveAttribute('data-outcome', 'verified');

  // Export (the versioned format), then delete the run (confirmed) and import the export back.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-json').click()]);
  expect(download.suggestedFilename()).toMatch(/^veh-reference-.*\.json$/);
  const exported = readFileSync((await download.path())!, 'utf8');
  const parsed = JSON.parse(exported) as { format: string; format_version: number; tasks: unknown[]; content_sha256: string };
  expect(parsed.format).toBe('proving-ground/run-export');
  expect(parsed.tasks).toHaveLength(64);
  const [md] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-md').click()]);
  expect(readFileSync((await md.path())!, 'utf8')).toContain('## Tasks (64 of 64 pass)');
  const [atif] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-atif').click()]);
  expect(readFileSync((await atif.path())!, 'utf8').trimEnd().split('\n')).toHaveLength(64);

  await row.getByTestId('delete-button').click();
  await row.getByTestId('delete-confirm').click();
  await expect(page.getByTestId('runs-empty')).toBeVisible();
  await importFiles(page, [file('export.json', exported)]);
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  // The same export again, saved by an editor that adds a UTF-8 BOM: recognised, not a second copy.
  await importFiles(page, [file('export-bom.json', '\uFEFF' + exported)]);
  await expect(page.getByTestId('import-ok')).toContainText('Already stored (same run id and content; not stored again) export-bom.json');
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await page.getByTestId('run-row').getByTestId('verify-button').click();
  await expect(page.getByTestId('run-row').getByTestId('verify-badge')).toHaveAttribute('data-outcome', 'verified', { timeout: 60_000 });
  expect(failures).toEqual([]);
});

test('an edited file (one oracle reply, one score) is a mismatch naming each task and field', async ({ page }) => {
  const b = bundle();
  const t = b.transcripts[3]!;
  const index = t.events.findIndex((e) => e.type === 'oracle_call' && e.purpose === 'agent');
  expect(index).toBeGreaterThanOrEqual(0);
  t.events[index]!.result!.tip_stress_mpa! *= 0.5;
  const scored = b.rows[10]!;
  scored.final!.result.load_power_uw *= 2;

  await page.goto('./#/runs');
  await importFiles(page, [file('edited.json', JSON.stringify(b))]);
  const row = page.getByTestId('run-row');
  await expect(row).toHaveCount(1);
  await row.getByTestId('verify-button').click();
  await expect(row.getByTestId('verify-badge')).toHaveAttribute('data-outcome', 'mismatch', { timeout: 60_000 });
  const report = page.getByTestId('verify-report');
  const edited = report.locator(`[data-testid="verify-task"][data-task-id="${t.task.task_id}"]`);
  await expect(edited).toHaveAttribute('data-outcome', 'mismatch');
  await expect(edited.getByTestId('verify-diff').first()).toContainText(`events[${index}].result.tip_stress_mpa`);
  const score = report.locator(`[data-testid="verify-task"][data-task-id="${scored.task_id}"]`);
  await expect(score.getByTestId('verify-diff').filter({ hasText: 'final.result.load_power_uw' })).toHaveCount(1);
  await expect(row.getByTestId('verify-badge')).toHaveAttribute('title', new RegExp(`mismatch: .*${t.task.task_id} events\\[${index}\\]`));
});

test('malformed, truncated and hostile files get a clear error and store nothing', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('./#/runs');
  await importFiles(page, [
    file('truncated.json', pristine.slice(0, Math.floor(pristine.length / 3))),
    file('wrong.json', JSON.stringify({ ...bundle(), rows: 'not rows' })),
    file('hostile-format.json', JSON.stringify({ format: '<img src=x onerror="window.__pwned=1">' })),
  ]);
  const errors = page.getByTestId('import-error');
  await expect(errors).toHaveCount(3);
  await expect(errors.nth(0)).toContainText('truncated.json is not valid JSON (the file looks truncated');
  await expect(errors.nth(1)).toContainText('wrong.json is not a valid run download: rows: Invalid input: expected array');
  await expect(errors.nth(2)).toContainText('has format "<img src=x onerror=\\"window.__pwned=1\\">"; expected "proving-ground/run-export"');
  await expect(page.getByTestId('runs-empty')).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('several files dropped at once: each is imported or refused on its own', async ({ page }) => {
  await page.goto('./#/runs');
  const dataTransfer = await page.evaluateHandle(
    ({ good, bad }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([good], 'good.json', { type: 'application/json' }));
      dt.items.add(new File([bad], 'bad.json', { type: 'application/json' }));
      return dt;
    },
    { good: pristine, bad: '{"manifest": ' },
  );
  await page.getByTestId('import-dropzone').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('import-ok')).toContainText('Imported good.json');
  await expect(page.getByTestId('import-error')).toContainText('bad.json is not valid JSON (the file looks truncated');
  await expect(page.getByTestId('run-row')).toHaveCount(1);

  // Clearing everything needs the words typed out.
  await page.getByTestId('clear-all').click();
  await expect(page.getByTestId('clear-all-confirm')).toBeDisabled();
  await page.getByTestId('clear-all-input').fill('delete all');
  await page.getByTestId('clear-all-confirm').click();
  await expect(page.getByTestId('runs-empty')).toBeVisible();
});

test('transcript and label text with <script> and <img onerror> renders as text', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const b = bundle();
  const script = '<script>window.__pwned=1;alert(1)</script>';
  const img = '<img src=x onerror="window.__pwned=2;alert(2)">';
  b.manifest.agent.label = `evil ${img}`;
  const msg = b.transcripts[0]!.events.find((e) => e.type === 'message' && e.role === 'user')!;
  msg.content = `${script} ${img} ${msg.content ?? ''}`;
  await page.goto('./#/runs');
  await importFiles(page, [file('hostile.json', JSON.stringify(b))]);
  const row = page.getByTestId('run-row');
  await expect(row.getByTestId('run-label')).toHaveText(`evil ${img}`);
  // The run detail page (another part of the page) shows the transcript: still text, never markup.
  await row.getByTestId('run-label').click();
  await expect(page).toHaveURL(/#\/runs\/[^/]+$/);
  // Same document (the store may be in memory): change the hash only.
  await page.evaluate((id) => (window.location.hash = `#/runs/${encodeURIComponent(id)}/task/0`), b.manifest.run_id);
  await expect(page.getByText(script, { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('main script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('?results=<url> in the page address opens a result file, once', async ({ page }) => {
  await page.route('**/fixtures/p2-dev.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: pristine }));
  await page.goto('./?results=fixtures/p2-dev.json#/runs');
  await expect(page.getByTestId('results-url-status')).toContainText('Imported');
  const row = page.getByTestId('run-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('run-imported-from')).toHaveText(/\/some\/sub\/path\/fixtures\/p2-dev\.json$/);
  await expect(row.getByTestId('run-done')).toHaveText('64 / 64');
  // Opening the same link again (the store is IndexedDB, so the run survived the reload) stores nothing new.
  await page.reload();
  await expect(page.getByTestId('results-url-status')).toContainText('Already stored (same run id and content; not stored again)');
  await expect(page.getByTestId('run-row')).toHaveCount(1);
});

test('?results=<url> errors are clear: 404 and not JSON', async ({ page }) => {
  await page.route('**/fixtures/missing.json', (route) => route.fulfill({ status: 404, body: 'no' }));
  await page.goto('./?results=fixtures/missing.json#/runs');
  await expect(page.getByTestId('results-url-error')).toContainText(/fixtures\/missing\.json answered HTTP 404 \(not found\)/);
  await page.route('**/fixtures/page.json', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><p>hello</p>' }));
  await page.goto('./?results=fixtures/page.json#/runs');
  await page.reload();
  await expect(page.getByTestId('results-url-error')).toContainText('is not valid JSON');
  await expect(page.getByTestId('runs-empty')).toBeVisible();
});

test('?results= refusals and Cancel show on every route, never with the link password', async ({ page }) => {
  // A javascript: link opened on another route than #/runs: refused, and the refusal is on screen there.
  await page.goto('./?results=javascript:alert(1)#/settings');
  await expect(page.getByTestId('results-url-error')).toContainText('must be an http(s) URL, not javascript:');
  await page.goto('./?results=data:application/json,{}#/playground');
  await expect(page.getByTestId('results-url-error')).toContainText('not data:');
  // A link with a password: the browser refuses to fetch it at once, and the message never shows the password.
  await page.goto(`./?results=${encodeURIComponent('http://me:hunter2@127.0.0.1:9/fixtures/x.json')}#/settings`);
  await expect(page.getByTestId('results-url-error')).toBeVisible();
  await expect(page.getByTestId('results-url-error')).not.toContainText('hunter2');
  // A server that never answers: Cancel stops it, and the message shows no token.
  await page.route('**/fixtures/hang.json*', () => undefined);
  await page.goto(`./?results=${encodeURIComponent('fixtures/hang.json?token=abc123')}#/runs`);
  await page.getByTestId('results-url-cancel').click();
  const error = page.getByTestId('results-url-error');
  await expect(error).toContainText('was cancelled; nothing was stored');
  await expect(error).not.toContainText('hunter2');
  await expect(error).not.toContainText('abc123');
});
