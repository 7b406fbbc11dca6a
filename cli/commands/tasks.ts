/**
 * `proving-ground tasks [--suite veh|circuit] [--probe P1] [--split dev] [--dir DIR]`: prints the
 * generated tasks as JSONL, after loading the bank through its manifest (sizes, hashes and schema checked).
 */
import { bankTextReader, DEFAULT_CIRCUIT_BANK_DIR, DEFAULT_VEH_BANK_DIR } from '../../src/adapters/node/run-files.ts';
import { loadCircuitBank } from '../../src/core/circuit-audit/bank/load.ts';
import { loadVehBank } from '../../src/core/veh/bank/load.ts';
import { EXIT_USAGE, filterTasks, parseFlags, parseProbe, parseSplit, parseSuite, usageMessage, type Suite, type TaskFilter } from '../args.ts';
import type { CommandIo } from '../io.ts';

const USAGE = 'usage: proving-ground tasks [--suite veh|circuit] [--probe P1|P2|P3|P4] [--split dev|test_id|test_ood] [--dir DIR]';

interface TasksArgs extends TaskFilter {
  dir: string;
  suite?: Suite;
}

/** The parsed flags, or the usage message naming the problem. `suite` is present only for circuit (veh is the default). */
export function parseTasksArgs(args: readonly string[]): TasksArgs | string {
  try {
    const { values } = parseFlags(args, { suite: { type: 'string' }, probe: { type: 'string' }, split: { type: 'string' }, dir: { type: 'string' } });
    const suite = parseSuite(values.suite);
    const base = { probe: parseProbe(values.probe), split: parseSplit(values.split) };
    if (suite === 'circuit') return { ...base, dir: values.dir ?? DEFAULT_CIRCUIT_BANK_DIR, suite };
    return { ...base, dir: values.dir ?? DEFAULT_VEH_BANK_DIR };
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
  const { tasks } = parsed.suite === 'circuit' ? await loadCircuitBank(bankTextReader(parsed.dir)) : await loadVehBank(bankTextReader(parsed.dir));
  const chosen = filterTasks<{ probe: string; split: string }>(tasks, parsed);
  if (chosen.length > 0) io.stdout(chosen.map((t) => JSON.stringify(t)).join('\n') + '\n');
  return 0;
}
