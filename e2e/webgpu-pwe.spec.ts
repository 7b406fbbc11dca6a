import { expect, test, type Page } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';
import { solveOnBackend } from './playground-helpers.ts';

/**
 * The plane-wave Θ of the fft band solver on WebGPU in the page's photonics worker, on Chromium's
 * software adapter (--enable-unsafe-webgpu in playwright.config.ts): the PWE parity suite passes on
 * every backend, and the square lattice of ε = 12 rods (r = 0.2a, TM) solved on WebGPU has MPB's
 * gap 0.2809–0.4171 a/λ. Timings here say nothing about GPU speed.
 */

/** The rods at P = 29 (the parity-checked basis), corners of the path only, two bands: small enough for a software adapter. */
const RODS = {
  kind: 'bands',
  lattice: 'square',
  background_epsilon: 1,
  shapes: [{ shape: 'circle', center_a: [0, 0], radius_a: 0.2, epsilon: 12 }],
  polarization: 'TM',
  plane_waves_per_axis: 29,
  k_points_per_segment: 1,
  bands: 2,
  method: 'fft',
  convergence_check: false,
};




/** The first gap's edges (full doubles from the cells' titles). */
async function gap(page: Page): Promise<[number, number]> {
  const table = page.getByTestId('table-gaps');
  const headers = await table.locator('thead th').allInnerTexts();
  const cells = table.locator('tbody tr').first().locator('td');
  const at = async (column: string) => Number(await cells.nth(headers.indexOf(column)).getAttribute('title'));
  return [await at('from'), await at('to')];
}

test('WebGPU runs the plane-wave operator in the worker: parity passes, the rods’ TM gap matches MPB, the badge follows the choice', async ({ page }) => {
  test.setTimeout(240_000);
  const failures = watchForFailures(page);
  await page.goto('./#/playground?kind=bands');
  await expect(page.getByTestId('pg-pwe-available')).toContainText('webgpu', { timeout: 60_000 });
  await expect(page.getByTestId('pg-pwe-backend')).toContainText('auto');

  await page.getByTestId('pg-check-backends').click();
  const summary = page.getByTestId('pg-parity-summary');
  await expect(summary).toBeVisible({ timeout: 180_000 });
  await expect(summary).toContainText('All 10 checks pass');
  // Every case ran on WebGPU itself.
  for (const c of ['rods-TM-15', 'rods-TE-15', 'rods-TM-29', 'holes-TE-11', 'holes-TM-21']) {
    await expect(page.getByTestId(`pg-parity-${c}-webgpu`)).toContainText('pass');
  }

  await page.getByTestId('pg-pwe-pref-webgpu').click();
  await expect(page.getByTestId('pg-pwe-pref-webgpu')).toBeChecked();
  await expect(page.getByTestId('pg-pwe-backend')).toHaveText('webgpu (forced)');
  await page.getByTestId('pg-view-json').click();
  await page.getByTestId('pg-json').fill(JSON.stringify(RODS));
  await solveOnBackend(page, 'webgpu', 120_000);
  const [from, to] = await gap(page);
  // MPB (32 × 32 grid): 0.2809–0.4171; this basis gives 0.28097–0.41712 on the f64 reference.
  expect(Math.abs(from - 0.2809)).toBeLessThanOrEqual(5e-4);
  expect(Math.abs(to - 0.4171)).toBeLessThanOrEqual(5e-4);

  await page.getByTestId('pg-pwe-pref-reference').click();
  await expect(page.getByTestId('pg-pwe-backend')).toHaveText('reference (forced)');
  await solveOnBackend(page, 'reference', 120_000);
  const [refFrom, refTo] = await gap(page);
  // The f32 operator moves the gap edges by at most the parity tolerance (1e-5 relative).
  expect(Math.abs(from / refFrom - 1)).toBeLessThanOrEqual(1e-5);
  expect(Math.abs(to / refTo - 1)).toBeLessThanOrEqual(1e-5);
  expect(failures).toEqual([]);
});
