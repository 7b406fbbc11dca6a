import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startWholeSuiteRun } from './long-run.ts';

/**
 * Issue 17: page = CLI. A whole-suite run of each built-in agent made in the browser, exported, must
 * verify in Node as `replayed`: Node re-runs every episode from the seed and must get every reply
 * byte for byte (the agents compute with src/core/math's deterministic functions, not the engine's
 * Math). cmaes-40 is the case the issue measured apart (P2b 0.2047 in the page, 0.1793 in the CLI).
 * Tagged @slow (about 45 s an agent): `npm run test:slow` runs it, `npm test` leaves it out.
 */
const AGENTS = ['reference', 'always-propose', 'anchor-fixed', 'last-state', 'random', 'cmaes-6', 'cmaes-40'];

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pg-e2e-replay-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const agent of AGENTS) {
  test(`a page run of ${agent} replays in the CLI @slow`, async ({ page }) => {
    test.setTimeout(600_000);
    await startWholeSuiteRun(page, agent);
    await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 480_000 });
    await page.goto('./#/runs');
    const row = page.getByTestId('run-row').first();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-json').click()]);
    const file = join(dir, `${agent}.json`);
    await download.saveAs(file);
    let out: string;
    try {
      out = execFileSync('node', ['cli/proving-ground.mjs', 'verify', '--json', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    } catch (e) {
      out = (e as { stdout?: string }).stdout ?? '';
    }
    const [report] = JSON.parse(out) as { outcome: string; verdict: string | null; counts: Record<string, number> }[];
    expect(report).toMatchObject({ outcome: 'verified', verdict: 'replayed', counts: { verified: 763, mismatch: 0, unverifiable: 0 } });
  });
}
