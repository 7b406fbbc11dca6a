import type { Page } from '@playwright/test';

/**
 * Records every failed request, every HTTP response ≥ 400 and every uncaught page error, including
 * those of the page's workers (Playwright reports worker requests on the page's context).
 */
export function watchForFailures(page: Page): string[] {
  const failures: string[] = [];
  const context = page.context();
  context.on('requestfailed', (request) => {
    failures.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`);
  });
  context.on('response', (response) => {
    if (response.status() >= 400) failures.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  return failures;
}
