import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/**
 * The design suite's own view (src/app/suites/design/), on a 390 px phone: the task card shows the
 * spec and the starter source but not the reference; a run's table lists S, J, validity and
 * probes; a transcript lists the evaluated designs with their gates, J and S over the probes, and
 * the layout the evaluator rebuilt with the failed gates outlined — and re-runs the evaluator in its
 * worker for the temperature map the recorded verdict leaves out. A design without a layout (the
 * harvester's parameters) shows its source instead.
 */
test.use({ viewport: { width: 390, height: 844 } });

const WIDTH = 390;
const PHASE_SHIFTER = 'design-thermo-optic-phase-shifter';

/** Elements past the right edge that are not inside a box scrolling sideways on its own. */
const overflowing = (page: Page): Promise<string[]> =>
  page.evaluate((width) => {
    const out: string[] = [];
    const insideScroller = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (a.tagName !== 'DIALOG' && getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      if (insideScroller(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.right > width + 0.5 && r.width > 0) out.push(`${el.tagName.toLowerCase()}.${String(el.className)} (${Math.round(r.right)} px)`);
      if (out.length > 8) break;
    }
    return out;
  }, WIDTH);

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.NaN), { timeout: 5_000 }).toBeLessThanOrEqual(WIDTH);
  expect(await overflowing(page)).toEqual([]);
}

async function runAgent(page: Page, query: string, agent: 'reference' | 'starter'): Promise<void> {
  await page.goto(`./#/suite/design/run?${query}`);
  await page.getByTestId('agent-select').selectOption(agent);
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 120_000 });
}

async function openTranscript(page: Page, task: string): Promise<Locator> {
  await page.locator(`[data-testid="result-row"][data-task="${task}"]`).getByTestId('open-transcript').click();
  const dialog = page.getByTestId('transcript-view');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('design view: the task card shows the spec and starter, never the reference source', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto(`./#/suite/design/task/${PHASE_SHIFTER}`);
  await expect(page.getByTestId('design-summary')).toContainText('TiN heater');
  await expect(page.getByTestId('design-requirements').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('design-objective')).toContainText('mW');
  await expect(page.getByTestId('design-probe-budget')).toContainText('40');
  await expect(page.getByTestId('design-starter')).toContainText("rect({ layer: 'heater'");
  // The reference source draws trenches; the starter does not, and the reference is not on the page.
  expect(await page.locator('body').innerText()).not.toContain('x: [-6, -2.5]');
  await expectNoSidewaysScroll(page);
  await page.goto('./#/suite/design/task/reimpl-soldano-pennings-1995-mmi');
  await expect(page.getByTestId('design-citation').locator('a')).toHaveAttribute('href', /^https:\/\/doi\.org\/10\./);
  expect(failures).toEqual([]);
});

test('design view: the reference phase shifter — probes, J chart, layout with heater and trenches, and the evaluator’s temperature map', async ({ page }) => {
  test.setTimeout(180_000);
  const failures = watchForFailures(page);
  await runAgent(page, `q=${PHASE_SHIFTER}`, 'reference');
  const row = page.getByTestId('result-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-pass', 'true');
  await expect(row.getByTestId('result-s')).toHaveText(/^0\.\d{4}$/);
  await expect(row.getByTestId('result-failed-gate')).toHaveText('—');
  await expectNoSidewaysScroll(page);

  const dialog = await openTranscript(page, PHASE_SHIFTER);
  const designs = dialog.getByTestId('design-probe-row');
  await expect(designs).toHaveCount(2);
  await expect(designs.nth(0)).toHaveAttribute('data-call', 'probe');
  await expect(designs.nth(1)).toHaveAttribute('data-call', 'submit');
  await expect(dialog.locator('svg[data-testid="design-j-chart"]')).toBeVisible();
  await expect(dialog.locator('svg[data-testid="design-j-chart"] circle')).toHaveCount(2);
  await expect(dialog.getByTestId('design-gate').filter({ has: page.locator('td.fail') })).toHaveCount(0);
  const layout = dialog.locator('svg[data-testid="design-layout"]');
  await expect(layout).toBeVisible();
  await expect(layout.locator('path[data-layer="heater"]')).toHaveCount(1);
  await expect(layout.locator('path[data-layer="trench"]')).toHaveCount(2);
  await expect(layout.getByTestId('layout-gate-marker')).toHaveCount(0);

  await dialog.getByTestId('design-map-button').click();
  const map = dialog.locator('svg[data-testid="design-map"]');
  await expect(map).toBeVisible({ timeout: 60_000 });
  expect(Number(await map.getAttribute('data-cols'))).toBeGreaterThan(10);
  await expect(dialog.getByTestId('design-map-mismatch')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  expect(failures).toEqual([]);
});

test('design view: the starter phase shifter has its max-temperature failure outlined on the layout', async ({ page }) => {
  const failures = watchForFailures(page);
  await runAgent(page, `q=${PHASE_SHIFTER}`, 'starter');
  const row = page.getByTestId('result-row');
  await expect(row).toHaveAttribute('data-pass', 'false');
  await expect(row.getByTestId('result-s')).toHaveText('0.0000');
  const dialog = await openTranscript(page, PHASE_SHIFTER);
  await expect(dialog.getByTestId('design-probe-row')).toHaveCount(1);
  await expect(dialog.getByTestId('design-j-none')).toBeVisible();
  await expect(dialog.locator('[data-testid="design-gate"][data-gate="max-temperature"]')).toHaveAttribute('data-pass', 'false');
  const marker = dialog.locator('svg[data-testid="design-layout"] [data-testid="layout-gate-marker"][data-gate="max-temperature"]');
  await expect(marker).toHaveCount(1);
  await expect(marker).toContainText('max-temperature');
  await expect(marker.locator('rect')).toHaveAttribute('stroke', '#D00000');
  await expectNoSidewaysScroll(page);

  // The stored run's own task page draws the same view from the run store.
  await dialog.getByTestId('transcript-close').click();
  const href = (await page.getByTestId('run-stored').locator('a').getAttribute('href')) ?? '';
  expect(href).toMatch(/^#\/runs\//);
  await page.goto(`./${href}/task/0`);
  const pane = page.getByTestId('transcript-pane');
  await expect(pane.getByTestId('design-probe-row')).toHaveCount(1);
  await expect(pane.locator('svg[data-testid="design-layout"] [data-gate="max-temperature"]')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  expect(failures).toEqual([]);
});

test('design view: harvester designs (parameters, no layout) show their source instead of a drawing', async ({ page }) => {
  test.setTimeout(180_000);
  const failures = watchForFailures(page);
  await runAgent(page, 'physics=veh', 'reference');
  const rows = page.getByTestId('result-row');
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  await expect(page.locator('[data-testid="result-row"][data-pass="false"]')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  const task = (await rows.first().getAttribute('data-task')) ?? '';
  const dialog = await openTranscript(page, task);
  await expect(dialog.getByTestId('design-probe-row')).toHaveCount(2);
  await expect(dialog.locator('svg[data-testid="design-j-chart"]')).toBeVisible();
  await expect(dialog.locator('svg[data-testid="design-layout"]')).toHaveCount(0);
  await expect(dialog.getByTestId('design-document')).toContainText('param(');
  await expectNoSidewaysScroll(page);
  expect(failures).toEqual([]);
});
