#!/usr/bin/env node
// Entry point of the `proving-ground` CLI. The CLI runs the same TypeScript core as the page;
// tsx compiles it on the fly so there is no separate build step for Node.
import { register } from 'tsx/esm/api';

// A reader that closes the pipe early (`proving-ground tasks | head`) is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
