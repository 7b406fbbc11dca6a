import { expect, test } from '@playwright/test';
import { startWholeSuiteRun } from './long-run.ts';
import { watchForFailures } from './network-watch.ts';

test('cancelling a long run keeps the finished rows and scores them', async ({ page }) => {
  const failures = watchForFailures(page);
  await startWholeSuiteRun(page);

  const progress = page.getByTestId('run-progress');
  await expect(progress).toHaveAttribute('aria-valuemax', '763');
  const done = async () => Number(await progress.getAttribute('aria-valuenow'));
  // Cancel as soon as some tasks have finished, well before the end.
  await expect.poll(done, { intervals: [50] }).toBeGreaterThan(0);
  await page.getByTestId('cancel-button').click();

  await expect(page.getByTestId('run-status')).toHaveText('cancelled');
  const finished = await done();
  expect(finished).toBeGreaterThan(0);
  expect(finished).toBeLessThan(763);
  await expect(page.getByTestId('result-row')).toHaveCount(finished);
  // Metrics are computed for the finished tasks only.
  await expect(page.getByTestId('metrics-panel')).toBeVisible();
  await expect(page.getByTestId('metrics-panel').locator('[data-testid^="metric-"]').first()).toHaveText(/^(\d|-|—)/);
  await expect(page.getByTestId('cancel-button')).toBeDisabled();

  expect(failures).toEqual([]);
});
