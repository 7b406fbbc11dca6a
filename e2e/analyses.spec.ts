import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/** Runs `agent` on the run page's current selection (P3 dev, 64 tasks) and waits for it to finish. */
async function runAgent(page: Page, agent: string, variant: 'raw corrupted history' | 'verifier-authored state summary'): Promise<void> {
  await page.getByTestId('agent-select').selectOption(agent);
  await page.getByLabel(variant).check();
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed');
  await expect(page.getByTestId('run-progress')).toHaveAttribute('aria-valuenow', '64');
}

test('stored runs give a profile table, a paired state-summary delta and a CSV download @slow', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/suite/veh/run?probe=P3&split=dev');
  await expect(page.getByTestId('selection-count')).toHaveText('64');
  await runAgent(page, 'reference', 'raw corrupted history');
  await runAgent(page, 'random', 'raw corrupted history');
  await runAgent(page, 'random', 'verifier-authored state summary');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analyses' }).click();
  const boxes = page.getByTestId('analysis-run-checkbox');
  // Newest first: random (state summary), random (raw history), reference.
  await expect(boxes).toHaveCount(3);

  // Profiles of the reference and the raw-history random run: one row per agent, and the radar.
  await page.getByTestId('analysis-kind-profiles').check();
  await boxes.nth(2).check();
  await boxes.nth(1).check();
  const profiles = page.getByTestId('analysis-profiles');
  await expect(profiles.locator('tbody tr')).toHaveCount(2);
  await expect(profiles.locator('tbody tr').first()).toContainText('Reference (privileged)');
  await expect(profiles.locator('tbody tr').nth(1)).toContainText('Uniform random');
  await expect(page.getByTestId('profile-radar').locator('svg')).toBeVisible();
  await expect(page.getByTestId('analysis-stage-ranks')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('analyses-profiles.png'), fullPage: true });

  // Paired deltas of the two random runs, oriented state summary − raw history from the manifests.
  await page.getByTestId('analysis-kind-paired').check();
  await boxes.nth(2).uncheck();
  await boxes.nth(0).check();
  const paired = page.getByTestId('analysis-paired-delta');
  const success = paired.locator('tbody tr').filter({ hasText: 'P3-Success' });
  await expect(success).toHaveCount(1);
  await expect(success.locator('td').nth(2)).toHaveText('64');
  await expect(paired).toContainText('Oriented as state-summary − raw-history');
  await expect(page.getByTestId('delta-forest').locator('svg')).toBeVisible();
  // Every row says where its numbers came from.
  await success.locator('summary').click();
  await expect(success.locator('.pg-an-sources')).toContainText('veh-p3-dev-000');
  expect(page.url()).toContain('kind=paired');
  await page.screenshot({ path: test.info().outputPath('analyses-paired.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('analysis-paired-delta-csv').click()]);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Probe,Metric,Tasks,A,B,Δ (A − B),95 % low,95 % high,runs,tasks');
  expect(csv).toMatch(/\r\nP3,P3-Success,64,/);

  expect(failures).toEqual([]);
});
