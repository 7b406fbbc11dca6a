/**
 * Loading the design bank: manifest.json first, then each task file it lists, checked against the
 * manifest's byte size and SHA-256 and parsed with the task schema. Errors name the file and field.
 */
import { sha256Hex } from '../../hash/sha256.ts';
import { BankLoadError } from '../../suite/bank.ts';
import { DesignBankManifestSchema, DesignTaskSchema, type DesignBankManifest, type DesignTask } from '../task-schema.ts';

const issuesText = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): string =>
  issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? i.path.map(String).join('.') : '(root)'}: ${i.message}`)
    .join('; ');

export async function loadDesignBank(readText: (file: string) => Promise<string>): Promise<{ manifest: DesignBankManifest; tasks: DesignTask[] }> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readText('manifest.json'));
  } catch (e) {
    throw new BankLoadError(`manifest.json: ${(e as Error).message}`);
  }
  const m = DesignBankManifestSchema.safeParse(raw);
  if (!m.success) throw new BankLoadError(`manifest.json: ${issuesText(m.error.issues)}`);
  const encoder = new TextEncoder();
  const tasks: DesignTask[] = [];
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
    const t = DesignTaskSchema.safeParse(json);
    if (!t.success) throw new BankLoadError(`${entry.file}: ${issuesText(t.error.issues)}`);
    if (t.data.task_id !== entry.task_id) throw new BankLoadError(`${entry.file}: task_id ${t.data.task_id}, manifest says ${entry.task_id}`);
    tasks.push(t.data);
  }
  const design = tasks.filter((t) => t.family === 'design').length;
  if (design !== m.data.counts.design || tasks.length - design !== m.data.counts.reimplementation) throw new BankLoadError(`manifest.json: counts say ${m.data.counts.design} design + ${m.data.counts.reimplementation} reimplementation, the files hold ${design} + ${tasks.length - design}`);
  return { manifest: m.data, tasks };
}
