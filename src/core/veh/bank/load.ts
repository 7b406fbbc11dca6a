/** Loading a generated VEH bank (the generic loader, src/core/suite/bank.ts, with VEH's schemas). */
import { BankLoadError, loadBank, parseBankJsonl } from '../../suite/bank.ts';
import { BankManifestSchema, VehTaskSchema, type BankManifest, type Probe, type VehTask } from '../task-schema.ts';

export { BankLoadError };

/** Parses JSONL task text (one task per line, trailing newline allowed); `probe` requires every task to be that probe. */
export function parseVehBankJsonl(text: string, probe?: Probe): VehTask[] {
  return parseBankJsonl(VehTaskSchema, text, probe);
}

/** Reads manifest.json and every bank it lists through `readText`, verifying sizes, hashes and counts. */
export function loadVehBank(readText: (file: string) => Promise<string>): Promise<{ manifest: BankManifest; tasks: VehTask[] }> {
  return loadBank({ manifestSchema: BankManifestSchema, taskSchema: VehTaskSchema }, readText);
}
