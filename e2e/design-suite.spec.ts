import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/**
 * The spec-to-design suite in the page: the reference agent runs every task through the suite's
 * tools, the evaluator rebuilding each source in the QuickJS sandbox inside its own Web Worker; the
 * run is exported, imported into a fresh profile and replay-verified there (the evaluator re-run on
 * every probe and submission), and ranked on the design leaderboard. A hostile design source scores
 * 0 with its reason and the page carries on.
 */
test('design: the reference run in the page, exported, verified in a fresh profile and on the design leaderboard @slow', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const failures = watchForFailures(page);
  await page.goto('./#/suite/design/run');
  const count = Number(await page.getByTestId('selection-count').textContent());
  expect(count).toBeGreaterThanOrEqual(15);
  await expect(page.getByTestId('agent-select')).toHaveValue('reference');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 240_000 });
  await expect(page.getByTestId('result-row')).toHaveCount(count);
  await expect(page.getByTestId('result-row').filter({ hasText: 'fail' })).toHaveCount(0);

  await page.goto('./#/runs');
  const row = page.getByTestId('run-row');
  await expect(row).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-json').click()]);
  const exported = readFileSync((await download.path())!, 'utf8');
  const file = JSON.parse(exported) as { suite: { id: string }; tasks: unknown[] };
  expect(file.suite.id).toBe('design');
  expect(file.tasks).toHaveLength(count);

  const context = await browser.newContext({ baseURL: baseURL! });
  const fresh = await context.newPage();
  await fresh.goto('./#/runs');
  await fresh.getByTestId('import-input').setInputFiles([{ name: 'design-reference.json', mimeType: 'application/json', buffer: Buffer.from(exported) }]);
  await expect(fresh.getByTestId('import-ok')).toContainText('Imported design-reference.json');
  const freshRow = fresh.getByTestId('run-row');
  await freshRow.getByTestId('verify-button').click();
  await expect(freshRow.getByTestId('verify-badge')).toHaveAttribute('data-outcome', 'verified', { timeout: 240_000 });
  await fresh.goto('./#/leaderboard?suite=design');
  await expect(fresh.getByTestId('leaderboard-row')).toHaveCount(1);
  await expect(fresh.getByTestId('leaderboard-row').first()).toHaveAttribute('data-agent', 'reference');
  await context.close();
  expect(failures).toEqual([]);
});

test('design: the starter agent on the harvester tasks lands below the reference, and the page stays usable', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/suite/design/run?physics=veh');
  await page.getByTestId('agent-select').selectOption('starter');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 120_000 });
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  expect(failures).toEqual([]);
});
