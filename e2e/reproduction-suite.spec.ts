import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/**
 * The paper-reproduction suite in the page (issue 19): the task page shows the claim, citation and
 * starter and never the hidden workflow; the reference agent's twelve packages are clean-replayed in
 * the evaluator's Web Worker (QuickJS sandbox, the photonics kernels and the VEH oracle inside it)
 * and every one is Full; the evidence viewer shows the replay, the artifacts and the rubric tree.
 * The @slow test exports the run, imports it into a fresh profile and replay-verifies it there.
 */
const TASKS = 12;

async function referenceRun(page: Page) {
  await page.goto('./#/suite/reproduction/run');
  await expect(page.getByTestId('selection-count')).toHaveText(String(TASKS));
  await expect(page.getByTestId('agent-select')).toHaveValue('reference');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 400_000 });
  await expect(page.getByTestId('result-row')).toHaveCount(TASKS);
}

test('reproduction: the task page shows the claim and starter, never the hidden workflow', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/suite/reproduction/task/repro-ring-fsr-group-index');
  await expect(page.getByTestId('repro-claim')).toContainText('λ² / (n_g L)');
  await expect(page.getByTestId('repro-citation').getByRole('link')).toHaveAttribute('href', 'https://doi.org/10.1002/lpor.201100017');
  await expect(page.getByTestId('repro-starter-file')).toHaveCount(1);
  await expect(page.locator('body')).not.toContainText('measuredFsr');
  expect(failures).toEqual([]);
});

test('reproduction: the reference agent is Full on all twelve claims in the page, with the evidence viewer', async ({ page }) => {
  test.setTimeout(480_000);
  const failures = watchForFailures(page);
  await referenceRun(page);
  await expect(page.getByTestId('result-row').and(page.locator('[data-pass="true"]'))).toHaveCount(TASKS);
  await page.getByTestId('result-row').first().getByTestId('open-transcript').click();
  const evidence = page.getByTestId('repro-evidence');
  await expect(evidence.getByTestId('repro-replay-status')).toContainText('completed');
  await expect(evidence.getByTestId('repro-artifact').first()).toBeVisible();
  await expect(evidence.getByTestId('repro-rubric-leaf').first()).toBeVisible();
  await expect(evidence.getByTestId('repro-stage')).toHaveCount(3);
  expect(failures).toEqual([]);
});

test('reproduction: the reference run exported, imported into a fresh profile and replay-verified there @slow', async ({ page, browser, baseURL }) => {
  test.setTimeout(900_000);
  const failures = watchForFailures(page);
  await referenceRun(page);
  await page.goto('./#/runs');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('run-row').getByTestId('export-json').click()]);
  const exported = readFileSync((await download.path())!, 'utf8');
  expect((JSON.parse(exported) as { suite: { id: string } }).suite.id).toBe('reproduction');
  const context = await browser.newContext({ baseURL: baseURL! });
  const fresh = await context.newPage();
  await fresh.goto('./#/runs');
  await fresh.getByTestId('import-input').setInputFiles([{ name: 'reproduction-reference.json', mimeType: 'application/json', buffer: Buffer.from(exported) }]);
  await expect(fresh.getByTestId('import-ok')).toContainText('Imported reproduction-reference.json');
  const row = fresh.getByTestId('run-row');
  await row.getByTestId('verify-button').click();
  await expect(row.getByTestId('verify-badge')).toHaveAttribute('data-outcome', 'verified', { timeout: 600_000 });
  await fresh.goto('./#/leaderboard?suite=reproduction');
  await expect(fresh.getByTestId('leaderboard-row')).toHaveCount(1);
  await context.close();
  expect(failures).toEqual([]);
});
