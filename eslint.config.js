import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'node_modules/', 'test-results/', 'playwright-report/', 'assembly/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // src/core must stay free of DOM, IndexedDB, fetch and ambient time/randomness.
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'indexedDB', 'fetch', 'localStorage', 'navigator'],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Pass an Rng in; core is deterministic.' },
        { object: 'Date', property: 'now', message: 'Pass a Clock in.' },
      ],
    },
  },
  {
    // The generic layers know no suite: they take one (src/core/suite/contract.ts) as an argument,
    // and only the composition root src/core/suites.ts imports the suite folders. Tests and their
    // helpers (test-*.ts) may run a real suite to exercise a generic layer.
    files: ['src/core/{agent,run,llm,store,export,verify,leaderboard,analyses,suite}/**/*.ts'],
    ignores: ['src/core/**/*.test.ts', 'src/core/**/test-*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/veh/**', '**/circuit-audit/**', '**/photonics-agent/**', '**/design/**', '**/reproduction/**', '**/suites.ts'],
              message: 'Generic layers take a suite as an argument (src/core/suite/contract.ts); only src/core/suites.ts imports suites.',
            },
            { group: ['**/app/**', '**/adapters/**'], message: 'src/core is pure: adapters and the page depend on it, never the other way round.' },
          ],
        },
      ],
    },
  },
  {
    // Statistics stay below the agent layer (they are used by metrics, analyses and the bank generator).
    files: ['src/core/stats/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/agent/**', '**/run/**', '**/llm/**'], message: 'stats must not depend on the agent, run or llm layers.' },
            { group: ['**/app/**', '**/adapters/**'], message: 'src/core is pure: adapters and the page depend on it, never the other way round.' },
          ],
        },
      ],
    },
  },
  {
    // The whole core is pure TypeScript: it never reaches into the page or the platform adapters.
    files: ['src/core/**/*.ts'],
    // (Each block above carries this pattern too: a later block's rule replaces an earlier one's.)
    ignores: ['src/core/**/*.test.ts', 'src/core/{agent,run,llm,store,export,verify,leaderboard,analyses,suite,stats}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**', '**/adapters/**'], message: 'src/core is pure: adapters and the page depend on it, never the other way round.' }] }] },
  },
  {
    // Test helpers inside the generic layers may run a real suite, but stay pure like the rest of core.
    files: ['src/core/{agent,run,llm,store,export,verify,leaderboard,analyses,suite}/**/test-*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**', '**/adapters/**'], message: 'src/core is pure: adapters and the page depend on it, never the other way round.' }] }] },
  },
  {
    // The unit project shares one module registry per worker (vitest.config.ts, isolate: false): a
    // module replaced by vi.mock would leak into the files that run after it. Such files are named
    // *.isolated.test.ts and run in their own project.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    ignores: ['**/*.isolated.test.ts', '**/*.isolated.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]",
          message: 'vi.mock needs a fresh module registry: name the file *.isolated.test.ts (docs/testing.md).',
        },
      ],
    },
  },
);
