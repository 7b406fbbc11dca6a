import type { Page } from '@playwright/test';

/**
 * Records every failed request, every HTTP response ≥ 400 and every uncaught page error, including
 * those of the page's workers (Playwright reports worker requests on the page's context).
 */
export function watchForFailures(page: Page): string[] {
  const failures: string[] = [];
  const context = page.context();
  context.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'unknown';
    // The browser's own favicon fetch is cancelled when a test reloads or leaves the page before it
    // finishes (seen once in CI on e2e/subpath.spec.ts): not the page's failure. A missing favicon
    // still shows as an HTTP status below.
    if (error === 'net::ERR_ABORTED' && new URL(request.url()).pathname.endsWith('/favicon.svg')) return;
    failures.push(`request failed: ${request.url()} (${error})`);
  });
  context.on('response', (response) => {
    if (response.status() >= 400) failures.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  return failures;
}
