import { readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { contrastFailures } from './contrast.ts';
import { expectNoSidewaysScroll, expectReachable, PHONE } from './phone.ts';

/**
 * Every registered suite on a phone (390 × 844), issue 21: its task browser, a task page and its Run
 * page fit without sideways page scroll; a one-task run with the suite's default agent ends with
 * focus on the results heading; its transcript dialog fits and meets WCAG AA contrast; and on the
 * Runs page every action of its row (Verify, the exports, Delete) can be reached and used.
 *
 * The suites are the shipped banks (public/banks/<id>); the first test holds the home page's cards
 * to that list, and src/app/home/HomePage.test.tsx holds the cards to the suite registry.
 */
test.use({ viewport: PHONE });

const SUITE_IDS = readdirSync('public/banks', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

test('the home page has a card for every shipped suite bank, and each card leads to that suite', async ({ page }) => {
  await page.goto('./#/');
  const cards = page.locator('[data-testid^="suite-card-"]');
  await expect(cards).toHaveCount(SUITE_IDS.length);
  const ids = (await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))).map((t) => t.replace('suite-card-', ''));
  expect([...ids].sort()).toEqual(SUITE_IDS);
  expect(ids).toContain('reproduction');
  await expectNoSidewaysScroll(page);
});

/** The first task of the suite's browser, as its id and its page's hash. */
async function firstTask(page: Page, suiteId: string): Promise<{ id: string; hash: string }> {
  await page.goto(`./#/suite/${suiteId}`);
  const link = page.locator('table a[href*="/task/"]').first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  const id = decodeURIComponent(href.split('/task/')[1] ?? '');
  expect(id).not.toBe('');
  return { id, hash: href };
}

for (const suiteId of SUITE_IDS) {
  test(`${suiteId}: browser, task page and Run page fit a 390 px phone`, async ({ page }) => {
    const task = await firstTask(page, suiteId);
    await expect(page.getByTestId('task-count')).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto(`./${task.hash}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto(`./#/suite/${suiteId}/run`);
    await expect(page.getByTestId('run-button')).toBeVisible();
    await expectReachable(page.getByTestId('run-button'), 'Run');
    await expectNoSidewaysScroll(page);
  });

  test(`${suiteId}: a one-task run on a phone — focus on the results, transcript dialog fits and reads (AA), Runs row actions reachable`, async ({ page }) => {
    test.setTimeout(300_000);
    const task = await firstTask(page, suiteId);
    await page.goto(`./#/suite/${suiteId}/run?q=${encodeURIComponent(task.id)}`);
    await expect(page.getByTestId('selection-count')).not.toHaveText('0');
    await expect(page.getByTestId('run-button')).toBeEnabled({ timeout: 60_000 });
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 240_000 });
    // When the run ends focus is on the results heading, on screen, not dropped to <body>.
    await expect(page.getByTestId('run-heading')).toBeFocused();
    await expect(page.getByTestId('run-heading')).toBeInViewport();
    await expectNoSidewaysScroll(page);

    const row = page.getByTestId('result-row').first();
    // VEH's tables name the button transcript-button; the other suites' tables open-transcript.
    const open = row.locator('[data-testid="open-transcript"], [data-testid="transcript-button"]').first();
    await expectReachable(open, 'transcript button');
    await open.click();
    const view = page.getByTestId('transcript-view');
    await expect(view).toBeVisible();
    await expectNoSidewaysScroll(page);
    const failures = (await contrastFailures(view)).map((f) => `"${f.text}" ${f.ratio}:1 < ${f.needed}:1 (${f.color} on ${f.background})`);
    expect(failures).toEqual([]);
    await expectReachable(view.getByTestId('transcript-close'), 'transcript close');
    await view.getByTestId('transcript-close').click();
    await expect(view).toHaveCount(0);

    await page.goto('./#/runs');
    const runRow = page.getByTestId('run-row').first();
    await expect(runRow).toBeVisible();
    await expectNoSidewaysScroll(page);
    for (const id of ['verify-button', 'export-json', 'export-md', 'export-atif', 'delete-button']) await expectReachable(runRow.getByTestId(id), id);
    const [download] = await Promise.all([page.waitForEvent('download'), runRow.getByTestId('export-json').click()]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    await runRow.getByTestId('verify-button').click();
    await expect(runRow.getByTestId('verify-badge')).toHaveAttribute('data-outcome', 'verified', { timeout: 240_000 });
    const storeId = (await runRow.getAttribute('data-store-id')) ?? '';
    await runRow.getByTestId('run-label').click();
    await expect(page.getByTestId('rd-task-id').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The run detail with a task open: the suite's transcript view (the reproduction evidence viewer, the design drawing…).
    await page.goto(`./#/runs/${encodeURIComponent(storeId)}/task/0`);
    await expect(page.locator('.rd-detail')).not.toContainText('Choose a task');
    await expect(page.locator('.rd-detail')).not.toBeEmpty();
    await expectNoSidewaysScroll(page);

    await page.goto('./#/runs');
    await page.getByTestId('run-row').first().getByTestId('delete-button').click();
    await page.getByTestId('run-row').first().getByTestId('delete-confirm').click();
    await expect(page.getByTestId('run-row')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
}
