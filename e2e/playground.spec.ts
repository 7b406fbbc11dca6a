import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

test('the Bohren & Huffman sphere solves in the worker and shows Qext = 3.10543', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/playground');
  // The first scattering preset is the Appendix A sphere (m = 1.55, x = 5.21282); Solve needs nothing else.
  await expect(page.getByTestId('pg-solve')).toBeEnabled();
  await page.getByTestId('pg-solve').click();
  const table = page.getByTestId('table-spectrum');
  await expect(table).toBeVisible();
  const header = await table.locator('thead th').allTextContents();
  const qext = header.indexOf('qext');
  expect(qext, `columns: ${header.join(', ')}`).toBeGreaterThan(0);
  // Bohren & Huffman (1983), Appendix A: Qext = 3.10543 to the five decimals printed there.
  await expect(table.locator('tbody tr').first().locator('td').nth(qext)).toHaveText('3.10543');
  await expect(page.getByTestId('pg-backends')).toContainText('Mie: wasm');
  expect(failures).toEqual([]);
});

test('a layer-stack preset plots R, T, A against wavelength, and the plot exports as SVG', async ({ page }) => {
  await page.goto('./#/playground?kind=layer_stack');
  await expect(page.getByTestId('pg-kind-layer_stack')).toBeChecked();
  await page.getByTestId('pg-solve').click();
  const plot = page.getByTestId('plot-rta-wavelength');
  await expect(plot).toBeVisible();
  await expect(plot.locator('path')).toHaveCount(3);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('plot-rta-wavelength-svg').click()]);
  expect(download.suggestedFilename()).toMatch(/^r-t-a-vs-wavelength.*\.svg$/);
  const svg = await readFile(await download.path(), 'utf8');
  expect(svg).toContain('<svg');
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain('vacuum wavelength (nm)');
});

test('a plot exports as PNG, and the problem exports as the JSON it shows', async ({ page }) => {
  await page.goto('./#/playground?kind=mode');
  await page.getByTestId('pg-solve').click();
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('plot-mode-profiles-png').click()]);
  expect(png.suggestedFilename()).toBe('mode-profiles-at-1550-nm.png');
  const bytes = await readFile(await png.path());
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]); // the PNG signature

  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pg-export-problem').click()]);
  expect(json.suggestedFilename()).toBe('photonics-mode-problem.json');
  const exported = JSON.parse(await readFile(await json.path(), 'utf8')) as unknown;
  await page.getByTestId('pg-view-json').click();
  expect(exported).toEqual(JSON.parse(await page.getByTestId('pg-json').inputValue()));
});

test('warnings are shown first: an unphysical 70/70 splitter is flagged', async ({ page }) => {
  await page.goto('./#/playground?kind=circuit');
  await page.getByTestId('pg-preset').selectOption('splitter-70-70');
  await page.getByTestId('pg-solve').click();
  const warnings = page.getByTestId('pg-warnings');
  await expect(warnings).toContainText('passivity violated');
  await expect(warnings).toContainText('140 %');
});

test('switching the kind picker loads that kind’s preset and keeps the URL in step', async ({ page }) => {
  await page.goto('./#/playground');
  await page.getByTestId('pg-kind-mode').check();
  await expect(page).toHaveURL(/#\/playground\?kind=mode$/);
  await page.getByTestId('pg-solve').click();
  await expect(page.getByTestId('plot-mode-profiles')).toBeVisible();
  await expect(page.getByTestId('table-modes')).toContainText('TE');
  // Back returns to the scattering tab: the mode result belongs to the mode tab and is not shown there.
  await page.goBack();
  await expect(page.getByTestId('pg-kind-scattering')).toBeChecked();
  await expect(page.getByTestId('pg-result')).toHaveCount(0);
});

test('form and JSON are two views of one problem; an invalid problem lists every issue with its path', async ({ page }) => {
  await page.goto('./#/playground');
  await page.getByTestId('pg-field-particle.radius_nm').fill('100');
  await page.getByTestId('pg-view-json').click();
  const json = page.getByTestId('pg-json');
  await expect(json).toHaveValue(/"radius_nm": 100/);
  // A diameter is not a field of a sphere: the validation error names the path.
  const problem = JSON.parse(await json.inputValue()) as { particle: Record<string, unknown> };
  problem.particle.diameter_nm = 200;
  await json.fill(JSON.stringify(problem));
  await page.getByTestId('pg-solve').click();
  const alert = page.getByRole('alert').filter({ hasText: 'The problem was not solved' });
  await expect(alert).toContainText('particle');
  await expect(alert).toContainText('diameter_nm');
});

test('a malformed material file is refused with a clear error', async ({ page }) => {
  await page.goto('./#/playground');
  await expect(page.getByTestId('pg-solve')).toBeEnabled();
  await page.getByTestId('pg-material-file').setInputFiles({ name: 'broken.yml', mimeType: 'text/yaml', buffer: Buffer.from('REFERENCES: "nobody"\nDATA:\n  - type: tabulated nk\n    data: |\n        0.5 1.5\n') });
  const error = page.getByTestId('pg-material-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('not imported');
  // The parser's message names the entry and the line: a 'tabulated nk' row needs wavelength, n and k.
  await expect(error).toContainText(/DATA\[0\].*line \d+/);
});

test('a valid refractiveindex.info file is imported and offered in the material picker', async ({ page }) => {
  await page.goto('./#/playground');
  await expect(page.getByTestId('pg-solve')).toBeEnabled();
  const yaml = 'REFERENCES: "Test glass, constant index"\nDATA:\n  - type: tabulated n\n    data: |\n        0.4 1.60\n        0.8 1.58\n';
  await page.getByTestId('pg-material-name').fill('Test glass (E2E 2026)');
  await page.getByTestId('pg-material-file').setInputFiles({ name: 'test.yml', mimeType: 'text/yaml', buffer: Buffer.from(yaml) });
  await expect(page.getByTestId('pg-material-imported')).toContainText('Test glass (E2E 2026)');
  await expect(page.getByTestId('pg-field-particle.material').locator('option', { hasText: 'Test glass (E2E 2026)' })).toHaveCount(1);
});

test('a crashed worker is reported with the reason, and Restart brings it back', async ({ page }) => {
  await page.goto('./#/playground');
  await expect(page.getByTestId('pg-solve')).toBeEnabled();
  const worker = page.workers().find((w) => w.url().includes('photonics.worker'));
  expect(worker, 'the photonics worker is running').toBeDefined();
  // An uncaught exception inside the worker is what a real crash looks like from the page.
  await worker?.evaluate(() => {
    setTimeout(() => {
      throw new Error('simulated photonics crash');
    }, 0);
  });
  await page.getByTestId('pg-solve').click();
  const alert = page.getByRole('alert').filter({ hasText: 'The problem was not solved' });
  await expect(alert).toContainText('the photonics worker crashed');
  await alert.getByRole('button', { name: 'Restart the worker' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId('pg-solve')).toBeEnabled();
  await page.getByTestId('pg-solve').click();
  await expect(page.getByTestId('table-spectrum')).toBeVisible();
});

test('a grating is estimated before it is solved; its orders are plotted, and a long solve asks first', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/playground?kind=grating');
  await expect(page.getByTestId('pg-kind-grating')).toBeChecked();
  await page.getByTestId('pg-estimate-button').click();
  const estimate = page.getByTestId('pg-estimate');
  await expect(estimate).toContainText('unknowns');
  // The first preset keeps N = 30 orders: 2N + 1 = 61 harmonics.
  await expect(estimate).toContainText('61');
  await expect(estimate).toContainText('(2N+1)³');
  await page.getByTestId('pg-solve').click();
  await expect(page.getByTestId('plot-grating-orders')).toBeVisible();
  // The lamellar test grating: R0 = 0.009773 (the preset's label quotes the converged values).
  await expect(page.getByTestId('table-orders')).toContainText('0.00977');
  // 200 harmonics on 40 wavelengths is minutes of work: Solve shows the estimate and waits.
  await page.getByTestId('pg-view-json').click();
  const editor = page.getByTestId('pg-json');
  const text = await editor.inputValue();
  const big = { ...(JSON.parse(text) as Record<string, unknown>), harmonics: 200, wavelength_nm: undefined, wavelength_range_nm: { start: 500, stop: 900, count: 40 } };
  await editor.fill(JSON.stringify(big));
  await page.getByTestId('pg-solve').click();
  await expect(page.getByTestId('pg-solve-anyway')).toBeVisible();
  expect(failures).toEqual([]);
});

test('a channel window the solver will refuse shows the reason on Solve, with no "Solve anyway"', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/playground?kind=mode');
  await page.getByTestId('pg-preset').selectOption('si-strip');
  await page.getByTestId('pg-view-json').click();
  const editor = page.getByTestId('pg-json');
  const strip = JSON.parse(await editor.inputValue()) as { structure: Record<string, unknown> };
  // 1700 × 1200 nm at 5 nm: 340 × 240 nodes, over the solver's 62 500 (the estimate still sizes it).
  await editor.fill(JSON.stringify({ ...strip, structure: { ...strip.structure, grid_nm: 5 } }));
  await page.getByTestId('pg-solve').click();
  await expect(page.getByTestId('pg-estimate-refused')).toContainText('81600 nodes at grid_nm = 5, over the 62500 limit', { timeout: 90_000 });
  await expect(page.getByTestId('pg-solve-anyway')).toHaveCount(0);
  await expect(page.getByTestId('pg-estimate').getByRole('button', { name: 'Close' })).toBeVisible();
  expect(failures).toEqual([]);
});
