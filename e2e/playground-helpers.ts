import { expect, type Page } from '@playwright/test';

/**
 * Steps the playground specs share: solving (accepting the cost estimate's confirmation when a slow
 * machine makes it ask), reading a result fact, and recording the progress labels of a solve.
 */

/** Solve, accepting the cost estimate when it asks first, until `done` (a test id) is visible. */
export async function solveUntilVisible(page: Page, done: string): Promise<void> {
  await expect(page.getByTestId('pg-solve')).toBeEnabled();
  await page.getByTestId('pg-solve').click();
  const result = page.getByTestId(done);
  const anyway = page.getByTestId('pg-solve-anyway');
  await expect(result.or(anyway)).toBeVisible({ timeout: 90_000 });
  if (await anyway.isVisible()) await anyway.click();
  await expect(result).toBeVisible({ timeout: 90_000 });
}

/** A result fact's full-precision value (its title) or text; null while no result is shown. */
export async function resultFact(page: Page, name: string): Promise<string | null> {
  const dd = page.getByTestId('pg-facts').locator('.pg-fact', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd');
  if ((await dd.count()) === 0) return null;
  return (await dd.getAttribute('title')) ?? (await dd.innerText());
}

/**
 * Solves and waits until the result names `backend`: the previous result stays on screen while the
 * estimate runs, so waiting for the facts alone could read it. Accepts a long estimate if the page
 * asks (the estimate is a CPU probe, and under load it can pass the confirmation threshold).
 */
export async function solveOnBackend(page: Page, backend: string, timeout: number): Promise<void> {
  await page.getByTestId('pg-solve').click();
  const anyway = page.getByTestId('pg-solve-anyway');
  await expect
    .poll(
      async () => {
        if (await anyway.isVisible()) await anyway.click();
        return resultFact(page, 'backend');
      },
      { timeout, intervals: [500] },
    )
    .toBe(backend);
}

/**
 * Records every label the progress bar shows, from before Solve is clicked: a fast solve may show
 * it for only a few frames, too short for polling assertions to catch reliably.
 */
export async function recordProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __pgProgress: string[] }).__pgProgress = seen;
    new MutationObserver(() => {
      const label = document.querySelector('[data-testid="pg-progress-label"]')?.textContent;
      if (label && seen[seen.length - 1] !== label) seen.push(label);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __pgProgress: string[] }).__pgProgress);
}
