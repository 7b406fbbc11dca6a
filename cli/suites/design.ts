/**
 * The design suite's CLI flags, on top of the facets --family and --physics:
 *  --only <task id prefixes>  (comma-separated), as the photonics agent's
 *  --strict                   exit 1 unless every task's scored design is valid
 */
import type { DesignRunOptions } from '../../src/core/design/episode.ts';
import type { DesignTask } from '../../src/core/design/task-schema.ts';
import { parseOnly, selectOnly } from './photonics-agent.ts';
import type { CliSuitePlugin } from './types.ts';

export const designCli: CliSuitePlugin<DesignTask, DesignRunOptions> = {
  flags: { only: { type: 'string' }, strict: { type: 'boolean' } },
  usage: ['[--only <task id prefixes, comma-separated>] [--family design|reimplementation] [--physics thin-film|heat|veh|…] [--strict]'],
  check(values) {
    parseOnly(values.only);
  },
  select: ({ values, filtered }) => selectOnly(values, filtered),
  verdict(values, rows) {
    if (values.strict !== true) return null;
    const invalid = (rows as readonly { task_id: string; valid: boolean }[]).filter((r) => !r.valid);
    return invalid.length === 0 ? null : `--strict: ${invalid.length} of ${rows.length} tasks have no valid design (${invalid.slice(0, 5).map((r) => r.task_id).join(', ')}${invalid.length > 5 ? ', …' : ''})`;
  },
};
