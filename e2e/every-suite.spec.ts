import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/**
 * Every registered suite in the page, end to end: the suite's full reference run with its built-in
 * reference agent, exported from the Runs library, imported into a FRESH browser profile (a new
 * context: its own IndexedDB), replay-verified there, and ranked on that suite's leaderboard.
 */

async function exportRun(page: Page): Promise<string> {
  await page.goto('./#/runs');
  const row = page.getByTestId('run-row');
  await expect(row).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-json').click()]);
  return readFileSync((await download.path())!, 'utf8');
}

async function importAndVerifyInFreshProfile(browser: Browser, baseURL: string, name: string, text: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('./#/runs');
  await expect(page.getByTestId('runs-empty')).toBeVisible();
  await page.getByTestId('import-input').setInputFiles([{ name, mimeType: 'application/json', buffer: Buffer.from(text) }]);
  await expect(page.getByTestId('import-ok')).toContainText(`Imported ${name}`);
  const row = page.getByTestId('run-row');
  await expect(row).toHaveCount(1);
  await row.getByTestId('verify-button').click();
  await expect(row.getByTestId('verify-badge')).toHaveAttribute('data-outcome', 'verified', { timeout: 300_000 });
  return page;
}

test('circuit audit: the full reference run in the page, exported, imported into a fresh profile, verified and on the circuit leaderboard', async ({ page, browser, baseURL }) => {
  test.setTimeout(600_000);
  const failures = watchForFailures(page);
  await page.goto('./');
  await page.getByTestId('suite-card-circuit').getByRole('link', { name: 'Browse tasks' }).click();
  await expect(page).toHaveURL(/#\/suite\/circuit$/);
  await expect(page.getByTestId('task-count')).toHaveText('106');
  await page.getByTestId('run-selection').click();
  await expect(page.getByTestId('selection-count')).toHaveText('106');
  await expect(page.getByTestId('agent-select')).toHaveValue('reference');
  await expect(page.getByTestId('oracle-backend')).toHaveText('wasm');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 300_000 });
  await expect(page.getByTestId('result-row')).toHaveCount(106);
  // The privileged reference passes every task (the suite's own grading).
  await expect(page.getByTestId('result-row').filter({ hasText: 'fail' })).toHaveCount(0);
  await expect(page.getByTestId('metric-p1_composite')).toHaveText(/^1\.000/);

  const exported = await exportRun(page);
  const file = JSON.parse(exported) as { format_version: number; suite: { id: string }; tasks: { group: string }[] };
  expect(file.format_version).toBe(2);
  expect(file.suite.id).toBe('circuit');
  expect(file.tasks).toHaveLength(106);

  const fresh = await importAndVerifyInFreshProfile(browser, baseURL!, 'circuit-reference.json', exported);
  await fresh.goto('./#/leaderboard?suite=circuit');
  await expect(fresh.getByTestId('leaderboard-row')).toHaveCount(1);
  await expect(fresh.getByTestId('leaderboard-row').first()).toHaveAttribute('data-agent', 'reference');
  await expect(fresh.getByTestId('lb-suite-P4')).toContainText('1.000');
  // VEH's board does not list a circuit run.
  await fresh.goto('./#/leaderboard?suite=veh');
  await expect(fresh.getByTestId('lb-empty')).toBeVisible();
  await fresh.context().close();
  expect(failures).toEqual([]);
});

test('VEHBench: the full 763-task reference run in the page, exported, imported into a fresh profile and verified there @slow', async ({ page, browser, baseURL }) => {
  test.setTimeout(900_000);
  const failures = watchForFailures(page);
  await page.goto('./#/suite/veh/run');
  await expect(page.getByTestId('selection-count')).toHaveText('763');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 300_000 });
  await expect(page.getByTestId('metric-p1_composite')).toHaveText(/^1\.000/);
  const exported = await exportRun(page);
  expect((JSON.parse(exported) as { tasks: unknown[] }).tasks).toHaveLength(763);
  const fresh = await importAndVerifyInFreshProfile(browser, baseURL!, 'veh-reference.json', exported);
  await fresh.context().close();
  expect(failures).toEqual([]);
});
