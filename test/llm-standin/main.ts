/**
 * The stand-in as a process, for the e2e tests and the CLI's manual checks:
 *
 *   npx tsx test/llm-standin/main.ts --port 4321 [--key test-key | --no-key]
 *
 * serves all three providers with the VEH brain (model ids veh-anchor-fixed, veh-always-propose,
 * veh-last-state; append `@slow` to stream a reply slowly, event by event), prints one line with its
 * URL and the three base URLs, and exits on SIGTERM/SIGINT.
 */
import { parseArgs } from 'node:util';
import { startStandin } from './server.ts';
import { VEH_MODELS, vehBrain } from './brains/veh.ts';

function fail(message: string): never {
  process.stderr.write(`llm-standin: ${message}\n`);
  process.exit(2);
}

let values: { port?: string; key?: string; 'no-key'?: boolean };
try {
  ({ values } = parseArgs({ options: { port: { type: 'string' }, key: { type: 'string' }, 'no-key': { type: 'boolean' } }, strict: true }));
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be an integer 0–65535, got "${values.port}"`);
if (values['no-key'] && values.key !== undefined) fail('--key and --no-key exclude each other');

const standin = await startStandin({ brain: vehBrain, port, key: values['no-key'] ? null : (values.key ?? 'test-key'), models: VEH_MODELS });
process.stdout.write(
  `llm-standin listening on ${standin.url} (openai ${standin.baseUrls.openai}, anthropic ${standin.baseUrls.anthropic}, gemini ${standin.baseUrls.gemini}; models ${VEH_MODELS.join(', ')})\n`,
);

let closing = false;
const shutdown = (): void => {
  if (closing) return;
  closing = true;
  void standin.close().then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
