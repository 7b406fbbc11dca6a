/**
 * The design suite's CLI flags, on top of the facets --family and --physics:
 *  --only <task id prefixes>  (comma-separated), as the photonics agent's
 *  --strict                   exit 1 unless every task's scored design is valid
 */
import type { DesignRunOptions } from '../../src/core/design/episode.ts';
import type { DesignTask } from '../../src/core/design/task-schema.ts';
import { UsageError } from '../args.ts';
import { parseOnly } from './photonics-agent.ts';
import type { CliSuitePlugin } from './types.ts';

export const designCli: CliSuitePlugin<DesignTask, DesignRunOptions> = {
  flags: { only: { type: 'string' }, strict: { type: 'boolean' } },
  usage: ['[--only <task id prefixes, comma-separated>] [--family design|reimplementation] [--physics thin-film|heat|veh|…] [--strict]'],
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
  verdict(values, rows) {
    if (values.strict !== true) return null;
    const invalid = (rows as readonly { task_id: string; valid: boolean }[]).filter((r) => !r.valid);
    return invalid.length === 0 ? null : `--strict: ${invalid.length} of ${rows.length} tasks have no valid design (${invalid.slice(0, 5).map((r) => r.task_id).join(', ')}${invalid.length > 5 ? ', …' : ''})`;
  },
};
