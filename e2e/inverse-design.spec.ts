import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';
import { recordProgress } from './playground-helpers.ts';

/**
 * Inverse design in the playground: the bend preset optimises in the worker, reports its iterations
 * on the progress bar, and shows the FOM history, the design density and |Ez|² as heatmaps.
 */


test('the bend preset optimises with per-iteration progress, then shows the FOM history and the design and field maps', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/playground?kind=inverse_design');
  await expect(page.getByTestId('pg-kind-inverse_design')).toBeChecked();
  const progress = await recordProgress(page);
  await expect(page.getByTestId('pg-solve')).toBeEnabled();
  await page.getByTestId('pg-solve').click();
  const plot = page.getByTestId('plot-inverse-design-fom');
  const anyway = page.getByTestId('pg-solve-anyway');
  // The solve takes seconds: the page may show the cost estimate first and ask.
  await expect(plot.or(anyway)).toBeVisible({ timeout: 90_000 });
  if (await anyway.isVisible()) await anyway.click();
  await expect(plot).toBeVisible({ timeout: 90_000 });
  // 20 iterations and the binarised re-simulation: 21 steps.
  expect(await progress()).toContainEqual(expect.stringMatching(/^iteration \d+ \/ 21$/));
  await expect(plot.locator('path').first()).toBeVisible();
  await expect(page.getByTestId('map-design')).toBeVisible();
  await expect(page.getByTestId('map-field')).toBeVisible();
  expect(failures).toEqual([]);
});
