// Bundles the CLI (cli/main.ts and everything it imports) into build/cli/ with esbuild, so
// `proving-ground` starts without transpiling TypeScript (cli/proving-ground.mjs runs the bundle
// when it is there and falls back to tsx when it is not). Each command stays a lazily loaded chunk
// (code splitting on main.ts's dynamic imports), so a command loads only its own code and WASM.
// Modules find files relative to their own source location (import.meta.url: build/wasm, the banks,
// package.json); each module's import.meta.url is rewritten to the URL its source file has, so those
// paths resolve from the bundle, from any working directory. esbuild comes with tsx (a dependency);
// without it the bundle is skipped with a note and the CLI runs through tsx.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'build', 'cli');

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.log('build-cli: esbuild not found; skipping the CLI bundle (proving-ground will run through tsx)');
  process.exit(0);
}

/** `import.meta.url` of each repository source file → the URL of that file (see the banner). */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      if (args.path.includes(`${'/'}node_modules${'/'}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const rel = relative(root, args.path).split('\\').join('/');
      const loader = args.path.endsWith('.ts') ? 'ts' : args.path.endsWith('.tsx') ? 'tsx' : 'js';
      return { contents: text.replaceAll('import.meta.url', `__pgSourceUrl(${JSON.stringify(rel)})`), loader };
    });
  },
};

/**
 * zod's namespace re-exports every locale (`z.locales`, ~330 kB of messages in 40-odd languages),
 * and a namespace export keeps them all in the bundle, where they are parsed on every start that
 * touches a schema. This code words errors in English only (zod's default, registered by
 * classic/schemas.js from locales/en.js directly) and never reads `z.locales`, so the bundle's
 * locale index exports English alone.
 */
const englishOnlyZodLocales = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: 'export { default as en } from "./en.js";', loader: 'js' }));
  },
};

await rm(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await esbuild.build({
  entryPoints: { main: join(root, 'cli', 'main.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunk-[hash]',
  // Every output file lies in build/cli/, two levels below the repository root.
  // Dependencies are bundled too (fewer files to resolve at start); the CommonJS ones get a require.
  banner: {
    js: [
      "import { createRequire as __pgCreateRequire } from 'node:module';",
      'const require = __pgCreateRequire(import.meta.url);',
      "const __pgSourceUrl = (p) => new URL('../../' + p, import.meta.url).href;",
    ].join(' '),
  },
  plugins: [sourceUrls, englishOnlyZodLocales],
  logLevel: 'warning',
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  metafile: true,
});
// What the bundle was built from, for the launcher's staleness check (a source edited after the
// build makes cli/proving-ground.mjs run the sources through tsx instead of a stale bundle).
const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/'));
await writeFile(join(outdir, 'inputs.json'), JSON.stringify({ built_ms: started, inputs }));
console.log(`built ${relative(root, outdir)}/main.mjs`);
