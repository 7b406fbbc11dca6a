import { expect, test, type Page } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/** The 2D RCWA kind in the playground: its presets solve in the worker and draw their plots. */

/** Solve, accepting the cost estimate when it asks first (this machine may be slow). */
async function solve(page: Page, done: string): Promise<void> {
  await expect(page.getByTestId('pg-solve')).toBeEnabled();
  await page.getByTestId('pg-solve').click();
  const result = page.getByTestId(done);
  const anyway = page.getByTestId('pg-solve-anyway');
  await expect(result.or(anyway)).toBeVisible({ timeout: 90_000 });
  if (await anyway.isVisible()) await anyway.click();
  await expect(result).toBeVisible({ timeout: 90_000 });
}

test('the lamellar grating entered as a 2D pattern plots its orders per row n', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/playground?kind=grating_2d');
  await expect(page.getByTestId('pg-kind-grating_2d')).toBeChecked();
  await solve(page, 'plot-grating2d-orders');
  await expect(page.getByTestId('plot-grating2d-orders').locator('path').first()).toBeVisible();
  expect(failures).toEqual([]);
});

test('the photonic-crystal slab sweep plots R, T and A against wavelength', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/playground?kind=grating_2d');
  await page.getByTestId('pg-preset').selectOption('phc-slab-resonance');
  await solve(page, 'plot-grating2d-totals');
  await expect(page.getByTestId('plot-grating2d-totals').locator('path').first()).toBeVisible();
  await expect(page.getByTestId('plot-grating2d-orders')).toBeVisible();
  expect(failures).toEqual([]);
});
