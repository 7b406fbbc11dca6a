import { expect, test } from '@playwright/test';

test('a failing bank file is reported with its status, and Retry recovers', async ({ page }) => {
  let failing = true;
  await page.context().route('**/banks/veh/P2.jsonl', (route) => (failing ? route.fulfill({ status: 503, body: 'down' }) : route.fallback()));
  await page.goto('./#/suite/veh');
  const alert = page.getByRole('alert').filter({ hasText: 'The task bank could not be loaded' });
  await expect(alert).toContainText('HTTP 503');
  failing = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('task-count')).toHaveText('763');
});

test('a worker that cannot start is reported, Run is blocked, and Retry recovers', async ({ page }) => {
  let failing = true;
  await page.context().route('**/assets/veh-oracle.worker-*.js', (route) => (failing ? route.abort() : route.fallback()));
  await page.goto('./#/suite/veh/run');
  const banner = page.getByRole('alert').filter({ hasText: 'The simulation oracle (web worker) could not start' });
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('run-button')).toBeDisabled();
  failing = false;
  await banner.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('oracle-backend')).toHaveText('wasm');
  await expect(page.getByTestId('run-button')).toBeEnabled();
});

test('a worker crash mid-run stops the run visibly, keeps finished rows, and the oracle can be restarted', async ({ page }) => {
  await page.goto('./#/suite/veh/run');
  await page.getByTestId('agent-select').selectOption('cmaes-40');
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.getByTestId('run-button').click();
  const progress = page.getByTestId('run-progress');
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { intervals: [50] }).toBeGreaterThan(0);

  // An uncaught exception inside the worker is what a real crash looks like from the page.
  const worker = page.workers().find((w) => w.url().includes('veh-oracle.worker'));
  expect(worker, 'the oracle worker is running').toBeDefined();
  await worker?.evaluate(() => {
    setTimeout(() => {
      throw new Error('simulated oracle crash');
    }, 0);
  });

  await expect(page.getByTestId('run-status')).toHaveText('failed');
  const alert = page.getByRole('alert').filter({ hasText: 'The run stopped with an error' });
  await expect(alert).toContainText('crashed');
  const finished = Number(await progress.getAttribute('aria-valuenow'));
  await expect(page.getByTestId('result-row')).toHaveCount(finished);

  await alert.getByRole('button', { name: 'Restart the oracle worker' }).click();
  await expect(page.getByTestId('oracle-backend')).toHaveText('wasm');
  await expect(page.getByTestId('run-button')).toBeEnabled();
});
