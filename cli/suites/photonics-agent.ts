/**
 * The photonics agent's CLI flags, on top of the facets --category and --kind:
 *  --only <task id prefixes>  (comma-separated)
 *  --server-cmd "CMD ARGS"    take the tools from an MCP server over stdio instead of the in-process engine
 *  --server-env K=V[,K=V]     extra environment of that server (it gets no other variables but PATH,
 *                             HOME and the like: no API keys or cloud credentials reach it)
 *  --shared-server            one server for the whole run (default --server-per-task: a fresh one per task)
 *  --strict                   exit 1 unless every task passes
 */
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createMcpPhotonicsAgentEnv } from '../../src/adapters/node/photonics-agent-env.ts';
import type { PhotonicsRunOptions } from '../../src/core/photonics-agent/episode.ts';
import type { PhotonicsTask } from '../../src/core/photonics-agent/task-schema.ts';
import { UsageError } from '../args.ts';
import type { CliSuitePlugin, FlagValues } from './types.ts';

/** The prefixes of --only, or null when absent; an empty list is a usage error. */
/** A plugin's `select` for `--only`: the filtered tasks whose id starts with a prefix (all when the flag is absent). */
export function selectOnly<T extends { task_id: string }>(values: Readonly<Record<string, unknown>>, filtered: readonly T[]) {
  const prefixes = parseOnly(values.only as string | boolean | undefined);
  if (prefixes === null) return Promise.resolve({ tasks: [...filtered], options: {}, filters: {}, warnings: [] });
  const tasks = filtered.filter((t) => prefixes.some((p) => t.task_id.startsWith(p)));
  if (tasks.length === 0) throw new UsageError(`--only ${prefixes.join(',')} matches no task of the selection`);
  return Promise.resolve({ tasks, options: {}, filters: { only: prefixes.join(',') }, warnings: [] });
}

export function parseOnly(value: string | boolean | undefined): string[] | null {
  if (value === undefined) return null;
  const prefixes = String(value)
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (prefixes.length === 0) throw new UsageError('--only needs task id prefixes, e.g. --only scat-trap,stack-');
  return prefixes;
}

/** "node server.js --flag 'a b'" → ['node', 'server.js', '--flag', 'a b'] (single or double quotes group). */
export function splitCommand(cmd: string): string[] {
  const parts = [...cmd.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  if (parts.length === 0) throw new UsageError('--server-cmd needs a command, e.g. --server-cmd "proving-ground mcp"');
  return parts;
}

export function parseServerEnv(value: string | boolean | undefined): Record<string, string> {
  if (value === undefined) return {};
  const out: Record<string, string> = {};
  for (const pair of String(value).split(',').filter((p) => p.trim() !== '')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--server-env takes K=V pairs separated by commas, got "${pair}"`);
    out[pair.slice(0, eq).trim()] = pair.slice(eq + 1);
  }
  return out;
}

function checkServerFlags(values: FlagValues): void {
  if (values['shared-server'] && values['server-per-task']) throw new UsageError('--shared-server and --server-per-task are exclusive');
  const serverOnly = ['server-env', 'shared-server', 'server-per-task'].filter((f) => values[f] !== undefined);
  if (values['server-cmd'] === undefined && serverOnly.length > 0) throw new UsageError(`--${serverOnly[0]} needs --server-cmd`);
  if (values['server-cmd'] !== undefined) splitCommand(String(values['server-cmd']));
  parseServerEnv(values['server-env']);
}

export const photonicsAgentCli: CliSuitePlugin<PhotonicsTask, PhotonicsRunOptions> = {
  flags: { only: { type: 'string' }, 'server-cmd': { type: 'string' }, 'server-env': { type: 'string' }, 'shared-server': { type: 'boolean' }, 'server-per-task': { type: 'boolean' }, strict: { type: 'boolean' } },
  usage: [
    '[--only <task id prefixes, comma-separated>] [--category standard|trap|pushback|warning] [--kind scattering|layer_stack|mode|circuit|periodic|bands|device|optimization]',
    '[--server-cmd "CMD ARGS" [--server-env K=V,…] [--shared-server | --server-per-task]] [--strict]',
  ],
  check(values) {
    parseOnly(values.only);
    checkServerFlags(values);
  },
  select: ({ values, filtered }) => selectOnly(values, filtered),
  async environment(values) {
    if (values['server-cmd'] === undefined) return null;
    const [command, ...args] = splitCommand(String(values['server-cmd']));
    return createMcpPhotonicsAgentEnv({ command: command as string, args, env: { ...getDefaultEnvironment(), ...parseServerEnv(values['server-env']) } }, { shared: values['shared-server'] === true });
  },
  verdict(values, rows) {
    if (values.strict !== true) return null;
    const failed = (rows as readonly { task_id: string; pass: boolean }[]).filter((r) => !r.pass);
    return failed.length === 0 ? null : `--strict: ${failed.length} of ${rows.length} tasks did not pass (${failed.slice(0, 5).map((r) => r.task_id).join(', ')}${failed.length > 5 ? ', …' : ''})`;
  },
};
