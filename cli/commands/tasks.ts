/**
 * `proving-ground tasks [--suite veh] [--probe P1] [--split dev] [--dir DIR]`: prints the generated
 * tasks as JSONL, after loading the bank through its manifest (sizes, hashes and schema checked).
 */
import { bankTextReader, DEFAULT_VEH_BANK_DIR } from '../../src/adapters/node/run-files.ts';
import { loadVehBank } from '../../src/core/veh/bank/load.ts';
import { EXIT_USAGE, filterTasks, parseFlags, parseProbe, parseSplit, parseSuite, usageMessage, type TaskFilter } from '../args.ts';
import type { CommandIo } from '../io.ts';

const USAGE = 'usage: proving-ground tasks [--suite veh] [--probe P1|P2|P3|P4] [--split dev|test_id|test_ood] [--dir DIR]';

interface TasksArgs extends TaskFilter {
  dir: string;
}

/** The parsed flags, or the usage message naming the problem. */
export function parseTasksArgs(args: readonly string[]): TasksArgs | string {
  try {
    const { values } = parseFlags(args, { suite: { type: 'string' }, probe: { type: 'string' }, split: { type: 'string' }, dir: { type: 'string' } });
    parseSuite(values.suite);
    return { probe: parseProbe(values.probe), split: parseSplit(values.split), dir: values.dir ?? DEFAULT_VEH_BANK_DIR };
  } catch (e) {
    return usageMessage(e);
  }
}

export async function tasksCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseTasksArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`tasks: ${parsed}\n${USAGE}`);
    return EXIT_USAGE;
  }
  const { tasks } = await loadVehBank(bankTextReader(parsed.dir));
  const chosen = filterTasks(tasks, parsed);
  if (chosen.length > 0) io.stdout(chosen.map((t) => JSON.stringify(t)).join('\n') + '\n');
  return 0;
}
