import { expect, test } from '@playwright/test';
import { reproductionRingBrain } from '../test/llm-standin/brains/reproduction.ts';
import { startStandin, type Standin } from '../test/llm-standin/server.ts';
import { watchForFailures } from './network-watch.ts';
import { configureStandinModel } from './standin-model.ts';

/**
 * Issue 19: an LLM stand-in that speaks OpenAI tool calls plays the ring reproduction task in the
 * page — it writes a package, runs it in the development worker and submits it to the evaluator
 * worker — and the clean replay grades it Partial (it keeps no convergence record). The key reaches
 * the endpoint and no URL.
 */
const KEY = 'pg-e2e-repro-key-2b9e44';
const TASK = 'repro-ring-fsr-group-index';

let standin: Standin;
test.beforeAll(async () => {
  standin = await startStandin({ brain: reproductionRingBrain, key: KEY });
});
test.afterAll(async () => {
  await standin.close();
});

test('reproduction: an OpenAI tool-calling stand-in writes, runs and submits a package in the page; graded Partial', async ({ page }) => {
  const failures = watchForFailures(page);
  const urls: string[] = [];
  page.context().on('request', (r) => urls.push(r.url()));
  await configureStandinModel(page, { baseUrl: standin.baseUrls.openai, key: KEY, model: 'repro-standin' });

  await page.goto(`./#/suite/reproduction/run?q=${TASK}`);
  await expect(page.getByTestId('selection-count')).toHaveText('1');
  await page.getByTestId('agent-select').selectOption('your-model');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 120_000 });
  const row = page.getByTestId('result-row');
  await expect(row).toHaveAttribute('data-task', TASK);
  await expect(row).toHaveAttribute('data-pass', 'false');
  await expect(row.getByTestId('result-replay')).toContainText('completed');

  const chats = standin.requests.filter((r) => r.provider === 'openai' && r.method === 'POST');
  expect(chats).toHaveLength(4);
  for (const c of chats) expect(c.headers.authorization).toBe(`Bearer ${KEY}`);
  const last = JSON.parse(chats.at(-1)?.body ?? '{}') as { messages: { role: string; content?: string; tool_calls?: { function: { name: string } }[] }[] };
  expect(last.messages.flatMap((m) => m.tool_calls?.map((c) => c.function.name) ?? [])).toEqual(['write_file', 'run', 'submit']);
  expect(urls.filter((u) => u.includes(KEY))).toEqual([]);
  expect(failures.filter((f) => !(f.startsWith(`request failed: ${standin.url}/`) && f.endsWith('(net::ERR_ABORTED)')))).toEqual([]);
});
