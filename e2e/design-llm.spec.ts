import { expect, test } from '@playwright/test';
import { designHarvesterBrain } from '../test/llm-standin/brains/design.ts';
import { startStandin, type Standin } from '../test/llm-standin/server.ts';
import { watchForFailures } from './network-watch.ts';
import { configureStandinModel } from './standin-model.ts';

/**
 * Issue 18: an LLM stand-in that speaks OpenAI tool calls plays a design task end to end in the
 * page — a simulator call (the VEH oracle, in the design tools worker), a probe and a submission
 * (the evaluator in its own worker) — and the submission is scored valid. The key reaches the
 * endpoint and no URL.
 */
const KEY = 'pg-e2e-design-key-7d1f03';
const TASK = 'design-harvester-spectrum';

let standin: Standin;
test.beforeAll(async () => {
  standin = await startStandin({ brain: designHarvesterBrain, key: KEY });
});
test.afterAll(async () => {
  await standin.close();
});

test('design: an OpenAI tool-calling stand-in designs the harvester in the page through veh_oracle, probe and submit', async ({ page }) => {
  const failures = watchForFailures(page);
  const urls: string[] = [];
  page.context().on('request', (r) => urls.push(r.url()));
  await configureStandinModel(page, { baseUrl: standin.baseUrls.openai, key: KEY, model: 'design-standin' });

  await page.goto(`./#/suite/design/run?q=${TASK}`);
  await expect(page.getByTestId('selection-count')).toHaveText('1');
  await page.getByTestId('agent-select').selectOption('your-model');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 90_000 });
  const row = page.getByTestId('result-row');
  await expect(row).toHaveAttribute('data-task', TASK);
  await expect(row).toHaveAttribute('data-pass', 'true');

  const chats = standin.requests.filter((r) => r.provider === 'openai' && r.method === 'POST');
  expect(chats).toHaveLength(4);
  for (const c of chats) expect(c.headers.authorization).toBe(`Bearer ${KEY}`);
  const last = JSON.parse(chats.at(-1)?.body ?? '{}') as { messages: { role: string; content?: string; tool_calls?: { function: { name: string } }[] }[] };
  expect(last.messages.flatMap((m) => m.tool_calls?.map((c) => c.function.name) ?? [])).toEqual(['veh_oracle', 'probe', 'submit']);
  // The submission's verdict came back to the model: valid, with the source's hash.
  const submitted = last.messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '';
  expect(submitted).toContain('"valid":true');
  expect(submitted).toMatch(/"source_sha256":"[0-9a-f]{64}"/);
  expect(urls.filter((u) => u.includes(KEY))).toEqual([]);
  expect(failures.filter((f) => !(f.startsWith(`request failed: ${standin.url}/`) && f.endsWith('(net::ERR_ABORTED)')))).toEqual([]);
});
