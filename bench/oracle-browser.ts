/**
 * VEH oracle throughput in a real browser Web Worker. Builds nothing: expects dist/ from
 * `npm run build`, serves it on 127.0.0.1 (random port) with a tiny static server, opens
 * bench.html in Debian's Chromium (never a downloaded browser) and prints the JSON the page writes
 * into #result. Run: npm run build && npx tsx bench/oracle-browser.ts [--dist DIR]
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const DEFAULT_DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** bench.html measures for ~2 s, then runs the reference agent over the bank; two minutes cover a slow machine. */
const RESULT_TIMEOUT_MS = 120_000;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves files under `root` only; anything else is a 404. */
function serveStatic(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function distFromArgs(argv: readonly string[]): string {
  const i = argv.indexOf('--dist');
  const dir = i < 0 ? undefined : argv[i + 1];
  return dir === undefined ? DEFAULT_DIST : resolve(dir);
}

async function main(): Promise<number> {
  const DIST = distFromArgs(process.argv.slice(2));
  if (!existsSync(join(DIST, 'bench.html'))) {
    console.error(`${join(DIST, 'bench.html')} not found: run npm run build first`);
    return 2;
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`${CHROMIUM} not found: apt-get install -y chromium`);
    return 2;
  }
  const server = await serveStatic(DIST);
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') console.error(`[page] ${m.text()}`);
    });
    page.on('pageerror', (e) => console.error(`[page] ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 400) console.error(`[page] HTTP ${r.status()} ${r.url()}`);
    });
    await page.goto(`http://127.0.0.1:${port}/bench.html`);
    const result = page.locator('#result');
    await result.filter({ hasText: /\S/ }).waitFor({ timeout: RESULT_TIMEOUT_MS });
    const text = (await result.textContent()) ?? '';
    const parsed = JSON.parse(text) as {
      error?: string;
      evalsPerSecond?: number;
      backend?: string;
      referenceRun?: { tasks: number; ms: number; p1_composite: number | null; p2b: number | null; p3_success: number | null; kendall_tau: number | null };
      photonics?: Record<'mie1000' | 'tmm1000', { points: number; backend: string; workerMs: number; roundTripMs: number } | undefined>;
    };
    if (parsed.error !== undefined) {
      console.error(`bench page failed: ${parsed.error}`);
      return 1;
    }
    const r = parsed.referenceRun;
    console.log(`Headless Chromium ${browser.version()}, Web Worker (comlink), backend ${parsed.backend}`);
    console.log(`  oracle: ${Math.round(parsed.evalsPerSecond ?? 0).toLocaleString('en')} evaluations/s (one worker = one core; target >= 2,000,000)`);
    if (r) {
      console.log(`  reference agent over ${r.tasks} tasks through the worker: ${(r.ms / 1000).toFixed(2)} s (target < 5 s)`);
      console.log(`  p1_composite ${r.p1_composite?.toFixed(3)}, p2b ${r.p2b?.toFixed(3)}, p3_success ${r.p3_success?.toFixed(3)}, kendall_tau ${r.kendall_tau?.toFixed(3)}`);
    }
    const spectra: [string, 'mie1000' | 'tmm1000'][] = [
      ['Mie spectrum (sphere)', 'mie1000'],
      ['thin-film spectrum (16-layer Bragg mirror)', 'tmm1000'],
    ];
    for (const [label, key] of spectra) {
      const t = parsed.photonics?.[key];
      if (t) console.log(`  ${t.points.toLocaleString('en')}-point ${label} in the photonics worker: ${t.workerMs.toFixed(1)} ms solve, ${t.roundTripMs.toFixed(1)} ms round trip (${t.backend})`);
    }
    console.log(`  raw: ${text}`);
    return 0;
  } finally {
    await browser.close();
    server.close();
  }
}

process.exitCode = await main();
