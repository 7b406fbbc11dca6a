import { expect, test, type Page } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/** Runs `agent` on the run page's current selection (P1 dev) and waits for it to finish. */
async function runAgent(page: Page, agent: string): Promise<void> {
  await page.getByTestId('agent-select').selectOption(agent);
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed');
  await expect(page.getByTestId('run-progress')).toHaveAttribute('aria-valuenow', '80');
}

test('two stored runs appear on the leaderboard with intervals and compare task by task', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/suite/veh/run?probe=P1&split=dev');
  await expect(page.getByTestId('selection-count')).toHaveText('80');
  await runAgent(page, 'reference');
  await runAgent(page, 'always-propose');

  // The suite view: both runs, each P1 headline with its interval.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click();
  const rows = page.getByTestId('leaderboard-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('lb-suite-P1')).toHaveCount(2);
  await expect(page.getByTestId('lb-radar').locator('svg')).toBeVisible();

  // The P1 stage leaderboard: the reference agent first at 1.000, both with a 95 % interval.
  await page.getByTestId('lb-view').selectOption('P1');
  await expect(page.getByTestId('lb-metric')).toHaveValue('p1_composite');
  await expect(rows).toHaveCount(2);
  const first = rows.first();
  await expect(first).toHaveAttribute('data-agent', 'reference');
  await expect(first.getByTestId('lb-rank')).toHaveText(/^1/);
  await expect(first.getByTestId('lb-value')).toHaveText('1.000');
  const second = rows.nth(1);
  await expect(second).toHaveAttribute('data-agent', 'always-propose');
  for (const row of [first, second]) await expect(row.getByTestId('lb-ci')).toHaveText(/^\[-?\d\.\d{3}, -?\d\.\d{3}\]$/);
  await expect(page.getByTestId('lb-chart').locator('svg')).toContainText('P1 leaderboard');
  // The plot saves as SVG and as PNG, named after its title.
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('lb-chart-svg').click()]);
  expect(svg.suggestedFilename()).toBe('p1-leaderboard-p1-composite.svg');
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('lb-chart-png').click()]);
  expect(png.suggestedFilename()).toBe('p1-leaderboard-p1-composite.png');
  await expect(page.getByTestId('lb-histogram').locator('svg')).toContainText('tasks (count)');
  // The view lives in the URL.
  expect(page.url()).toContain('view=P1');

  // Compare the always-propose run (A) with the leader (B).
  await second.getByTestId('lb-compare-leader').click();
  const p1 = page.getByTestId('compare-probe-row').filter({ hasText: 'P1' });
  await expect(p1).toBeVisible();
  // Always proposing is right exactly where the gold action is propose, as is the reference:
  // B only ever gains, so there are improvements and no regressions.
  await expect(p1.getByTestId('count-regression')).toHaveText('0');
  const improvements = Number(await p1.getByTestId('count-improvement').textContent());
  const bothPass = Number(await p1.getByTestId('count-both_pass').textContent());
  expect(improvements).toBeGreaterThan(0);
  expect(improvements + bothPass).toBe(80);
  await expect(page.getByTestId('compare-delta')).toHaveText(/^\+\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]/);
  await expect(page.getByTestId('compare-hist-P1').locator('svg')).toBeVisible();

  // Improvements only, then one task's transcripts side by side; the new-tab links name both runs' tasks.
  await page.getByTestId('compare-outcome-filter').selectOption('improvement');
  await expect(page.getByTestId('compare-task-row')).toHaveCount(improvements);
  const taskRow = page.getByTestId('compare-task-row').first();
  await expect(taskRow.getByTestId('compare-task-a')).toHaveAttribute('href', /^#\/runs\/[^/]+\/task\/\d+$/);
  await expect(taskRow.getByTestId('compare-task-b')).toHaveAttribute('href', /^#\/runs\/[^/]+\/task\/\d+$/);
  await taskRow.getByTestId('compare-task-link').click();
  await expect(page.getByTestId('compare-side-by-side')).toBeVisible();
  await expect(page.getByTestId('compare-pane-a')).toContainText('propose_design');
  await expect(page.getByTestId('compare-pane-b')).not.toContainText('Loading');

  expect(failures).toEqual([]);
});
