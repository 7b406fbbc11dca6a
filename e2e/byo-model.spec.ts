import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { STANDIN_PORT } from './e2e-ports.ts';
import { watchForFailures } from './network-watch.ts';

/**
 * Bring your own model, end to end: the settings page configures an endpoint of the local LLM
 * stand-in (test/llm-standin, started by playwright.config.ts on a free 127.0.0.1 port with this key), a
 * run of real VEH tasks goes through it, and the key is shown to stay where it belongs.
 */
const STANDIN = `http://127.0.0.1:${STANDIN_PORT}`;
const KEY = 'pg-e2e-key-7f3a9c41d2';

/** 5 tasks covering P1–P4 (1, 1, 1, 2), as a run-page query. */
const SELECTION = 'split=test_ood&difficulty=hard&anchor=piezodrive-ba6020-bimorph-bender';
const SELECTION_SIZE = 5;

interface Endpoint {
  preset: 'openai' | 'anthropic' | 'gemini';
  baseUrl: string;
  /** A stand-in model id: the VEH brain answering as that scripted agent. */
  model: string;
}

const ENDPOINTS: Endpoint[] = [
  { preset: 'openai', baseUrl: `${STANDIN}/openai/v1`, model: 'veh-anchor-fixed' },
  { preset: 'anthropic', baseUrl: `${STANDIN}/anthropic`, model: 'veh-last-state' },
  { preset: 'gemini', baseUrl: `${STANDIN}/gemini`, model: 'veh-always-propose' },
];

/**
 * Fills the settings form for `e` (with a price of $1 / $2 per 1M tokens, so costs are known), lists
 * the endpoint's models (`listed`: the status line expected) and tests the connection.
 */
async function configure(page: Page, e: Endpoint, key: string, listed: string | RegExp = '3 models listed.'): Promise<void> {
  await page.goto('./#/settings');
  await page.getByTestId('preset-select').selectOption(e.preset);
  await page.getByTestId('base-url-input').fill(e.baseUrl);
  await page.getByTestId('api-key-input').fill(key);
  await page.getByTestId('model-input').fill(e.model);
  await page.getByTestId('price-input').fill('1');
  await page.getByTestId('price-output').fill('2');
  await page.getByTestId('list-models').click();
  await expect(page.getByTestId('list-models-status')).toHaveText(listed);
  await page.getByTestId('test-connection').click();
}

async function save(page: Page): Promise<void> {
  await page.getByTestId('save-settings').click();
  await expect(page.getByTestId('save-status')).toContainText('Saved on this device');
}

/** Starts "Your model" on the selection. */
async function startYourModel(page: Page, selection = SELECTION, size = SELECTION_SIZE): Promise<void> {
  // A hash change, not a reload: the key held in memory stays.
  await page.goto(`./#/suite/veh/run?${selection}`);
  await expect(page.getByTestId('selection-count')).toHaveText(String(size));
  await page.getByTestId('agent-select').selectOption('your-model');
  await expect(page.getByTestId('llm-key-status')).toContainText('entered');
  // Known price: a dollar figure, never "$0" and never "unknown price".
  await expect(page.getByTestId('projected-cost')).toHaveText(/^\$0\.\d*[1-9]/);
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.getByTestId('run-button').click();
}

/** Runs "Your model" on the selection and waits for it to finish. */
async function runYourModel(page: Page): Promise<void> {
  await startYourModel(page);
  await expect(page.getByTestId('run-status')).toHaveText('completed');
}

/** Every row of every object store of every IndexedDB database of the page's origin. */
function dumpIndexedDb(page: Page): Promise<Record<string, Record<string, unknown>>> {
  return page.evaluate(async () => {
    const done = <T,>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
    const out: Record<string, Record<string, unknown>> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await done(indexedDB.open(info.name));
      for (const store of Array.from(db.objectStoreNames)) {
        const os = db.transaction(store).objectStore(store);
        const [keys, values] = await Promise.all([done(os.getAllKeys()), done(os.getAll())]);
        out[`${info.name}/${store}`] = Object.fromEntries(keys.map((k, i) => [String(k), values[i]]));
      }
      db.close();
    }
    return out;
  });
}

/** "database/store/row" of every IndexedDB row whose content contains `needle`. */
function rowsContaining(dump: Record<string, Record<string, unknown>>, needle: string): string[] {
  return Object.entries(dump).flatMap(([store, rows]) => Object.entries(rows).filter(([, v]) => JSON.stringify(v).includes(needle)).map(([k]) => `${store}/${k}`));
}

/**
 * Chrome reports a stream the page stops reading once the provider's end event has arrived (the
 * adapter cancels the reader) as an aborted request when the server had not closed it yet. That is
 * a normal end of a streamed reply, not a failure.
 */
const isFinishedStream = (failure: string): boolean => failure.startsWith(`request failed: ${STANDIN}/`) && /^request failed: \S+ \(net::ERR_ABORTED\)$/.test(failure);

test('each provider: configure the stand-in, test the connection, run P1–P4 tasks with transcripts, scores and cost', async ({ page }) => {
  const failures = watchForFailures(page);
  for (const endpoint of ENDPOINTS) {
    await test.step(endpoint.preset, async () => {
      await configure(page, endpoint, KEY);
      const ok = page.getByTestId('connection-ok');
      await expect(ok).toBeVisible();
      await expect(ok).toContainText(`${endpoint.model}-standin-001`);
      await expect(page.getByTestId('connection-cost')).toHaveText(/^\$0\.\d*[1-9]/);
      await save(page);

      await runYourModel(page);
      await expect(page.getByTestId('result-row')).toHaveCount(SELECTION_SIZE);
      for (const probe of ['P1', 'P2', 'P3', 'P4']) await expect(page.locator(`[data-testid="result-row"][data-probe="${probe}"]`).first()).toBeVisible();
      await expect(page.getByTestId('metrics-panel')).toBeVisible();
      // Cost: live during the run, and the manifest's total after it; both known (a price was entered).
      await expect(page.getByTestId('live-cost')).toHaveText(/^\$0\.\d*[1-9]/);
      await expect(page.getByTestId('run-cost')).toHaveText(/^\$0\.\d*[1-9]/);
      expect(Number(await page.getByTestId('live-replies').textContent())).toBeGreaterThanOrEqual(SELECTION_SIZE);
      await expect(page.getByTestId('manifest-model')).toContainText(`${endpoint.model} (reported: ${endpoint.model}-standin-001)`);

      // The P2 task's transcript: the model's replies with their cost, and the oracle's answers.
      await page.locator('[data-testid="result-row"][data-probe="P2"]').first().getByTestId('transcript-button').click();
      const view = page.getByTestId('transcript-view');
      await expect(view).toBeVisible();
      await expect(view.getByTestId('transcript-reply').first()).toBeVisible();
      await expect(view.getByTestId('transcript-reply-cost').first()).toHaveText(/^\$0\.\d*[1-9]/);
      await expect(view.getByTestId('transcript-cost')).toHaveText(/^\$0\.\d*[1-9]/);
      await expect(view.getByTestId('transcript-oracle-call').first()).toContainText('feasible');
      await expect(view.getByTestId('transcript-end-status')).toHaveText(/^(completed|budget_exceeded|parse_failure)$/);
      await view.getByTestId('transcript-close').click();
    });
  }
  expect(failures.filter((f) => !isFinishedStream(f))).toEqual([]);
});

test('the key stays out of IndexedDB, exports, transcripts, the DOM, the console and URLs; remembering is opt-in and reversible', async ({ page }) => {
  const consoleLines: string[] = [];
  const urls: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  page.on('pageerror', (e) => consoleLines.push(e.message));
  page.context().on('request', (r) => urls.push(r.url()));

  await configure(page, ENDPOINTS[0] as Endpoint, KEY);
  await expect(page.getByTestId('connection-ok')).toBeVisible();
  await save(page);
  // The key is really in the password field (so the checks below could fail) …
  expect(await page.getByTestId('api-key-input').inputValue()).toBe(KEY);
  // … as a property only: not in the markup.
  expect(await page.content()).not.toContain(KEY);
  await runYourModel(page);

  // The downloaded results: rows, metrics, manifest and every transcript.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results (JSON)' }).click();
  const exported = await readFile(await (await downloadPromise).path(), 'utf8');
  expect(exported).toContain('veh-anchor-fixed');
  expect(JSON.parse(exported).transcripts).toHaveLength(SELECTION_SIZE);
  expect(exported).not.toContain(KEY);

  // Every transcript as the page renders it (dialog text and markup).
  const rows = page.getByTestId('result-row');
  for (let i = 0; i < SELECTION_SIZE; i++) {
    await rows.nth(i).getByTestId('transcript-button').click();
    const view = page.getByTestId('transcript-view');
    await expect(view.getByTestId('transcript-reply').first()).toBeVisible();
    expect(await view.innerText()).not.toContain(KEY);
    expect(await view.innerHTML()).not.toContain(KEY);
    await view.getByTestId('transcript-close').click();
  }
  expect(await page.content()).not.toContain(KEY);

  // IndexedDB without opt-in: the settings are there, the key is not.
  const before = await dumpIndexedDb(page);
  expect(Object.keys(before['proving-ground/settings'] ?? {})).toContain('model-settings');
  expect(rowsContaining(before, KEY)).toEqual([]);

  // Opt in: the key lands in exactly one row, and survives a reload.
  await page.goto('./#/settings');
  await page.getByTestId('remember-key').check();
  await expect(page.getByTestId('key-status')).toContainText('remembered on this device');
  expect(rowsContaining(await dumpIndexedDb(page), KEY)).toEqual(['proving-ground/settings/remembered-api-key']);
  // After a reload the remembered key is back (restored from that row into memory).
  await page.reload();
  await expect(page.getByTestId('api-key-input')).toHaveValue(KEY);

  // Opt out: the row is gone; the key stays in this tab's memory until Forget key.
  await expect(page.getByTestId('remember-key')).toBeChecked();
  await page.getByTestId('remember-key').uncheck();
  await expect(page.getByTestId('key-status')).toHaveText('Key held in this tab’s memory only.');
  expect(rowsContaining(await dumpIndexedDb(page), KEY)).toEqual([]);
  await page.getByTestId('forget-key').click();
  await expect(page.getByTestId('api-key-input')).toHaveValue('');
  await expect(page.getByTestId('key-status')).toHaveText('No key entered.');
  await page.goto(`./#/suite/veh/run?${SELECTION}`);
  await page.getByTestId('agent-select').selectOption('your-model');
  await expect(page.getByTestId('llm-key-status')).toHaveText('none entered');
  await expect(page.getByTestId('run-button')).toBeDisabled();
  expect(rowsContaining(await dumpIndexedDb(page), KEY)).toEqual([]);

  expect(urls.length).toBeGreaterThan(0);
  expect(urls.filter((u) => u.includes(KEY))).toEqual([]);
  expect(page.url()).not.toContain(KEY);
  expect(consoleLines.filter((l) => l.includes(KEY))).toEqual([]);
});

test('a wrong key: test connection explains the 401 in plain words, without echoing the key', async ({ page }) => {
  const wrong = 'pg-e2e-wrong-key-0b1c2d3e';
  await configure(page, ENDPOINTS[0] as Endpoint, wrong, 'Could not list models: The endpoint refused the key (HTTP 401). Type the id instead.');
  const diagnosis = page.getByTestId('diagnosis');
  await expect(diagnosis).toBeVisible();
  await expect(diagnosis).toHaveAttribute('data-kind', 'auth');
  await expect(page.getByTestId('diagnosis-title')).toHaveText('The endpoint refused the key (HTTP 401)');
  await expect(page.getByTestId('diagnosis-fix')).toContainText('Paste the key again');
  expect(await diagnosis.innerText()).not.toContain(wrong);
  await expect(page.getByTestId('connection-ok')).toHaveCount(0);
});

test('Cancel stops an LLM run while a model request is in flight, keeps the finished tasks, and Resume with the same model finishes it', async ({ page }) => {
  await configure(page, ENDPOINTS[0] as Endpoint, KEY);
  await expect(page.getByTestId('connection-ok')).toBeVisible();
  await save(page);

  // Let the first two model requests through, then hold the next one as a model that is still thinking.
  let posts = 0;
  let held = 0;
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${STANDIN}/openai/v1/chat/completions`, async (route) => {
    if (route.request().method() === 'POST' && ++posts > 2) {
      held++;
      await gate;
    }
    await route.continue().catch(() => undefined);
  });

  await startYourModel(page);
  await expect.poll(() => held).toBe(1);
  await expect(page.getByTestId('run-status')).toHaveText('running');
  await page.getByTestId('cancel-button').click();
  // The held request never answers: the run must stop on its own, not wait for it.
  await expect(page.getByTestId('run-status')).toHaveText('paused', { timeout: 5_000 });
  const done = Number(await page.getByTestId('run-progress').getAttribute('aria-valuenow'));
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(SELECTION_SIZE);
  await expect(page.getByTestId('result-row')).toHaveCount(done);
  release();
  await page.unroute(`${STANDIN}/openai/v1/chat/completions`);

  // Cancel paused it. With another model saved, Resume says exactly which model the run needs.
  const banner = page.getByTestId('interrupted-run');
  await expect(banner).toContainText('A paused run');
  await configure(page, { ...(ENDPOINTS[0] as Endpoint), model: 'veh-last-state' }, KEY);
  await save(page);
  await page.goto(`./#/suite/veh/run?${SELECTION}`);
  await banner.getByRole('button', { name: 'Resume' }).click();
  await expect(banner.getByRole('alert')).toHaveText(/This run used openai model “veh-anchor-fixed”, but openai model “veh-last-state” is configured now/);

  // With the run's model saved again and its key held, Resume finishes the remaining tasks.
  await configure(page, ENDPOINTS[0] as Endpoint, KEY);
  await save(page);
  await page.goto(`./#/suite/veh/run?${SELECTION}`);
  await banner.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 90_000 });
  await expect(page.getByTestId('run-progress')).toHaveAttribute('aria-valuenow', String(SELECTION_SIZE));
  await expect(page.getByTestId('result-row')).toHaveCount(SELECTION_SIZE);
});

test('streaming is visible: a slow stream shows a partial reply in the live panel before the reply completes', async ({ page }) => {
  // `@slow`: the stand-in streams the same model's reply one 7-character event at a time, 100 ms apart.
  const slow: Endpoint = { preset: 'openai', baseUrl: `${STANDIN}/openai/v1`, model: 'veh-always-propose@slow' };
  await configure(page, slow, KEY);
  await expect(page.getByTestId('connection-ok')).toContainText('veh-always-propose-standin-001');
  await save(page);

  // One task: the selection's P1 task.
  await startYourModel(page, `${SELECTION}&probe=P1`, 1);
  // The first moment the live panel shows streamed text, read together with the replies completed so far.
  const seen = await page.waitForFunction(
    () => {
      const text = document.querySelector('[data-testid="live-stream"]')?.textContent ?? '';
      const replies = Number(document.querySelector('[data-testid="live-replies"]')?.textContent ?? 'NaN');
      return text !== '' ? { text, replies } : null;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const partial = (await seen.jsonValue()) as { text: string; replies: number };
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 90_000 });

  // The task's transcript holds that reply in full: the text seen is a strict prefix of it.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results (JSON)' }).click();
  const exported = JSON.parse(await readFile(await (await downloadPromise).path(), 'utf8')) as { transcripts: { events: { type: string; text?: string }[] }[] };
  expect(exported.transcripts).toHaveLength(1);
  const replies = (exported.transcripts[0]?.events ?? []).filter((e) => e.type === 'reply').map((e) => e.text ?? '');
  const full = replies[partial.replies];
  expect(full, `reply ${partial.replies} of ${replies.length}`).toBeDefined();
  expect(full?.startsWith(partial.text), `${JSON.stringify(partial.text)} is a prefix of ${JSON.stringify(full)}`).toBe(true);
  expect(partial.text.length).toBeLessThan(full?.length ?? 0);
  expect(full).toMatch(/^\{/);
  // The transcript view shows the full reply.
  await page.getByTestId('result-row').first().getByTestId('transcript-button').click();
  await expect(page.getByTestId('transcript-view').getByTestId('transcript-reply').nth(partial.replies)).toContainText(full?.slice(0, 60) ?? 'missing');
});
