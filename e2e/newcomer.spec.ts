import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { contrastFailures } from './contrast.ts';

/** The page as a newcomer meets it: what the home page promises, where it leads, and moving around by keyboard. */

test('the home page says what is true today and links every suite and page', async ({ page }) => {
  await page.goto('./#/');
  const main = page.getByRole('main');
  // Copy that is no longer true: LLM endpoints are here, and a model run does send requests.
  await expect(main).not.toContainText('LLM endpoints later');
  await expect(main).not.toContainText('Nothing is sent anywhere');
  await expect(page.getByTestId('home-privacy')).toContainText('endpoint you configure');

  // Every registered suite has a card that browses and runs it in this page, with its bank's task count.
  await expect(page.getByTestId('suite-card-veh').getByRole('link', { name: 'Run an agent' })).toHaveAttribute('href', '#/suite/veh/run');
  await expect(page.getByTestId('suite-card-circuit')).toContainText('Circuit audit');
  await expect(page.getByTestId('suite-card-circuit').getByRole('link', { name: 'Run an agent' })).toHaveAttribute('href', '#/suite/circuit/run');
  await expect(page.getByTestId('suite-circuit-count')).toHaveText('106 tasks');
  await expect(page.getByTestId('suite-photonics-agent-count')).toHaveText('43 tasks');

  const links = page.getByTestId('home-links');
  for (const [name, href] of [
    ['Photonics playground', '#/playground'],
    ['Runs', '#/runs'],
    ['Leaderboard', '#/leaderboard'],
    ['Model settings', '#/settings'],
  ] as const) {
    await expect(links.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await links.getByRole('link', { name: 'Model settings', exact: true }).click();
  await expect(page).toHaveURL(/#\/settings$/);
});

test('the playground no longer speaks of photonics suites the page does not have', async ({ page }) => {
  await page.goto('./#/playground');
  await expect(page.getByRole('heading', { name: 'Photonics playground', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('photonics suites');
});

test('a skip link is the first Tab stop and moves focus to the main content without changing the route', async ({ page }) => {
  await page.goto('./#/runs');
  await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/#\/runs$/);
  // The next Tab continues inside the main content, not back in the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test('Run brings the results into view, and when the run ends focus is on the results heading, not <body>', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('./#/suite/veh/run?probe=P1&split=dev');
  await expect(page.getByTestId('selection-count')).toHaveText('80');
  await page.getByTestId('agent-select').selectOption('cmaes-40');
  await page.getByTestId('run-button').click();
  const heading = page.getByTestId('run-heading');
  await expect(heading).toBeInViewport();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 90_000 });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
});

test('two runs of one agent are told apart on the Runs page, the leaderboard and the compare picker, which never starts with a run against itself', async ({ page }) => {
  await page.goto('./#/suite/veh/run?probe=P1&split=dev');
  await expect(page.getByTestId('selection-count')).toHaveText('80');
  for (let i = 0; i < 2; i++) {
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('run-status')).toHaveText('completed');
    // Start times to the second tell them apart; keep the two starts in different seconds.
    await page.waitForTimeout(1100);
  }

  await page.goto('./#/runs');
  const labels = page.getByTestId('run-label');
  await expect(labels).toHaveCount(2);
  const [first, second] = await labels.allInnerTexts();
  expect(first).not.toBe(second);
  expect(first).toMatch(/ · P1 dev, 80 tasks · seed \d+ · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);

  await page.goto('./#/leaderboard');
  const names = page.getByTestId('lb-run-name');
  await expect(names).toHaveCount(2);
  const shown = await names.allInnerTexts();
  expect(new Set(shown).size).toBe(2);

  await page.goto('./#/compare');
  const a = await page.getByTestId('compare-pick-a').inputValue();
  const b = await page.getByTestId('compare-pick-b').inputValue();
  expect(a).not.toBe('');
  expect(a).not.toBe(b);
  await expect(page.getByTestId('compare-open')).toBeEnabled();
  const options = await page.getByTestId('compare-pick-a').locator('option').allInnerTexts();
  expect(new Set(options).size).toBe(2);
});

test('after the browser restarts, the storage line shows what the stored runs really use, not 0 B', async ({ baseURL }) => {
  // A fresh profile kept on disk, closed and opened again: the case where Chromium reported 0 B until the database was open.
  const profile = mkdtempSync(join(tmpdir(), 'pg-e2e-profile-'));
  const launch = () => chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: ['--no-sandbox'], baseURL: baseURL ?? '' });
  try {
    const first = await launch();
    const page = first.pages()[0] ?? (await first.newPage());
    await page.goto('./#/suite/veh/run?probe=P1&split=dev');
    await expect(page.getByTestId('selection-count')).toHaveText('80');
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('run-status')).toHaveText('completed');
    await first.close();

    const second = await launch();
    const again = second.pages()[0] ?? (await second.newPage());
    await again.goto('./#/runs');
    await expect(again.getByTestId('run-row')).toHaveCount(1);
    const line = again.getByTestId('runs-storage');
    await expect(line).toHaveText(/^Storage used: \d/);
    expect(await line.innerText()).not.toMatch(/Storage used: 0 B\b/);
    await again.goto('./#/suite/veh/run');
    await expect(again.getByTestId('storage-usage')).toHaveText(/^Storage used: \d/);
    expect(await again.getByTestId('storage-usage').innerText()).not.toMatch(/Storage used: 0 B\b/);
    await second.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test('P2 rows: an infeasible final design reads "infeasible · 0", and using the whole query budget is a normal end, not a red budget_exceeded', async ({ page }) => {
  await page.goto('./#/suite/veh/run?probe=P2&split=dev');
  await page.getByTestId('agent-select').selectOption('random');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 90_000 });
  const rows = page.locator('[data-testid="result-row"][data-probe="P2"]');
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const tds = Array.from(tr.querySelectorAll('td'));
      const status = tr.querySelector('[data-testid="result-status"]');
      return { feasible: tds[2]?.textContent ?? '', score: tr.querySelector('[data-testid="p2-score"]')?.textContent ?? '', status: status?.textContent ?? '', statusBad: status?.classList.contains('fail') ?? true };
    }),
  );
  expect(cells.length).toBeGreaterThan(0);
  // This agent leaves designs infeasible and spends whole budgets: both cases are on screen.
  expect(cells.some((c) => c.feasible === 'no')).toBe(true);
  expect(cells.some((c) => c.status === 'query budget used')).toBe(true);
  for (const c of cells) {
    if (c.feasible === 'no') expect(c.score).toBe('infeasible · 0');
    else expect(c.score).toMatch(/^\d\.\d{3}$/);
    expect(c.status).not.toBe('budget_exceeded');
    if (c.status === 'query budget used') expect(c.statusBad).toBe(false);
  }
});

test('the transcript dialog meets WCAG AA text contrast (4.5:1) everywhere, P1 to P4', async ({ page }) => {
  await page.goto('./#/suite/veh/run?split=dev&difficulty=hard');
  await page.getByTestId('agent-select').selectOption('random');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 90_000 });
  const failures: string[] = [];
  for (const probe of ['P1', 'P2', 'P3', 'P4']) {
    const row = page.locator(`[data-testid="result-row"][data-probe="${probe}"]`).first();
    await row.getByTestId('transcript-button').click();
    const view = page.getByTestId('transcript-view');
    await expect(view).toBeVisible();
    for (const f of await contrastFailures(view)) failures.push(`${probe}: "${f.text}" ${f.ratio}:1 < ${f.needed}:1 (${f.color} on ${f.background})`);
    await view.getByTestId('transcript-close').click();
    await expect(view).toHaveCount(0);
  }
  expect(failures).toEqual([]);
});

test('circuit P2 rows (the generic table): spending the query budget reads "query budget used", not a raw budget_exceeded, in the table and the transcript', async ({ page }) => {
  await page.goto('./#/suite/circuit/run?probe=P2');
  await expect(page.getByTestId('selection-count')).not.toHaveText('0');
  await page.getByTestId('agent-select').selectOption('random');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 120_000 });
  const statuses = page.getByTestId('result-row').getByTestId('result-status');
  const texts = await statuses.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  // The random agent never closes early: every P2 episode ends on the protocol's query budget.
  expect(texts).toContain('query budget used');
  expect(texts).not.toContain('budget_exceeded');
  const used = page.getByTestId('result-row').filter({ has: page.getByTestId('result-status').getByText('query budget used') }).first();
  await expect(used.getByTestId('result-status')).not.toHaveClass(/fail/);
  await used.getByTestId('open-transcript').click();
  await expect(page.getByTestId('transcript-view').getByTestId('transcript-status')).toHaveText('query budget used');
});

test('Compare starts with two runs of one suite, even when the newest run is of a suite with no other run, and groups the runs by suite', async ({ page }) => {
  for (const [suite, query] of [
    ['veh', 'probe=P1&split=dev'],
    ['veh', 'probe=P1&split=dev'],
    ['circuit', 'probe=P1'],
  ] as const) {
    await page.goto(`./#/suite/${suite}/run?${query}`);
    await expect(page.getByTestId('selection-count')).not.toHaveText('0');
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 90_000 });
    await page.waitForTimeout(1100);
  }
  await page.goto('./#/runs');
  await expect(page.getByTestId('run-row')).toHaveCount(3);
  // A circuit run's id names its suite (circuitRunId); the two others are the VEH runs.
  const vehIds = await page.locator('[data-testid="run-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-store-id') ?? '').filter((id) => !id.includes('circuit')));
  expect(vehIds).toHaveLength(2);

  await page.goto('./#/compare');
  const a = await page.getByTestId('compare-pick-a').inputValue();
  const b = await page.getByTestId('compare-pick-b').inputValue();
  expect(a).not.toBe(b);
  expect(vehIds).toContain(a);
  expect(vehIds).toContain(b);
  await expect(page.getByTestId('compare-pick-a').getByTestId('compare-group-veh').locator('option')).toHaveCount(2);
  await expect(page.getByTestId('compare-pick-a').getByTestId('compare-group-circuit').locator('option')).toHaveCount(1);
  await page.getByTestId('compare-open').click();
  await expect(page.getByTestId('compare-run-A')).toBeVisible();
});

test('the leaderboard opens on the board of the newest stored run\'s suite, not an empty VEH board', async ({ page }) => {
  await page.goto('./#/suite/circuit/run?probe=P1');
  await expect(page.getByTestId('selection-count')).not.toHaveText('0');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 90_000 });
  await page.goto('./#/leaderboard');
  await expect(page.getByRole('heading', { level: 2, name: /^Circuit audit/ })).toBeVisible();
  await expect(page.getByTestId('leaderboard-row')).toHaveCount(1);
  await expect(page.getByTestId('lb-empty')).toHaveCount(0);
  // Asking for a suite still shows that suite's board.
  await page.goto('./#/leaderboard?suite=veh');
  await expect(page.getByTestId('lb-empty')).toBeVisible();
});
