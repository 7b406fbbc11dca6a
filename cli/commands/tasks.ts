/**
 * `proving-ground tasks --suite veh [--probe P1] [--split dev] [--dir DIR]`: prints the generated
 * tasks as JSONL, after loading the bank through its manifest (sizes, hashes and schema checked).
 */
import { bankTextReader, DEFAULT_VEH_BANK_DIR } from '../../src/adapters/node/run-files.ts';
import { loadVehBank } from '../../src/core/veh/bank/load.ts';
import { ProbeSchema, SplitSchema, type Probe, type Split } from '../../src/core/veh/task-schema.ts';
import type { CommandIo } from '../io.ts';

const USAGE = 'usage: proving-ground tasks --suite veh [--probe P1|P2|P3|P4] [--split dev|test_id|test_ood] [--dir DIR]';

interface TasksArgs {
  probe: Probe | null;
  split: Split | null;
  dir: string;
}

export function parseTasksArgs(args: readonly string[]): TasksArgs | string {
  let suite: string | null = null;
  let probe: Probe | null = null;
  let split: Split | null = null;
  let dir = DEFAULT_VEH_BANK_DIR;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const v = args[i + 1];
    if (a !== '--suite' && a !== '--probe' && a !== '--split' && a !== '--dir') return `unknown argument "${a}"`;
    if (v === undefined) return `${a} needs a value`;
    i++;
    if (a === '--suite') suite = v;
    else if (a === '--dir') dir = v;
    else if (a === '--probe') {
      const p = ProbeSchema.safeParse(v);
      if (!p.success) return `unknown probe "${v}"; choose one of ${ProbeSchema.options.join(', ')}`;
      probe = p.data;
    } else {
      const s = SplitSchema.safeParse(v);
      if (!s.success) return `unknown split "${v}"; choose one of ${SplitSchema.options.join(', ')}`;
      split = s.data;
    }
  }
  if (suite !== 'veh') return suite === null ? '--suite is required' : `unknown suite "${suite}"; available: veh`;
  return { probe, split, dir };
}

export async function tasksCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseTasksArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`tasks: ${parsed}\n${USAGE}`);
    return 2;
  }
  const { tasks } = await loadVehBank(bankTextReader(parsed.dir));
  const chosen = tasks.filter((t) => (parsed.probe === null || t.probe === parsed.probe) && (parsed.split === null || t.split === parsed.split));
  if (chosen.length > 0) io.stdout(chosen.map((t) => JSON.stringify(t)).join('\n') + '\n');
  return 0;
}
