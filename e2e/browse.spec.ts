import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

test('browse VEHBench: filter to P1 dev, open a task, reveal its reference', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./');
  await page.getByTestId('suite-card-veh').getByRole('link', { name: 'VEHBench' }).click();
  await expect(page.getByTestId('task-count')).toHaveText('763');

  await page.getByTestId('filter-probe').selectOption('P1');
  await page.getByTestId('filter-split').selectOption('dev');
  await expect(page.getByTestId('task-count')).toHaveText('80');
  await expect(page.getByTestId('task-row').first()).toBeVisible();

  const firstLink = page.getByTestId('task-row').first().getByRole('link');
  const taskId = (await firstLink.textContent()) ?? '';
  expect(taskId).not.toBe('');
  await firstLink.click();

  await expect(page.getByTestId('task-id')).toHaveText(taskId);
  // The opening messages exactly as sent: a system and a user message, non-empty.
  const messages = page.getByTestId('opening-message');
  await expect(messages).toHaveCount(2);
  await expect(messages.first()).not.toBeEmpty();
  await expect(messages.nth(1)).toContainText('allowed_actions');

  // The hidden reference stays hidden until asked for.
  await expect(page.getByTestId('task-reference')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reveal reference' }).click();
  await expect(page.getByTestId('task-reference')).toBeVisible();
  await expect(page.getByTestId('gold-action')).toHaveText(/^(propose_design|declare_infeasible|request_missing_info)$/);
  await page.getByRole('button', { name: 'Hide reference' }).click();
  await expect(page.getByTestId('task-reference')).toHaveCount(0);

  expect(failures).toEqual([]);
});
