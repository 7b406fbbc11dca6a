import { expect, test } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/**
 * Cancel is a pause on the tool-use suites too (issue 21): the reproduction and inverse-design
 * suites run their episodes through their own evaluator workers, not VEH's loop. Cancel after the
 * first task leaves the run paused with its finished rows; Resume from the Runs page runs only the
 * rest (the recorded selection, not the Run page's current one), and the finished run
 * replay-verifies like an uninterrupted one. The design selection is its two MMI tasks, to keep
 * the test short (the whole design bank takes minutes here).
 */
for (const [suiteId, selection] of [
  ['reproduction', ''],
  ['design', '?q=mmi'],
] as const) {
  test(`${suiteId}: Cancel pauses a reference run, Resume finishes it, and the resumed run verifies @slow`, async ({ page }) => {
    test.setTimeout(600_000);
    const failures = watchForFailures(page);
    await page.goto(`./#/suite/${suiteId}/run${selection}`);
    const total = Number(await page.getByTestId('selection-count').innerText());
    expect(total).toBeGreaterThan(1);
    await expect(page.getByTestId('run-button')).toBeEnabled({ timeout: 60_000 });
    await page.getByTestId('run-button').click();

    const progress = page.getByTestId('run-progress');
    const done = async () => Number(await progress.getAttribute('aria-valuenow'));
    await expect.poll(done, { intervals: [50], timeout: 120_000 }).toBeGreaterThan(0);
    await page.getByTestId('cancel-button').click();
    await expect(page.getByTestId('run-status')).toHaveText('paused', { timeout: 60_000 });
    const finished = await done();
    expect(finished).toBeGreaterThan(0);
    expect(finished).toBeLessThan(total);
    await expect(page.getByTestId('result-row')).toHaveCount(finished);

    await page.goto('./#/runs');
    const row = page.getByTestId('run-row').first();
    await expect(row.getByTestId('run-status-cell')).toHaveText('paused');
    await expect(row.getByTestId('run-done')).toHaveText(`${finished} / ${total}`);
    await row.getByTestId('resume-link').click();
    const banner = page.getByTestId('interrupted-run');
    await expect(banner).toContainText('A paused run');
    await banner.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 480_000 });
    await expect(page.getByTestId('run-progress')).toHaveAttribute('aria-valuenow', String(total));
    await expect(page.getByTestId('result-row')).toHaveCount(total);

    await page.goto('./#/runs');
    await expect(page.getByTestId('run-row')).toHaveCount(1);
    const resumed = page.getByTestId('run-row').first();
    await expect(resumed.getByTestId('run-status-cell')).toHaveText('completed');
    await resumed.getByTestId('verify-button').click();
    await expect(resumed.getByTestId('verify-badge')).toHaveAttribute('data-outcome', 'verified', { timeout: 480_000 });
    expect(failures).toEqual([]);
  });
}
