/**
 * The photonics agent's CLI flag: --only <task id prefixes> (comma-separated), on top of the
 * facets --category and --kind. The suite has no run options of its own.
 */
import type { PhotonicsRunOptions } from '../../src/core/photonics-agent/episode.ts';
import type { PhotonicsTask } from '../../src/core/photonics-agent/task-schema.ts';
import { UsageError } from '../args.ts';
import type { CliSuitePlugin } from './types.ts';

/** The prefixes of --only, or null when absent; an empty list is a usage error. */
export function parseOnly(value: string | boolean | undefined): string[] | null {
  if (value === undefined) return null;
  const prefixes = String(value)
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (prefixes.length === 0) throw new UsageError('--only needs task id prefixes, e.g. --only scat-trap,stack-');
  return prefixes;
}

export const photonicsAgentCli: CliSuitePlugin<PhotonicsTask, PhotonicsRunOptions> = {
  flags: { only: { type: 'string' } },
  usage: ['[--only <task id prefixes, comma-separated>] [--category standard|trap|pushback|warning] [--kind scattering|layer_stack|mode|circuit|periodic|bands|device|optimization]'],
  check(values) {
    parseOnly(values.only);
  },
  select({ values, filtered }) {
    const prefixes = parseOnly(values.only);
    if (prefixes === null) return Promise.resolve({ tasks: [...filtered], options: {}, filters: {}, warnings: [] });
    const tasks = filtered.filter((t) => prefixes.some((p) => t.task_id.startsWith(p)));
    if (tasks.length === 0) throw new UsageError(`--only ${prefixes.join(',')} matches no task of the selection`);
    return Promise.resolve({ tasks, options: {}, filters: { only: prefixes.join(',') }, warnings: [] });
  },
};
