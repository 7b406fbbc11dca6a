import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

test('the Appendix D subset under the state-summary-plus control: 36 P3 tasks, control block in the transcript', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/suite/veh');
  await page.getByTestId('filter-probe').selectOption('P3');
  await expect(page.getByTestId('task-count')).toHaveText('156');
  await page.getByTestId('run-selection').click();

  await expect(page.getByTestId('control-select')).toHaveValue('default');
  await page.getByTestId('control-select').selectOption('state_summary_plus');
  await expect(page.getByTestId('control-description')).toContainText('state summary');
  await page.getByLabel(/Appendix D subset/).check();
  await page.getByTestId('run-button').click();

  await expect(page.getByTestId('run-status')).toHaveText('completed');
  // Table 11: 12 tasks per split, 36 in all.
  await expect(page.getByTestId('result-row')).toHaveCount(36);
  await page.getByTestId('result-row').first().getByTestId('transcript-button').click();
  const view = page.getByTestId('transcript-view');
  await expect(view.getByTestId('transcript-message-system')).toContainText('CONTROL BLOCK: recovery from a corrupted trajectory.');
  expect(failures).toEqual([]);
});

test('choosing an SG form turns the control off and explains the form', async ({ page }) => {
  await page.goto('./#/suite/veh');
  await page.getByTestId('filter-probe').selectOption('P2');
  await page.getByTestId('run-selection').click();
  await page.getByTestId('control-select').selectOption('neutral');
  await page.getByTestId('sg-form-select').selectOption('B');
  await expect(page.getByTestId('control-select')).toHaveValue('default');
  await expect(page.getByTestId('control-select')).toBeDisabled();
  await expect(page.getByTestId('sg-form-description')).toContainText('medium and hard P2 tasks');
});
