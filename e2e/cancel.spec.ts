import { expect, test } from '@playwright/test';
import { startWholeSuiteRun } from './long-run.ts';
import { watchForFailures } from './network-watch.ts';

test('cancelling a long run pauses it: the finished rows are scored, and Resume (from the Run or Runs page) finishes it @slow', async ({ page }) => {
  // The whole suite twice over (the first part, then the rest on resume).
  test.setTimeout(300_000);
  const failures = watchForFailures(page);
  await startWholeSuiteRun(page);

  const progress = page.getByTestId('run-progress');
  await expect(progress).toHaveAttribute('aria-valuemax', '763');
  const done = async () => Number(await progress.getAttribute('aria-valuenow'));
  // Cancel as soon as some tasks have finished, well before the end.
  await expect.poll(done, { intervals: [50] }).toBeGreaterThan(0);
  await page.getByTestId('cancel-button').click();

  await expect(page.getByTestId('run-status')).toHaveText('paused');
  const finished = await done();
  expect(finished).toBeGreaterThan(0);
  expect(finished).toBeLessThan(763);
  await expect(page.getByTestId('result-row')).toHaveCount(finished);
  // Metrics are computed for the finished tasks only.
  await expect(page.getByTestId('metrics-panel')).toBeVisible();
  await expect(page.getByTestId('metrics-panel').locator('[data-testid^="metric-"]').first()).toHaveText(/^(\d|-|—)/);
  await expect(page.getByTestId('cancel-button')).toBeDisabled();

  // Stored as paused, not finished: the Runs page says so and offers Resume, which leads to the Run page's banner.
  await page.goto('./#/runs');
  const row = page.getByTestId('run-row').first();
  await expect(row.getByTestId('run-status-cell')).toHaveText('paused');
  await expect(row.getByTestId('run-done')).toHaveText(`${finished} / 763`);
  await row.getByTestId('resume-link').click();
  const banner = page.getByTestId('interrupted-run');
  await expect(banner).toContainText('A paused run');
  await expect(banner.getByTestId('interrupted-done')).toHaveText(String(finished));
  await banner.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 240_000 });
  await expect(page.getByTestId('run-progress')).toHaveAttribute('aria-valuenow', '763');
  await expect(page.getByTestId('interrupted-run')).toHaveCount(0);

  await page.goto('./#/runs');
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await expect(page.getByTestId('run-row').first().getByTestId('run-status-cell')).toHaveText('completed');
  expect(failures).toEqual([]);
});
