/**
 * Loading the photonics-agent bank: every task file checked against the manifest's byte size and
 * SHA-256 and parsed with the task schema (suite/bank.ts: loadFileBank), then the seed's counts.
 */
import { BankLoadError, loadFileBank } from '../../suite/bank.ts';
import { PhotonicsBankManifestSchema, PhotonicsTaskSchema, type PhotonicsBankManifest, type PhotonicsTask } from '../task-schema.ts';
import { checkCounts } from './generate.ts';

export async function loadPhotonicsAgentBank(readText: (file: string) => Promise<string>): Promise<{ manifest: PhotonicsBankManifest; tasks: PhotonicsTask[] }> {
  const bank = await loadFileBank(readText, PhotonicsBankManifestSchema, PhotonicsTaskSchema);
  try {
    checkCounts(bank.tasks);
  } catch (e) {
    throw new BankLoadError((e as Error).message);
  }
  return bank;
}
