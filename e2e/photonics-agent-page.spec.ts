import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/**
 * The photonics agent suite in the page (issue 16's first page step): its tasks are browsable and
 * the privileged oracle agent answers a scattering trap task through the suite's tools on the
 * page's photonics worker, passing the suite's own graders.
 */
test('photonics agent: a trap task solved by the oracle agent in the page passes every check', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/suite/photonics-agent?category=trap&kind=scattering');
  const first = page.getByTestId('task-row').first().locator('a');
  const taskId = (await first.textContent()) ?? '';
  expect(taskId).not.toBe('');
  await page.goto(`./#/suite/photonics-agent/run?q=${encodeURIComponent(taskId)}`);
  await expect(page.getByTestId('selection-count')).toHaveText('1');
  await expect(page.getByTestId('agent-select')).toHaveValue('oracle');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 120_000 });
  const row = page.getByTestId('result-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('pass');
  await expect(row).not.toContainText('fail');
  expect(failures).toEqual([]);
});
