import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { startStandin, type Standin } from '../test/llm-standin/server.ts';
import { photonicsMziBrain } from '../test/llm-standin/brains/photonics.ts';
import { watchForFailures } from './network-watch.ts';
import { configureStandinModel } from './standin-model.ts';

/**
 * Issue 16, page side of "an LLM stand-in that speaks OpenAI tool calls solves a standard task end
 * to end in the page and the CLI with the key in no file" (the CLI side:
 * cli/commands/run-photonics-llm.test.ts, same brain, same task). The stand-in (test/llm-standin,
 * started here on a free 127.0.0.1 port with the photonics MZI brain) answers OpenAI chat
 * completions with tool_calls: solve → submit_answer → a closing text. The page's tool loop runs the
 * solve on its photonics worker; the suite's graders pass the task. The key reaches the endpoint
 * and nothing else: not the stored run or its transcripts (IndexedDB), not the export, not
 * localStorage/sessionStorage, not the transcript view, not any URL.
 */
const KEY = 'pg-e2e-photonics-key-5c8e21';
const TASK = 'circuit-mzi-fsr';
const MODEL = 'photonics-standin';

let standin: Standin;
test.beforeAll(async () => {
  standin = await startStandin({ brain: photonicsMziBrain, key: KEY });
});
test.afterAll(async () => {
  await standin.close();
});

/** Every row of every object store of every IndexedDB database of the page's origin, as JSON text. */
function dumpStorage(page: Page): Promise<{ indexedDb: Record<string, string>; webStorage: string }> {
  return page.evaluate(async () => {
    const done = <T,>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
    const indexedDb: Record<string, string> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await done(indexedDB.open(info.name));
      for (const store of Array.from(db.objectStoreNames)) {
        const os = db.transaction(store).objectStore(store);
        const [keys, values] = await Promise.all([done(os.getAllKeys()), done(os.getAll())]);
        keys.forEach((k, i) => (indexedDb[`${info.name}/${store}/${String(k)}`] = JSON.stringify(values[i])));
      }
      db.close();
    }
    return { indexedDb, webStorage: JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }) };
  });
}

test('photonics agent: an OpenAI tool-calling stand-in solves the MZI task in the page; the key is in no stored record, export or URL', async ({ page }) => {
  const failures = watchForFailures(page);
  const urls: string[] = [];
  page.context().on('request', (r) => urls.push(r.url()));

  await configureStandinModel(page, { baseUrl: standin.baseUrls.openai, key: KEY, model: MODEL });

  // A hash change, not a reload: the key held in memory stays.
  await page.goto(`./#/suite/photonics-agent/run?q=${TASK}`);
  await expect(page.getByTestId('selection-count')).toHaveText('1');
  await page.getByTestId('agent-select').selectOption('your-model');
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 90_000 });

  const row = page.getByTestId('result-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-task', TASK);
  await expect(row).toHaveAttribute('data-pass', 'true');

  // The model really went through OpenAI tool calls, with the key on every generation request.
  const chats = standin.requests.filter((r) => r.provider === 'openai' && r.method === 'POST');
  expect(chats).toHaveLength(3);
  for (const c of chats) expect(c.headers.authorization).toBe(`Bearer ${KEY}`);
  const last = JSON.parse(chats.at(-1)?.body ?? '{}') as { messages: { role: string; tool_calls?: { function: { name: string } }[] }[] };
  expect(last.messages.flatMap((m) => m.tool_calls?.map((c) => c.function.name) ?? [])).toEqual(['solve', 'submit_answer']);

  // The export: the run, its rows and the transcript with both tool calls, without the key.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results (JSON)' }).click();
  const exported = await readFile(await (await downloadPromise).path(), 'utf8');
  expect(exported).toContain(TASK);
  expect(exported).toContain('"submit_answer"');
  expect(exported).toContain(`llm:openai:${MODEL}`);
  expect(exported).not.toContain(KEY);

  // The transcript as the page shows it.
  await row.getByTestId('open-transcript').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('submit_answer');
  expect(await dialog.innerHTML()).not.toContain(KEY);
  expect(await page.content()).not.toContain(KEY);

  // Stored records: the run and its transcript are in IndexedDB; the key is in none of its rows.
  const { indexedDb, webStorage } = await dumpStorage(page);
  const rows = Object.entries(indexedDb);
  // A commit's transcripts are one JSON string inside its transcript_batches record, so the dump
  // (JSON of each record) holds the tool name with escaped quotes.
  expect(rows.some(([k, v]) => k.includes('/transcript_batches/') && v.includes('submit_answer'))).toBe(true);
  expect(rows.filter(([, v]) => v.includes(KEY)).map(([k]) => k)).toEqual([]);
  expect(webStorage).not.toContain(KEY);

  expect(urls.some((u) => u.startsWith(standin.url))).toBe(true);
  expect(urls.filter((u) => u.includes(KEY))).toEqual([]);
  expect(page.url()).not.toContain(KEY);
  // A streamed reply the page stops reading once its end event is in reads as an aborted request.
  expect(failures.filter((f) => !(f.startsWith(`request failed: ${standin.url}/`) && f.endsWith('(net::ERR_ABORTED)')))).toEqual([]);
});
