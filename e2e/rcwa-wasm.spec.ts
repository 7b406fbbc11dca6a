import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/**
 * The grating solver's dense linear algebra runs as WebAssembly in the page's worker: the worker
 * fetches photonics-linalg.wasm from the sub-path, and the result names the backend that ran.
 */
test('the lamellar grating solves on the wasm linear-algebra kernel, and the result says so', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/playground?kind=grating');
  await expect(page.getByTestId('pg-solve')).toBeEnabled();
  await page.getByTestId('pg-solve').click();
  // The cost estimate may ask first on a slow machine.
  const bars = page.getByTestId('pg-efficiency-TE');
  const anyway = page.getByTestId('pg-solve-anyway');
  await expect(bars.or(anyway)).toBeVisible({ timeout: 90_000 });
  if (await anyway.isVisible()) await anyway.click();
  await expect(bars).toBeVisible({ timeout: 90_000 });
  // Issue 6's converged T0 = 0.387774, shown to 4 significant digits.
  await expect(bars).toContainText('0.3878');
  const backend = page.getByTestId('pg-facts').locator('.pg-fact').filter({ has: page.locator('dt', { hasText: /^backend$/ }) });
  await expect(backend.locator('dd')).toHaveText('wasm');
  expect(failures).toEqual([]);
});
