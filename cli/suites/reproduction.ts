/**
 * The paper-reproduction suite's CLI flags, on top of the facet --solver:
 *  --only <task id prefixes>  (comma-separated), as the design suite's
 *  --strict                   exit 1 unless every task is Full (score strictly above 0.9)
 */
import type { ReproductionRunOptions } from '../../src/core/reproduction/episode.ts';
import type { ReproductionBankTask } from '../../src/core/reproduction/task-schema.ts';
import { parseOnly, selectOnly } from './photonics-agent.ts';
import type { CliSuitePlugin } from './types.ts';

export const reproductionCli: CliSuitePlugin<ReproductionBankTask, ReproductionRunOptions> = {
  flags: { only: { type: 'string' }, strict: { type: 'boolean' } },
  usage: ['[--only <task id prefixes, comma-separated>] [--solver circuit|eme|mode|scattering|…] [--strict]'],
  check(values) {
    parseOnly(values.only);
  },
  select: ({ values, filtered }) => selectOnly(values, filtered),
  verdict(values, rows) {
    if (values.strict !== true) return null;
    const partial = (rows as readonly { task_id: string; full: boolean }[]).filter((r) => !r.full);
    return partial.length === 0 ? null : `--strict: ${partial.length} of ${rows.length} tasks are not Full (${partial.slice(0, 5).map((r) => r.task_id).join(', ')}${partial.length > 5 ? ', …' : ''})`;
  },
};
