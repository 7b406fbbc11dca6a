import type { Page } from '@playwright/test';

/**
 * The photonics agent's oracle over the whole shipped bank, driven through the page's Run form and
 * timed from the Run click to "completed": the page-worker figure of issue 16. Shared by the @slow
 * e2e (which asserts the target) and `npm run bench` (which prints it), so both measure one thing.
 * Plain waits rather than Playwright's `expect`, so the bench can call it outside a test.
 */
export const PHOTONICS_TASKS = 43;
/** Issue 16's target on the 2-core machine. */
export const PAGE_ORACLE_TARGET_S = 120;

export interface PageOracleRun {
  readonly wall_s: number;
  readonly tasks: number;
  readonly passed: number;
  /** Task ids of the rows graded "fail" (empty when all pass). */
  readonly failed: readonly string[];
}

/** `runUrl`: the Run page of the suite, e.g. `./#/suite/photonics-agent/run` (relative to the page's base URL). */
export async function runPhotonicsOracleInPage(page: Page, runUrl: string, timeoutMs: number): Promise<PageOracleRun> {
  await page.goto(runUrl);
  await page.waitForFunction((n) => document.querySelector('[data-testid="selection-count"]')?.textContent === String(n), PHOTONICS_TASKS, { timeout: 60_000 });
  await page.getByTestId('agent-select').selectOption('oracle');
  // Enabled once the photonics worker is up: its start-up is not part of the figure.
  await page.waitForFunction(() => (document.querySelector('[data-testid="run-button"]') as HTMLButtonElement | null)?.disabled === false, undefined, { timeout: 60_000 });
  const t0 = Date.now();
  await page.getByTestId('run-button').click();
  const status = await page.waitForFunction(
    () => {
      const s = document.querySelector('[data-testid="run-status"]')?.textContent ?? '';
      return ['completed', 'failed', 'cancelled', 'paused'].includes(s) ? s : null;
    },
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
  const wall_s = (Date.now() - t0) / 1000;
  const ended = (await status.jsonValue()) as string;
  if (ended !== 'completed') throw new Error(`the run ended "${ended}", not "completed"`);
  const rows = page.locator('[data-testid="result-row"]');
  const passes = await rows.evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-task') ?? '?', tr.getAttribute('data-pass')] as const));
  return { wall_s, tasks: passes.length, passed: passes.filter(([, p]) => p === 'true').length, failed: passes.filter(([, p]) => p !== 'true').map(([id]) => id) };
}

export function formatPageOracleRun(r: PageOracleRun): string {
  return `oracle agent, ${r.tasks} tasks, the page's photonics worker (headless Chromium, Run page): ${r.wall_s.toFixed(1)} s from Run to completed, ${r.passed}/${r.tasks} passed${r.failed.length ? ` (failed: ${r.failed.join(', ')})` : ''} — target < ${PAGE_ORACLE_TARGET_S} s`;
}
