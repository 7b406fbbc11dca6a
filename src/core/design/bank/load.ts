/**
 * Loading the design bank: every task file checked against the manifest's byte size and SHA-256
 * and parsed with the task schema (suite/bank.ts: loadFileBank), then the manifest's family counts.
 */
import { BankLoadError, loadFileBank } from '../../suite/bank.ts';
import { DesignBankManifestSchema, DesignTaskSchema, type DesignBankManifest, type DesignTask } from '../task-schema.ts';

export async function loadDesignBank(readText: (file: string) => Promise<string>): Promise<{ manifest: DesignBankManifest; tasks: DesignTask[] }> {
  const bank = await loadFileBank(readText, DesignBankManifestSchema, DesignTaskSchema);
  const { counts } = bank.manifest;
  const design = bank.tasks.filter((t) => t.family === 'design').length;
  if (design !== counts.design || bank.tasks.length - design !== counts.reimplementation) {
    throw new BankLoadError(`manifest.json: counts say ${counts.design} design + ${counts.reimplementation} reimplementation, the files hold ${design} + ${bank.tasks.length - design}`);
  }
  return bank;
}
