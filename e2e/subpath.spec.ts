import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

test('the built page works from a sub-path: no failed requests, worker and wasm oracle load', async ({ page, baseURL }) => {
  const failures = watchForFailures(page);
  const requested: string[] = [];
  page.context().on('request', (request) => requested.push(request.url()));

  await page.goto('./');
  await expect(page.getByRole('heading', { name: 'Proving Ground', level: 1 })).toBeVisible();
  // The header names the oracle backend once the worker has instantiated the WASM kernel.
  await expect(page.getByTestId('oracle-backend')).toHaveText('wasm');
  await expect(page.getByTestId('suite-veh-count')).toHaveText('763 tasks');
  expect(page.workers().length).toBeGreaterThan(0);

  const wasm = requested.filter((url) => new URL(url).pathname.endsWith('.wasm'));
  expect(wasm.length, 'the oracle .wasm file is fetched').toBeGreaterThan(0);
  // Every asset comes from under the sub-path, none from the host root.
  const base = new URL(baseURL ?? '').pathname;
  for (const url of requested) {
    const u = new URL(url);
    if (u.protocol === 'http:' || u.protocol === 'https:') expect(u.pathname.startsWith(base), url).toBe(true);
  }

  // Every route renders from the sub-path too (hash routing, no server rewrites).
  await page.getByRole('link', { name: 'VEHBench tasks' }).first().click();
  await expect(page.getByTestId('task-count')).toHaveText('763');
  await page.getByRole('link', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-button')).toBeEnabled();

  expect(failures).toEqual([]);
});
