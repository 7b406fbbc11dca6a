import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects (docs/testing.md): `unit` holds every fast test and runs in `npm test`; `slow` holds
 * the files named `*.slow.test.ts` (long physics parity suites, bank regeneration), run by
 * `npm run test:slow` and by CI after `npm test`. A plain `vitest run` runs both.
 */
const include = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'cli/**/*.test.ts', 'bench/**/*.test.ts', 'workers/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'];
const slow = ['**/*.slow.test.ts', '**/*.slow.test.tsx'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include, exclude: [...configDefaults.exclude, ...slow] } },
      { extends: true, test: { name: 'slow', include: slow, exclude: [...configDefaults.exclude] } },
    ],
  },
});
