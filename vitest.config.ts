import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects (docs/testing.md):
 * - `unit`: every fast test, run by `npm test`. Files share one module registry per worker
 *   (`isolate: false`): re-importing the core and the WASM loaders for each of ~380 files cost about
 *   twice the tests' own time (a 111-file subset: 120 s → 50 s wall, 59 s → 21 s CPU).
 * - `unit-isolated`: the few `*.isolated.test.ts` files that replace a module with `vi.mock`, which
 *   needs a fresh registry; also run by `npm test`.
 * - `slow`: the files named `*.slow.test.ts` (long physics parity suites, bank regeneration, whole
 *   reproduction and design evaluations), run by `npm run test:slow` and by CI after `npm test`.
 * A plain `vitest run` runs all three.
 *
 * One worker per core: Vitest's default (cores − 1) ran the unit project on a single worker on the
 * 2-core machines this is developed and tested on, while the main process sat idle.
 */
const include = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'cli/**/*.test.ts', 'bench/**/*.test.ts', 'workers/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'];
const slow = ['**/*.slow.test.ts', '**/*.slow.test.tsx'];
const isolated = ['**/*.isolated.test.ts', '**/*.isolated.test.tsx'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'unit', include, isolate: false, exclude: [...configDefaults.exclude, ...slow, ...isolated] } },
      { extends: true, test: { name: 'unit-isolated', include: isolated, exclude: [...configDefaults.exclude, ...slow] } },
      { extends: true, test: { name: 'slow', include: slow, exclude: [...configDefaults.exclude] } },
    ],
  },
});
