import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';
import { resultFact, solveOnBackend } from './playground-helpers.ts';

/**
 * WebGPU in the page's photonics worker, on Chromium's software adapter (--enable-unsafe-webgpu in
 * playwright.config.ts): the DDA parity suite passes on every backend, and ADDA's default sphere
 * solved on WebGPU gives ADDA's Qext. Timings here say nothing about GPU speed.
 */



test('WebGPU runs the DDA operator in the worker: parity passes, ADDA’s sphere gives Qext 3.7911, the badge follows the choice', async ({ page }) => {
  test.setTimeout(480_000);
  const failures = watchForFailures(page);
  await page.goto('./#/playground?kind=dda');
  await expect(page.getByTestId('pg-dda-available')).toContainText('webgpu', { timeout: 60_000 });
  await expect(page.getByTestId('pg-dda-backend')).toContainText('auto');

  await page.getByTestId('pg-check-backends').click();
  const summary = page.getByTestId('pg-parity-summary');
  await expect(summary).toBeVisible({ timeout: 300_000 });
  await expect(summary).toContainText('All 14 checks pass');
  // Every case ran on WebGPU itself (a silent fallback to the reference would not count as a pass).
  for (const c of ['sphere-8', 'sphere-12', 'sphere-16', 'cube-6', 'cube-10', 'dimer-8', 'dimer-16']) {
    await expect(page.getByTestId(`pg-parity-${c}-webgpu`)).toContainText('pass');
  }

  await page.getByTestId('pg-dda-pref-webgpu').click();
  await expect(page.getByTestId('pg-dda-pref-webgpu')).toBeChecked();
  await expect(page.getByTestId('pg-dda-backend')).toHaveText('webgpu (forced)');
  await page.getByTestId('pg-preset').selectOption('adda-sphere');
  await solveOnBackend(page, 'webgpu', 180_000);
  expect(await resultFact(page, 'dipoles')).toBe('2176');
  // ADDA prints Qext = 3.7911 (5 digits: ±5e-5); the f32 product adds at most the stated 1e-5 relative.
  const qext = Number(await resultFact(page, 'qext'));
  expect(Math.abs(qext - 3.7911)).toBeLessThanOrEqual(5e-5 + 1e-5 * 3.7911);

  await page.getByTestId('pg-dda-pref-reference').click();
  await expect(page.getByTestId('pg-dda-pref-reference')).toBeChecked();
  await expect(page.getByTestId('pg-dda-backend')).toHaveText('reference (forced)');
  await solveOnBackend(page, 'reference', 180_000);
  expect(Math.abs(Number(await resultFact(page, 'qext')) / qext - 1)).toBeLessThanOrEqual(1e-5);
  expect(failures).toEqual([]);
});
