/**
 * Loading a generated task bank, for any suite: the manifest first, then each bank file it lists,
 * checked against the manifest's byte size and SHA-256, parsed line by line with the suite's task
 * schema, with the counts per file and per split checked too. Errors name the file, the line
 * number and the offending field, so a corrupted or stale bank fails loudly.
 */
import type { z } from 'zod';
import { sha256Hex } from '../hash/sha256.ts';

export class BankLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankLoadError';
  }
}

const describeIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): string =>
  issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? i.path.map(String).join('.') : '(root)'}: ${i.message}`)
    .join('; ');

/** What every bank manifest lists per bank file. */
export interface BankFileEntry {
  file: string;
  /** The group every task of the file belongs to (VEH: its probe). */
  probe: string;
  count: number;
  bytes: number;
  sha256: string;
  by_split: Record<string, number>;
}

export interface BankSpec<Task extends { task_id: string; probe: string; split: string }, M extends { banks: readonly BankFileEntry[] }> {
  manifestSchema: z.ZodType<M>;
  taskSchema: z.ZodType<Task>;
}

/** Parses JSONL task text (one task per line, trailing newline allowed); `probe` requires every task to be that probe. */
export function parseBankJsonl<Task extends { task_id: string; probe: string }>(schema: z.ZodType<Task>, text: string, probe?: string): Task[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const tasks: Task[] = [];
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    const where = `line ${i + 1}`;
    if (line.trim() === '') throw new BankLoadError(`${where}: empty line`);
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      throw new BankLoadError(`${where}: invalid JSON (${(e as Error).message})`);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const id = typeof raw === 'object' && raw !== null && 'task_id' in raw ? ` (task ${String((raw as { task_id: unknown }).task_id)})` : '';
      throw new BankLoadError(`${where}${id}: ${describeIssues(parsed.error.issues)}`);
    }
    const task = parsed.data;
    if (probe && task.probe !== probe) throw new BankLoadError(`${where} (task ${task.task_id}): probe ${task.probe} in the ${probe} bank`);
    if (seen.has(task.task_id)) throw new BankLoadError(`${where}: duplicate task_id ${task.task_id}`);
    seen.add(task.task_id);
    tasks.push(task);
  });
  return tasks;
}

/** Reads manifest.json and every bank it lists through `readText`, verifying sizes, hashes and counts. */
export async function loadBank<Task extends { task_id: string; probe: string; split: string }, M extends { banks: readonly BankFileEntry[] }>(
  spec: BankSpec<Task, M>,
  readText: (file: string) => Promise<string>,
): Promise<{ manifest: M; tasks: Task[] }> {
  let manifestRaw: unknown;
  try {
    manifestRaw = JSON.parse(await readText('manifest.json'));
  } catch (e) {
    throw new BankLoadError(`manifest.json: ${(e as Error).message}`);
  }
  const parsed = spec.manifestSchema.safeParse(manifestRaw);
  if (!parsed.success) throw new BankLoadError(`manifest.json: ${describeIssues(parsed.error.issues)}`);
  const manifest = parsed.data;
  const encoder = new TextEncoder();
  const tasks: Task[] = [];
  for (const bank of manifest.banks) {
    const text = await readText(bank.file);
    const bytes = encoder.encode(text);
    if (bytes.length !== bank.bytes) throw new BankLoadError(`${bank.file}: ${bytes.length} bytes, manifest says ${bank.bytes}`);
    const digest = sha256Hex(bytes);
    if (digest !== bank.sha256) throw new BankLoadError(`${bank.file}: sha256 ${digest} does not match the manifest's ${bank.sha256}`);
    let bankTasks: Task[];
    try {
      bankTasks = parseBankJsonl(spec.taskSchema, text, bank.probe);
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
