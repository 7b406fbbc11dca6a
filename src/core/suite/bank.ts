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

/** A bank of one JSON file per task: the manifest lists each file with its task id, byte size and SHA-256. */
export interface FileBankManifest {
  files: readonly { file: string; task_id: string; bytes: number; sha256: string }[];
}

/**
 * Loads such a bank: manifest.json first, then each task file it lists, checked against the
 * manifest's byte size and SHA-256, parsed with the task schema and matched to its task id.
 */
export async function loadFileBank<Task extends { task_id: string }, M extends FileBankManifest>(
  readText: (file: string) => Promise<string>,
  manifestSchema: z.ZodType<M>,
  taskSchema: z.ZodType<Task>,
): Promise<{ manifest: M; tasks: Task[] }> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readText('manifest.json'));
  } catch (e) {
    throw new BankLoadError(`manifest.json: ${(e as Error).message}`);
  }
  const m = manifestSchema.safeParse(raw);
  if (!m.success) throw new BankLoadError(`manifest.json: ${describeIssues(m.error.issues)}`);
  const encoder = new TextEncoder();
  const tasks: Task[] = [];
  for (const entry of m.data.files) {
    const text = await readText(entry.file);
    const bytes = encoder.encode(text);
    if (bytes.length !== entry.bytes) throw new BankLoadError(`${entry.file}: ${bytes.length} bytes, manifest says ${entry.bytes}`);
    const digest = sha256Hex(bytes);
    if (digest !== entry.sha256) throw new BankLoadError(`${entry.file}: sha256 ${digest} does not match the manifest's ${entry.sha256}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new BankLoadError(`${entry.file}: invalid JSON (${(e as Error).message})`);
    }
    const t = taskSchema.safeParse(json);
    if (!t.success) throw new BankLoadError(`${entry.file}: ${describeIssues(t.error.issues)}`);
    if (t.data.task_id !== entry.task_id) throw new BankLoadError(`${entry.file}: task_id ${t.data.task_id}, manifest says ${entry.task_id}`);
    tasks.push(t.data);
  }
  return { manifest: m.data, tasks };
}
