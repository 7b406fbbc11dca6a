import { expect, test, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, expectReachable, PHONE, PHONE_WIDTH } from './phone.ts';

/**
 * The page on a phone (390 × 844): no route scrolls sideways as a whole, the main navigation wraps
 * onto several lines instead of pushing the page wider, and a wide table scrolls inside its own box
 * so every action button in it can still be reached.
 */
test.use({ viewport: PHONE });

const ROUTES: { hash: string; ready: (page: Page) => Promise<void> }[] = [
  { hash: '#/', ready: (p) => expect(p.getByTestId('suite-card-veh')).toBeVisible() },
  { hash: '#/suite/veh', ready: (p) => expect(p.locator('table').first()).toBeVisible() },
  { hash: '#/suite/veh/run', ready: (p) => expect(p.getByTestId('run-button')).toBeVisible() },
  { hash: '#/runs', ready: (p) => expect(p.getByTestId('runs-storage')).toBeVisible() },
  { hash: '#/leaderboard', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { hash: '#/compare', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { hash: '#/analyses', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { hash: '#/playground', ready: (p) => expect(p.getByTestId('pg-solve')).toBeVisible() },
  { hash: '#/settings', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { hash: '#/no-such-page', ready: (p) => expect(p.getByRole('alert')).toContainText('No page at') },
  { hash: '#/gallery', ready: (p) => expect(p.getByTestId('gallery-row').first()).toBeVisible() },
  // A pushback: the setup table's root row and the declining side are the widest parts of a gallery task.
  { hash: '#/gallery/circuit-push-splitter', ready: (p) => expect(p.getByTestId('gallery-plots-naive').locator('svg').first()).toBeVisible() },
  { hash: '#/gallery/stack-trap-thick-slide', ready: (p) => expect(p.getByTestId('gallery-plots-reference').locator('svg').first()).toBeVisible() },
];

for (const route of ROUTES) {
  test(`${route.hash} fits a 390 px phone without sideways page scroll`, async ({ page }) => {
    await page.goto(`./${route.hash}`);
    await route.ready(page);
    await expectNoSidewaysScroll(page);
  });
}

test('a task page fits a 390 px phone', async ({ page }) => {
  await page.goto('./#/suite/veh');
  const firstTask = page.locator('table a[href*="/task/"]').first();
  await firstTask.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the main navigation wraps: every link is on screen without scrolling sideways', async ({ page }) => {
  await page.goto('./#/');
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  expect(await links.count()).toBeGreaterThanOrEqual(7);
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    expect(box, await link.innerText()).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE_WIDTH, `${await link.innerText()} is off screen`).toBe(true);
  }
});

test('after a run, the Runs table scrolls in its own box and every action of a row can be reached and used', async ({ page }) => {
  await page.goto('./#/suite/veh/run?probe=P1&split=dev');
  await expect(page.getByTestId('selection-count')).toHaveText('80');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed');
  await expectNoSidewaysScroll(page);

  await page.goto('./#/runs');
  const row = page.getByTestId('run-row').first();
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page);
  for (const id of ['verify-button', 'export-json', 'export-md', 'export-atif', 'delete-button']) {
    await expectReachable(row.getByTestId(id), id);
  }
  // Reachable means usable: Verify runs, and Delete asks before it deletes.
  await row.getByTestId('verify-button').click();
  await expect(row.getByTestId('verify-button')).toHaveText('Verify');
  await row.getByTestId('delete-button').click();
  await expect(row.getByTestId('delete-confirm')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('with two stored runs, the run detail, compare and leaderboard pages and the transcript dialog fit a 390 px phone', async ({ page }) => {
  await page.goto('./#/suite/veh/run?probe=P2&split=dev');
  for (const agent of ['reference', 'random']) {
    await page.getByTestId('agent-select').selectOption(agent);
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 90_000 });
  }
  await page.getByTestId('result-row').first().getByTestId('transcript-button').click();
  await expect(page.getByTestId('transcript-view')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByTestId('transcript-close').click();

  await page.goto('./#/runs');
  await page.getByTestId('run-label').first().click();
  await expect(page.getByTestId('rd-task-id').first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto('./#/leaderboard');
  await expect(page.getByTestId('leaderboard-row')).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  await page.getByTestId('compare-open').click();
  await expect(page.getByTestId('compare-run-A')).toBeVisible();
  await expectNoSidewaysScroll(page);
});
