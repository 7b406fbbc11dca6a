/**
 * Loading the generated circuit banks: manifest first, then each bank file it lists, checked against
 * the manifest's byte size and SHA-256 and parsed line by line with CircuitTaskSchema. Errors name
 * the file, the line and the offending field, so a corrupted or stale bank fails loudly.
 */
import { sha256Hex } from '../../hash/sha256.ts';
import { BankLoadError } from '../../veh/bank/load.ts';
import type { Probe } from '../../veh/task-schema.ts';
import { CircuitBankManifestSchema, CircuitTaskSchema, type CircuitBankManifest, type CircuitTask } from '../task-schema.ts';

export { BankLoadError };

const describeIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): string =>
  issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? i.path.map(String).join('.') : '(root)'}: ${i.message}`)
    .join('; ');

/** Parses JSONL circuit tasks (one per line, trailing newline allowed); `probe` requires every task to be that probe. */
export function parseCircuitBankJsonl(text: string, probe?: Probe): CircuitTask[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const seen = new Set<string>();
  return lines.map((line, i) => {
    const where = `line ${i + 1}`;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      throw new BankLoadError(`${where}: invalid JSON (${(e as Error).message})`);
    }
    const parsed = CircuitTaskSchema.safeParse(raw);
    if (!parsed.success) throw new BankLoadError(`${where}: ${describeIssues(parsed.error.issues)}`);
    const task = parsed.data;
    if (probe && task.probe !== probe) throw new BankLoadError(`${where} (task ${task.task_id}): probe ${task.probe} in the ${probe} bank`);
    if (seen.has(task.task_id)) throw new BankLoadError(`${where}: duplicate task_id ${task.task_id}`);
    seen.add(task.task_id);
    return task;
  });
}

/** Reads manifest.json and every bank it lists through `readText`, verifying sizes, hashes and counts. */
export async function loadCircuitBank(readText: (file: string) => Promise<string>): Promise<{ manifest: CircuitBankManifest; tasks: CircuitTask[] }> {
  let manifestRaw: unknown;
  try {
    manifestRaw = JSON.parse(await readText('manifest.json'));
  } catch (e) {
    throw new BankLoadError(`manifest.json: ${(e as Error).message}`);
  }
  const parsed = CircuitBankManifestSchema.safeParse(manifestRaw);
  if (!parsed.success) throw new BankLoadError(`manifest.json: ${describeIssues(parsed.error.issues)}`);
  const manifest = parsed.data;
  const encoder = new TextEncoder();
  const tasks: CircuitTask[] = [];
  for (const bank of manifest.banks) {
    const text = await readText(bank.file);
    const bytes = encoder.encode(text);
    if (bytes.length !== bank.bytes) throw new BankLoadError(`${bank.file}: ${bytes.length} bytes, manifest says ${bank.bytes}`);
    const digest = sha256Hex(bytes);
    if (digest !== bank.sha256) throw new BankLoadError(`${bank.file}: sha256 ${digest} does not match the manifest's ${bank.sha256}`);
    let bankTasks: CircuitTask[];
    try {
      bankTasks = parseCircuitBankJsonl(text, bank.probe);
    } catch (e) {
      throw new BankLoadError(`${bank.file}: ${(e as Error).message}`);
    }
    if (bankTasks.length !== bank.count) throw new BankLoadError(`${bank.file}: ${bankTasks.length} tasks, manifest says ${bank.count}`);
    for (const [split, count] of Object.entries(bank.by_split)) {
      const actual = bankTasks.filter((t) => t.split === split).length;
      if (actual !== count) throw new BankLoadError(`${bank.file}: ${actual} ${split} tasks, manifest says ${count}`);
    }
    tasks.push(...bankTasks);
  }
  return { manifest, tasks };
}
