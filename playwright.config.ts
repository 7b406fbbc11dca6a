import { defineConfig } from '@playwright/test';
import { DIST_PORT, STANDIN_PORT } from './e2e/e2e-ports.ts';

// Free ports picked at config load (e2e/e2e-ports.ts), so a server left over from a killed run cannot block the next one.
const PORT = DIST_PORT;
const SUB_PATH = '/some/sub/path/';
// Distinctive, so the key-absence test cannot be fooled by an unrelated match.
const STANDIN_KEY = 'pg-e2e-key-7f3a9c41d2';

/**
 * End-to-end tests of the built page (run `npm run build` first; `npm run test:e2e` does), served
 * from a sub-path by e2e/serve-dist.mjs. Uses the system Chromium: no browser download.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two workers (one per core here): each test has its own browser context, so its own IndexedDB, and
  // the stand-in model servers are stateless per request; the fast set took 5.9 min instead of about
  // 12. `npm run test:slow` runs the @slow tests on one worker: some of them time the page.
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}${SUB_PATH}`,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--enable-unsafe-webgpu',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: `node e2e/serve-dist.mjs --port ${PORT} --base ${SUB_PATH} --root dist`,
      url: `http://127.0.0.1:${PORT}${SUB_PATH}`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // OpenAI-compatible, Anthropic and Gemini wire formats on 127.0.0.1 with a scripted VEH brain; no internet.
      command: `npx tsx test/llm-standin/main.ts --port ${STANDIN_PORT} --key ${STANDIN_KEY}`,
      // The model list answers 401 without the key: enough to know it is up (Playwright accepts 401 as ready).
      url: `http://127.0.0.1:${STANDIN_PORT}/openai/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
