/** Loading the reproduction bank: every file checked against the manifest's size and SHA-256 and parsed (suite/bank.ts: loadFileBank), then the count. */
import { BankLoadError, loadFileBank } from '../../suite/bank.ts';
import { ReproductionBankManifestSchema, ReproductionBankTaskSchema, type ReproductionBankManifest, type ReproductionBankTask } from '../task-schema.ts';

export async function loadReproductionBank(readText: (file: string) => Promise<string>): Promise<{ manifest: ReproductionBankManifest; tasks: ReproductionBankTask[] }> {
  const bank = await loadFileBank(readText, ReproductionBankManifestSchema, ReproductionBankTaskSchema);
  if (bank.tasks.length !== bank.manifest.counts.tasks) throw new BankLoadError(`manifest.json: counts say ${bank.manifest.counts.tasks} tasks, the files hold ${bank.tasks.length}`);
  return bank;
}
