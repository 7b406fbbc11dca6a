import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';
import { recordProgress, solveUntilVisible } from './playground-helpers.ts';

/**
 * Grid solvers in the playground: progress while solving, the geometry preview that follows the
 * form, efficiency bars for gratings and heatmaps for results that carry 2-D maps.
 */



test('a bands problem shows a progress bar beside Cancel while it solves, then the band diagram', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/playground?kind=bands');
  await expect(page.getByTestId('pg-kind-bands')).toBeChecked();
  const progress = await recordProgress(page);
  await solveUntilVisible(page, 'plot-bands');
  const labels = await progress();
  // Before the first event the bar is indeterminate ("solving…"); then the solver counts its k-points.
  for (const label of labels) expect(label).toMatch(/^(solving…|k-point \d+ \/ \d+)$/);
  expect(labels).toContainEqual(expect.stringMatching(/^k-point \d+ \/ \d+$/));
  await expect(page.getByTestId('pg-progress')).toHaveCount(0);
  await expect(page.getByTestId('plot-bands').locator('path').first()).toBeVisible();
  expect(failures).toEqual([]);
});

test('a grating sweep reports its wavelengths, and the result shows efficiency bars per order', async ({ page }) => {
  await page.goto('./#/playground?kind=grating');
  await page.getByTestId('pg-preset').selectOption('lamellar-sweep');
  const progress = await recordProgress(page);
  await solveUntilVisible(page, 'pg-efficiency');
  // The RCWA solver reports each of the 41 wavelengths of the preset's sweep.
  expect(await progress()).toContainEqual(expect.stringMatching(/^wavelength \d+ \/ 41$/));
  const te = page.getByTestId('pg-efficiency-TE');
  await expect(te).toContainText('TE at 500 nm');
  await expect(page.getByTestId('pg-efficiency-TM')).toBeVisible();
  await page.getByTestId('pg-efficiency-wavelength').selectOption('900');
  await expect(te).toContainText('TE at 900 nm');
  // λ = 900 nm is below the 1000 nm period: the ±1 orders propagate on both sides.
  await expect(te.getByText('T +1', { exact: true })).toBeVisible();
  await expect(te.getByText('R −1', { exact: true })).toBeVisible();
});

test('the lamellar test grating draws its reference efficiencies as bars (R0 0.009773, T0 0.387774)', async ({ page }) => {
  await page.goto('./#/playground?kind=grating');
  await solveUntilVisible(page, 'pg-efficiency-TE');
  const te = page.getByTestId('pg-efficiency-TE');
  await expect(te.locator('rect.bar')).not.toHaveCount(0);
  // formatNumber keeps 4 significant digits: 0.009773 and 0.3878 (the converged values).
  await expect(te).toContainText('0.009773');
  await expect(te).toContainText('0.3878');
});

test('the geometry preview follows the form: a larger rod radius draws a larger rod', async ({ page }) => {
  await page.goto('./#/playground?kind=bands');
  const svg = page.getByTestId('pg-geometry-svg');
  await expect(svg).toBeVisible();
  // The central cell's rod is drawn last among the rods (opaque; its neighbours are faded).
  const rod = svg.locator('ellipse[fill-opacity="1"]').last();
  const before = Number(await rod.getAttribute('rx'));
  await page.getByTestId('pg-field-shapes.0.radius_a').fill('0.4');
  await expect.poll(async () => Number(await rod.getAttribute('rx'))).toBeCloseTo(2 * before, 0);
  // A value the schema refuses replaces the drawing with the reason.
  await page.getByTestId('pg-field-shapes.0.radius_a').fill('-1');
  await expect(page.getByTestId('pg-geometry-invalid')).toContainText('radius_a');
});

test('every kind with a layout has a preview: grating period, DDA particle, EME sections, channel cross-section', async ({ page }) => {
  await page.goto('./#/playground?kind=grating');
  await expect(page.getByTestId('pg-geometry-svg')).toContainText('n = 1.5');
  await page.getByTestId('pg-kind-dda').check();
  await expect(page.getByTestId('pg-geometry-svg')).toContainText('x–z plane (seen along y)');
  await page.getByTestId('pg-kind-eme').check();
  await expect(page.getByTestId('pg-geometry-svg')).toContainText('2 (swept)');
  await page.getByTestId('pg-kind-mode').check();
  await page.getByTestId('pg-preset').selectOption('si-strip');
  await expect(page.getByTestId('pg-geometry-svg')).toContainText('Cross-section: strip');
  await page.getByTestId('pg-kind-scattering').check();
  await expect(page.getByTestId('pg-geometry')).toHaveCount(0);
});

test('a channel mode result draws its field maps as heatmaps, exportable as SVG', async ({ page }) => {
  await page.goto('./#/playground?kind=mode');
  await page.getByTestId('pg-preset').selectOption('si-strip');
  await solveUntilVisible(page, 'pg-result');
  const maps = page.locator('svg[data-testid^="map-"]');
  await expect(maps.first()).toBeVisible();
  await expect(maps.first()).toContainText('x (nm)');
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button[data-testid^="map-"][data-testid$="-svg"]').first().click()]);
  expect(download.suggestedFilename()).toMatch(/\.svg$/);
});
