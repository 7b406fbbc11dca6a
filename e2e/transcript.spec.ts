import { expect, test } from '@playwright/test';
import { startWholeSuiteRun } from './long-run.ts';
import { watchForFailures } from './network-watch.ts';

test('after a run, a task’s full transcript opens in a dialog and closes again', async ({ page }) => {
  const failures = watchForFailures(page);
  // The browser's filters travel in the hash, so the run page starts on P2 dev directly.
  await page.goto('./#/suite/veh/run?probe=P2&split=dev');
  await expect(page.getByTestId('selection-count')).toHaveText('64');
  await expect(page.getByTestId('agent-select')).toHaveValue('reference');
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.getByTestId('run-button').click();

  await expect(page.getByTestId('run-status')).toHaveText('completed');
  await expect(page.getByTestId('result-row')).toHaveCount(64);

  const firstRow = page.getByTestId('result-row').first();
  const taskId = (await firstRow.getByRole('link').textContent()) ?? '';
  expect(taskId).not.toBe('');
  const button = firstRow.getByTestId('transcript-button');
  await expect(button).toBeEnabled();
  await button.click();

  const view = page.getByTestId('transcript-view');
  await expect(view).toBeVisible();
  await expect(page.getByRole('dialog', { name: `Transcript · ${taskId}` })).toBeVisible();
  await expect(view.getByTestId('transcript-task-id')).toHaveText(taskId);
  await expect(view.getByTestId('transcript-status')).toHaveText('completed');
  // What the agent was sent: the P2 system prompt, as text.
  await expect(view.getByTestId('transcript-message-system')).toContainText('You are an engineering design agent');
  await expect(view.getByTestId('transcript-reply').first()).toBeVisible();
  // Oracle calls: the design and key outputs, including whether it was feasible.
  const calls = view.getByTestId('transcript-oracle-call');
  expect(await calls.count()).toBeGreaterThan(0);
  await expect(calls.first()).toContainText('feasible');
  await expect(calls.first()).toContainText('resonant_freq_hz');
  // The reference agent closes on a feasible design.
  await expect(view.getByTestId('oracle-feasible').last()).toHaveText('yes');
  await expect(view.getByTestId('transcript-end-status')).toHaveText('completed');
  await expect(view.getByTestId('transcript-download')).toBeVisible();

  // Focus starts inside the dialog; Escape closes it and gives focus back to the row's button.
  await expect(view.getByTestId('transcript-close')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(view).toHaveCount(0);
  await expect(button).toBeFocused();

  // The close button closes it too.
  await button.click();
  await expect(page.getByTestId('transcript-view')).toBeVisible();
  await page.getByTestId('transcript-close').click();
  await expect(page.getByTestId('transcript-view')).toHaveCount(0);

  expect(failures).toEqual([]);
});

test('during a long run, a finished task’s transcript opens while the run goes on', async ({ page }) => {
  const failures = watchForFailures(page);
  await startWholeSuiteRun(page);

  const status = page.getByTestId('run-status');
  const view = page.getByTestId('transcript-view');
  // The suite opens with P1 (no oracle calls); the first finished P2 row is the first with oracle calls.
  const firstRow = page.locator('[data-testid="result-row"][data-probe="P2"]').first();
  await expect(firstRow).toBeVisible();
  await expect(status).toHaveText('running');
  const taskId = (await firstRow.getByRole('link').textContent()) ?? '';
  expect(taskId).not.toBe('');
  // The button pinned by its task: `firstRow` is re-resolved on every use, and opening a transcript
  // shows every row, so mid-run the first P2 row is then an earlier task than the one clicked.
  const button = page.getByRole('button', { name: `Transcript of ${taskId}`, exact: true });
  await expect(button).toBeEnabled();
  await button.click();

  await expect(view).toBeVisible();
  await expect(page.getByRole('dialog', { name: `Transcript · ${taskId}` })).toBeVisible();
  await expect(view.getByTestId('transcript-task-id')).toHaveText(taskId);
  await expect(view.getByTestId('transcript-oracle-call').first()).toContainText('feasible');
  // The run keeps going behind the dialog.
  await expect(status).toHaveText('running');

  await view.getByTestId('transcript-close').click();
  await expect(view).toHaveCount(0);
  await expect(button).toBeFocused();

  await page.getByTestId('cancel-button').click();
  await expect(status).toHaveText('paused');
  expect(failures).toEqual([]);
});
