/**
 * `proving-ground mcp`: serves the photonics-agent tools (list_resources, read_resource, estimate,
 * solve, compare, optimize) over MCP on stdin/stdout until the client disconnects. Nothing else
 * is written to stdout (it carries the protocol); notes go to stderr.
 */
import { readFileSync } from 'node:fs';
import type { CommandIo } from '../io.ts';
import { createInProcessPhotonicsAgentEnv } from '../../src/adapters/node/photonics-agent-env.ts';
import { serveStdio } from '../../src/adapters/node/mcp-server.ts';

export async function mcpCommand(args: readonly string[], io: CommandIo): Promise<number> {
  if (args.length > 0) {
    io.stderr(`mcp: takes no arguments (got ${args.join(' ')})\nusage: proving-ground mcp   (an MCP server on stdio: point an MCP client at this command)`);
    return 2;
  }
  const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  const env = await createInProcessPhotonicsAgentEnv();
  await serveStdio(env, version);
  return 0;
}
