import { readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { contrastFailures } from './contrast.ts';

/**
 * WCAG AA text contrast on every route, not only in the transcript dialog where issue 21 found a
 * failure: each text element against the background behind it (e2e/contrast.ts), once the route's
 * content has loaded.
 */
const SUITE_IDS = readdirSync('public/banks', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

const heading = (p: Page) => expect(p.getByRole('heading', { level: 1 })).toBeVisible();
const ROUTES: { hash: string; ready: (page: Page) => Promise<void> }[] = [
  { hash: '#/', ready: (p) => expect(p.getByTestId('suite-veh-count')).toHaveText(/tasks$/) },
  ...SUITE_IDS.flatMap((id) => [
    { hash: `#/suite/${id}`, ready: (p: Page) => expect(p.locator('table a[href*="/task/"]').first()).toBeVisible() },
    { hash: `#/suite/${id}/run`, ready: (p: Page) => expect(p.getByTestId('run-button')).toBeVisible() },
  ]),
  { hash: '#/runs', ready: (p) => expect(p.getByTestId('runs-storage')).toBeVisible() },
  { hash: '#/leaderboard', ready: heading },
  { hash: '#/compare', ready: heading },
  { hash: '#/analyses', ready: heading },
  { hash: '#/playground', ready: (p) => expect(p.getByTestId('pg-solve')).toBeVisible() },
  { hash: '#/settings', ready: heading },
  { hash: '#/gallery', ready: (p) => expect(p.getByTestId('gallery-row').first()).toBeVisible() },
  { hash: '#/no-such-page', ready: (p) => expect(p.getByRole('alert')).toBeVisible() },
];

test('every route meets WCAG AA text contrast (4.5:1, large text 3:1)', async ({ page }) => {
  test.setTimeout(300_000);
  const failures: string[] = [];
  for (const route of ROUTES) {
    await page.goto(`./${route.hash}`);
    await route.ready(page);
    for (const f of await contrastFailures(page.locator('body'))) failures.push(`${route.hash}: "${f.text}" ${f.ratio}:1 < ${f.needed}:1 (${f.color} on ${f.background})`);
  }
  expect(failures).toEqual([]);
});

test('every suite\'s first task page meets WCAG AA text contrast', async ({ page }) => {
  test.setTimeout(300_000);
  const failures: string[] = [];
  for (const id of SUITE_IDS) {
    await page.goto(`./#/suite/${id}`);
    const link = page.locator('table a[href*="/task/"]').first();
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const f of await contrastFailures(page.locator('body'))) failures.push(`${id} task: "${f.text}" ${f.ratio}:1 < ${f.needed}:1 (${f.color} on ${f.background})`);
  }
  expect(failures).toEqual([]);
});

test('the contrast check is not vacuous: #999 text on white (2.85:1) is caught, #767676 (4.54:1) passes', async ({ page }) => {
  await page.goto('./#/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.id = 'probe';
    box.style.background = '#ffffff';
    box.innerHTML = '<p style="color:#999999;font-size:14px">too faint</p><p style="color:#767676;font-size:14px">just enough</p>';
    document.querySelector('main')?.append(box);
  });
  const failures = await contrastFailures(page.locator('#probe'));
  expect(failures.map((f) => f.text)).toEqual(['too faint']);
  expect(failures[0]?.ratio).toBeCloseTo(2.85, 1);
});
