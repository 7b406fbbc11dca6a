import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { watchForFailures } from './network-watch.ts';

/**
 * The educators' gallery (issue 16): the index lists every trap, pushback and warning task of the
 * shipped photonics-agent bank; a task page solves both setups in the photonics worker and draws
 * each; its permalink opens directly; the oracle agent passes it live and the naive one fails; and
 * on a phone the two sides stack without the page scrolling sideways.
 */

interface BankTask {
  task_id: string;
  title: string;
  category: string;
}

const BANK = new URL('../public/banks/photonics-agent/', import.meta.url);
const TASKS: BankTask[] = readdirSync(BANK)
  .filter((f) => f.endsWith('.json') && f !== 'manifest.json')
  .map((f) => JSON.parse(readFileSync(new URL(f, BANK), 'utf8')) as BankTask)
  .filter((t) => typeof t.task_id === 'string' && typeof t.category === 'string');
const SHOWN = TASKS.filter((t) => t.category !== 'standard');
const TRAPS = SHOWN.filter((t) => t.category === 'trap');

async function expectBothPlots(page: Page): Promise<void> {
  await expect(page.getByTestId('gallery-plots-naive').locator('svg').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('gallery-plots-reference').locator('svg').first()).toBeVisible();
}

test('the gallery index lists every trap, pushback and warning task; a task opens with both setups plotted', async ({ page }) => {
  const failures = watchForFailures(page);
  expect(SHOWN.length).toBeGreaterThan(10);
  await page.goto('./#/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Educators’ gallery');
  const rows = page.getByTestId('gallery-row');
  await expect(rows).toHaveCount(SHOWN.length);
  expect((await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-task-id')))).sort()).toEqual(SHOWN.map((t) => t.task_id).sort());
  const trap = TRAPS.find((t) => t.task_id === 'scat-trap-medium-wavelength') ?? TRAPS[0];
  if (!trap) throw new Error('the bank has no trap task');
  await page.getByTestId('gallery-row').filter({ hasText: trap.title }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/gallery/${trap.task_id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(trap.title);
  await expectBothPlots(page);
  await expect(page.getByTestId('gallery-verdict-naive')).toHaveText('fail');
  await expect(page.getByTestId('gallery-verdict-reference')).toHaveText('pass');
  await expect(page.getByTestId('gallery-separating')).toContainText('outside the tolerance');
  await expect(page.getByTestId('gallery-prompt')).not.toBeEmpty();
  expect(failures).toEqual([]);
});

test('a gallery permalink loads directly; the oracle agent passes it live and the naive agent fails it', async ({ page }) => {
  const failures = watchForFailures(page);
  const trap = TRAPS.find((t) => t.task_id === 'stack-trap-wavenumber') ?? TRAPS[0];
  if (!trap) throw new Error('the bank has no trap task');
  await page.goto(`./#/gallery/${trap.task_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(trap.title);
  await expect(page.getByTestId('gallery-permalink')).toHaveAttribute('href', `#/gallery/${trap.task_id}`);
  await expectBothPlots(page);
  await page.getByTestId('gallery-run-oracle').click();
  await expect(page.getByTestId('gallery-live-result')).toHaveAttribute('data-agent', 'oracle', { timeout: 60_000 });
  await expect(page.getByTestId('gallery-live-verdict')).toHaveText('pass');
  await page.getByTestId('gallery-run-naive').click();
  await expect(page.getByTestId('gallery-live-result')).toHaveAttribute('data-agent', 'naive', { timeout: 60_000 });
  await expect(page.getByTestId('gallery-live-verdict')).toHaveText('fail');
  await expect(page.getByTestId('gallery-live-result')).toContainText('value:reflectance');
  await page.getByRole('button', { name: 'Show the transcript' }).click();
  await expect(page.getByTestId('transcript-pane')).toContainText(trap.task_id);
  await expect(page.getByTestId('gallery-stored-runs')).toContainText('No stored run');
  expect(failures).toEqual([]);
});

test('a run stored on the Run page is linked from the gallery task, straight to that task in the run', async ({ page }) => {
  const taskId = 'mode-trap-terahertz';
  await page.goto(`./#/suite/photonics-agent/run?q=${taskId}`);
  await expect(page.getByTestId('selection-count')).toHaveText('1');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 120_000 });
  await page.goto(`./#/gallery/${taskId}`);
  const link = page.getByTestId('gallery-stored-run');
  await expect(link).toHaveCount(1);
  await expect(link).toContainText('built-in agent');
  await expect(link).toContainText('pass');
  await link.getByRole('link').click();
  await expect(page).toHaveURL(/#\/runs\/[^/]+\/task\/0$/);
});

test('a task the gallery does not have says so', async ({ page }) => {
  await page.goto('./#/gallery/no-such-task');
  await expect(page.getByRole('alert')).toContainText('no task “no-such-task”');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const scrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.NaN);

  test('the index and a task page do not scroll sideways at 390 px; the two sides stack', async ({ page }) => {
    await page.goto('./#/gallery');
    await expect(page.getByTestId('gallery-row')).toHaveCount(SHOWN.length);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await page.goto('./#/gallery/mode-trap-terahertz');
    await expectBothPlots(page);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    const naive = await page.getByTestId('gallery-side-naive').boundingBox();
    const reference = await page.getByTestId('gallery-side-reference').boundingBox();
    expect(naive && reference && reference.y >= naive.y + naive.height).toBe(true);
  });
});

test('every trap in the gallery renders both plots @slow', async ({ page }) => {
  test.setTimeout(TRAPS.length * 30_000);
  const failures = watchForFailures(page);
  for (const trap of TRAPS) {
    await page.goto(`./#/gallery/${trap.task_id}`);
    await expect(page.getByRole('heading', { level: 1 }), trap.task_id).toHaveText(trap.title);
    await expectBothPlots(page);
    await expect(page.getByTestId('gallery-verdict-naive'), trap.task_id).toHaveText('fail');
    await expect(page.getByTestId('gallery-verdict-reference'), trap.task_id).toHaveText('pass');
  }
  expect(failures).toEqual([]);
});
