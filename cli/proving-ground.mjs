#!/usr/bin/env node
// Entry point of the `proving-ground` CLI. The CLI runs the same TypeScript core as the page: from
// the prebuilt bundle build/cli/main.mjs (`npm run build:cli`, part of `prepare`, so `npm ci` makes
// it) when that is there and no source it was built from changed since; otherwise tsx compiles the
// TypeScript on the fly, so a fresh clone without a build, or a source edited since, still works.
// PROVING_GROUND_TSX=1 forces the sources.
import { readFileSync, statSync } from 'node:fs';

// A reader that closes the pipe early (`proving-ground tasks | head`) is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

/** The bundle's URL when it is there and current (every input older than the build), else null. */
function currentBundle() {
  if (process.env.PROVING_GROUND_TSX === '1') return null;
  const root = new URL('../', import.meta.url);
  try {
    const { built_ms, inputs } = JSON.parse(readFileSync(new URL('build/cli/inputs.json', root), 'utf8'));
    for (const file of inputs) if (statSync(new URL(file, root)).mtimeMs > built_ms) return null;
    return new URL('build/cli/main.mjs', root).href;
  } catch {
    return null; // no bundle, or an input gone: run the sources
  }
}

const bundle = currentBundle();
let main;
if (bundle !== null) {
  ({ main } = await import(bundle));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('./main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
