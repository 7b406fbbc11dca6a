import { defineConfig } from '@playwright/test';

const PORT = 4310;
const SUB_PATH = '/some/sub/path/';

/**
 * End-to-end tests of the built page (run `npm run build` first; `npm run test:e2e` does), served
 * from a sub-path by e2e/serve-dist.mjs. Uses the system Chromium: no browser download.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: `node e2e/serve-dist.mjs --port ${PORT} --base ${SUB_PATH} --root dist`,
    url: `http://127.0.0.1:${PORT}${SUB_PATH}`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
