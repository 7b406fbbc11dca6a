/**
 * `proving-ground tasks [--suite ID] [--<facet> V …] [--dir DIR]`: prints a suite's tasks as JSONL,
 * after loading the bank through its manifest (sizes, hashes and schema checked). The suite's
 * facets are the filters (VEH and the circuit audit: --probe, --split, --difficulty, …).
 */
import { bankTextReader } from '../../src/adapters/node/run-files.ts';
import { defaultBankDir } from '../../src/adapters/node/suite-environments.ts';
import type { AnySuite } from '../../src/core/suite/contract.ts';
import { SUITES } from '../../src/core/suites.ts';
import { EXIT_USAGE, parseFlags, usageMessage } from '../args.ts';
import { parseSuite } from '../suite-args.ts';
import { facetFlags, filterByFacets, parseFacetFlags } from '../facets.ts';
import type { CommandIo } from '../io.ts';
import { suiteFlag } from './run.ts';

const usage = (): string => `usage: proving-ground tasks [--suite ${SUITES.ids().join('|')}] [--probe P1|P2|P3|P4] [--split dev|test_id|test_ood] [--<facet> VALUE] [--dir DIR]`;

interface TasksArgs {
  suite: AnySuite;
  facets: Record<string, string>;
  dir: string;
}

/** The parsed flags, or the usage message naming the problem. */
export function parseTasksArgs(args: readonly string[]): TasksArgs | string {
  try {
    const suite = SUITES.get(parseSuite(suiteFlag(args)));
    const { values } = parseFlags(args, { suite: { type: 'string' }, dir: { type: 'string' }, ...facetFlags(suite) });
    const facets = parseFacetFlags(suite, values);
    return { suite, facets, dir: typeof values.dir === 'string' ? values.dir : defaultBankDir(suite) };
  } catch (e) {
    return usageMessage(e);
  }
}

export async function tasksCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseTasksArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`tasks: ${parsed}\n${usage()}`);
    return EXIT_USAGE;
  }
  const { suite } = parsed;
  const { tasks } = await suite.bank.load(bankTextReader(parsed.dir));
  let chosen: { task_id: string }[];
  try {
    chosen = filterByFacets(suite, tasks, parsed.facets).tasks;
  } catch (e) {
    io.stderr(`tasks: ${usageMessage(e)}\n${usage()}`);
    return EXIT_USAGE;
  }
  const view = suite.bank.publicView?.bind(suite.bank) ?? ((t: unknown) => t);
  if (chosen.length > 0) io.stdout(chosen.map((t) => JSON.stringify(view(t))).join('\n') + '\n');
  return 0;
}
