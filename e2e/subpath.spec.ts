import { expect, test, type Response } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

test('the built page works from a sub-path: no failed requests, worker and wasm oracle load', async ({ page, baseURL }) => {
  const failures = watchForFailures(page);
  const requested: string[] = [];
  const wasmResponses: Response[] = [];
  page.context().on('request', (request) => requested.push(request.url()));
  page.context().on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.wasm')) wasmResponses.push(response);
  });

  await page.goto('./');
  await expect(page.getByRole('heading', { name: 'Proving Ground', level: 1 })).toBeVisible();
  // "wasm" in the header means the worker started and instantiated the WASM kernel (the worker
  // reports "reference" when the module could not be fetched or compiled).
  await expect(page.getByTestId('oracle-backend')).toHaveText('wasm');
  await expect(page.getByTestId('suite-veh-count')).toHaveText('763 tasks');
  // Every suite card loads its bank from under the sub-path; wait for all of them, so leaving the
  // page below does not abort a bank request still in flight (which the failure watch would count).
  await expect(page.getByTestId('suite-circuit-count')).toHaveText('106 tasks');
  await expect(page.getByTestId('suite-photonics-agent-count')).toHaveText('43 tasks');

  const base = new URL(baseURL ?? '').pathname;
  const workerUrls = page.workers().map((w) => w.url());
  expect(workerUrls.length, 'the oracle runs in a web worker').toBeGreaterThan(0);
  for (const url of workerUrls) expect(new URL(url).pathname.startsWith(base), url).toBe(true);

  // The worker fetches the kernel as a real .wasm file (imported with ?no-inline): it must come from
  // under the sub-path with the MIME type streaming compilation needs.
  expect(wasmResponses.length, 'the .wasm kernel is fetched as a file').toBeGreaterThan(0);
  for (const response of wasmResponses) {
    expect(new URL(response.url()).pathname.startsWith(base), response.url()).toBe(true);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/wasm');
  }

  // Every http(s) request stays under the sub-path: nothing is fetched from the host root.
  for (const url of requested) {
    const u = new URL(url);
    if (u.protocol === 'http:' || u.protocol === 'https:') expect(u.pathname.startsWith(base), url).toBe(true);
  }

  // Every route renders from the sub-path too (hash routing, no server rewrites), also on reload.
  await page.getByRole('link', { name: 'VEHBench tasks' }).first().click();
  await expect(page.getByTestId('task-count')).toHaveText('763');
  await page.getByRole('link', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.reload();
  await expect(page.getByTestId('selection-count')).toHaveText('763');

  expect(failures).toEqual([]);
});
