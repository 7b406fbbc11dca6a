import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';
import { solveUntilVisible } from './playground-helpers.ts';

/** The 2D RCWA kind in the playground: its presets solve in the worker and draw their plots. */


test('the lamellar grating entered as a 2D pattern plots its orders per row n', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/playground?kind=grating_2d');
  await expect(page.getByTestId('pg-kind-grating_2d')).toBeChecked();
  await solveUntilVisible(page, 'plot-grating2d-orders');
  await expect(page.getByTestId('plot-grating2d-orders').locator('path').first()).toBeVisible();
  expect(failures).toEqual([]);
});

test('the photonic-crystal slab sweep plots R, T and A against wavelength', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/playground?kind=grating_2d');
  await page.getByTestId('pg-preset').selectOption('phc-slab-resonance');
  await solveUntilVisible(page, 'plot-grating2d-totals');
  await expect(page.getByTestId('plot-grating2d-totals').locator('path').first()).toBeVisible();
  await expect(page.getByTestId('plot-grating2d-orders')).toBeVisible();
  expect(failures).toEqual([]);
});
