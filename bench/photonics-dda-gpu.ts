/**
 * The DDA operator backends in the page's worker, in headless Debian Chromium with
 * --enable-unsafe-webgpu. Drives the built page (dist/, from `npm run build`): opens the DDA tab,
 * runs Check backends and prints the parity table — each case's max |Δy|/|y|, Qext and the full
 * solve time on WebGPU and on the f64 reference.
 * The WebGPU figures come from Chromium's SOFTWARE adapter (SwiftShader, on the CPU): they check
 * the code path and its precision and say nothing about GPU speed. Quote GPU timings only from a
 * real GPU. Run: npm run build && npx tsx bench/photonics-dda-gpu.ts
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const PORT = 4377;
const BASE = '/bench/';
/** The parity check solves 7 cases twice each; a loaded 2-core machine takes a few minutes. */
const CHECK_TIMEOUT_MS = 600_000;

async function main(): Promise<number> {
  if (!existsSync(`${ROOT}dist/index.html`) || !existsSync(CHROMIUM)) {
    console.log('skipped: needs dist/ (npm run build) and /usr/bin/chromium');
    return 0;
  }
  const server = spawn(process.execPath, ['e2e/serve-dist.mjs', '--port', String(PORT), '--base', BASE, '--root', 'dist'], { cwd: ROOT, stdio: 'ignore' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--no-first-run', '--enable-unsafe-webgpu'] });
  try {
    await new Promise((r) => setTimeout(r, 500));
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${PORT}${BASE}#/playground?kind=dda`);
    const available = page.getByTestId('pg-dda-available');
    await available.waitFor({ timeout: 60_000 });
    console.log(`backends: ${(await available.innerText()).trim()}`);
    const before = loadavg()[0] ?? 0;
    await page.getByTestId('pg-check-backends').click();
    await page.getByTestId('pg-parity-summary').waitFor({ timeout: CHECK_TIMEOUT_MS });
    const rows = await page.getByTestId('pg-parity-table').locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.children, (c) => (c.textContent ?? '').trim())),
    );
    console.log('case        backend    dipoles  FFT pts  max|Δy|/|y|  Qext       |ΔQ|/Q   iters  solve ms  result');
    for (const r of rows) {
      const [c, b, n, pts, dy, q, , dq, it, ms, res] = r;
      console.log(
        `${(c ?? '').padEnd(11)} ${(b ?? '').padEnd(10)} ${(n ?? '').padStart(7)} ${(pts ?? '').padStart(8)}  ${(dy ?? '').padStart(11)}  ${(q ?? '').padEnd(9)}  ${(dq ?? '').padStart(7)}  ${(it ?? '').padStart(5)}  ${(ms ?? '').padStart(8)}  ${res ?? ''}`,
      );
    }
    console.log(`${(await page.getByTestId('pg-parity-summary').innerText()).trim()}`);
    console.log(`load average (1 min) before/after: ${before.toFixed(2)} / ${(loadavg()[0] ?? 0).toFixed(2)} on ${availableParallelism()} cores`);
    console.log('WebGPU times are from the SOFTWARE adapter (SwiftShader on the CPU): not a GPU speed figure.');
    return 0;
  } finally {
    await browser.close();
    server.kill();
  }
}

process.exitCode = await main();
