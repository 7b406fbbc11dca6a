import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

test('the reference agent scores 1.000 on P1 dev, with a row per task', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/suite/veh');
  await page.getByTestId('filter-probe').selectOption('P1');
  await page.getByTestId('filter-split').selectOption('dev');
  await expect(page.getByTestId('task-count')).toHaveText('80');
  await page.getByTestId('run-selection').click();

  await expect(page.getByTestId('selection-count')).toHaveText('80');
  // Nothing to configure: the default agent is the reference (calibration) agent.
  await expect(page.getByTestId('agent-select')).toHaveValue('reference');
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.getByTestId('run-button').click();

  await expect(page.getByTestId('run-status')).toHaveText('completed');
  await expect(page.getByTestId('run-progress')).toHaveAttribute('aria-valuenow', '80');
  await expect(page.getByTestId('metric-p1_composite')).toHaveText(/^1\.000/);
  await expect(page.getByTestId('result-row')).toHaveCount(80);
  await expect(page.getByTestId('metrics-plot')).toBeVisible();

  expect(failures).toEqual([]);
});
