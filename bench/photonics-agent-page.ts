/**
 * The photonics agent's page-worker figure (issue 16): the oracle agent over all 43 tasks through the
 * built page's Run form, in headless Debian Chromium, timed from Run to completed (goal: under
 * 120 s on the 2-core machine). The same measurement as the @slow e2e
 * (e2e/photonics-agent-oracle-all.spec.ts, which asserts the target). Needs dist/ (npm run build).
 * Run: npm run build && npx tsx bench/photonics-agent-page.ts
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { freePortSync } from '../e2e/e2e-ports.ts';
import { formatPageOracleRun, PAGE_ORACLE_TARGET_S, runPhotonicsOracleInPage } from '../e2e/photonics-oracle-page-run.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const BASE = '/bench/';

async function main(): Promise<number> {
  if (!existsSync(`${ROOT}dist/index.html`) || !existsSync(CHROMIUM)) {
    console.log('skipped: needs dist/ (npm run build) and /usr/bin/chromium');
    return 0;
  }
  const port = freePortSync();
  const server = spawn(process.execPath, ['e2e/serve-dist.mjs', '--port', String(port), '--base', BASE, '--root', 'dist'], { cwd: ROOT, stdio: 'ignore' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    await new Promise((r) => setTimeout(r, 500));
    const page = await browser.newPage({ baseURL: `http://127.0.0.1:${port}${BASE}` });
    page.on('pageerror', (e) => console.error(`[page] ${e.message}`));
    const before = loadavg()[0] ?? 0;
    const r = await runPhotonicsOracleInPage(page, './#/suite/photonics-agent/run', 4 * PAGE_ORACLE_TARGET_S * 1000);
    console.log(formatPageOracleRun(r));
    console.log(`  load average (1 min) before/after: ${before.toFixed(2)} / ${(loadavg()[0] ?? 0).toFixed(2)} on ${availableParallelism()} cores`);
    return r.passed === r.tasks ? 0 : 1;
  } finally {
    await browser.close();
    server.kill();
  }
}

process.exitCode = await main();
