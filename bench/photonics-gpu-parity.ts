/**
 * The GPU operator backends in the page's worker, in headless Debian Chromium with
 * --enable-unsafe-webgpu: the DDA product and the plane-wave Θ. Drives the built page (dist/, from
 * `npm run build`): opens each kind, runs Check backends and prints its parity table as the page
 * shows it — each case's max |Δy|/|y|, the physical figures (Qext; band frequencies and gap edges)
 * and the solve time on WebGPU and on the f64 reference.
 * The WebGPU figures come from Chromium's SOFTWARE adapter (SwiftShader, on the CPU): they check
 * the code path and its precision and say nothing about GPU speed. Quote GPU timings only from a
 * real GPU. Run: npm run build && npx tsx bench/photonics-gpu-parity.ts
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
/** Each parity check solves every case on both backends; a loaded 2-core machine takes a few minutes. */
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
    for (const [kind, label, availableId] of [
      ['dda', 'DDA operator', 'pg-dda-available'],
      ['bands', 'plane-wave operator Θ', 'pg-pwe-available'],
    ] as const) {
      await page.goto(`http://127.0.0.1:${PORT}${BASE}#/playground?kind=${kind}`);
      const available = page.getByTestId(availableId);
      await available.waitFor({ timeout: 60_000 });
      console.log(`\n${label} — backends: ${(await available.innerText()).trim()}`);
      const before = loadavg()[0] ?? 0;
      await page.getByTestId('pg-check-backends').click();
      await page.getByTestId('pg-parity-summary').waitFor({ timeout: CHECK_TIMEOUT_MS });
      const table = page.getByTestId('pg-parity-table');
      const header = await table.locator('thead th').evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').trim()));
      const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => (c.textContent ?? '').trim())));
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
      const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
      console.log(line(header));
      for (const r of rows) console.log(line(r));
      console.log(`${(await page.getByTestId('pg-parity-summary').innerText()).trim()}`);
      console.log(`load average (1 min) before/after: ${before.toFixed(2)} / ${(loadavg()[0] ?? 0).toFixed(2)} on ${availableParallelism()} cores`);
    }
    console.log('WebGPU times are from the SOFTWARE adapter (SwiftShader on the CPU): not a GPU speed figure.');
    return 0;
  } finally {
    await browser.close();
    server.kill();
  }
}

process.exitCode = await main();
