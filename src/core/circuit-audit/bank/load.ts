/** Loading the generated circuit banks (the generic loader, src/core/suite/bank.ts, with the circuit schemas). */
import { BankLoadError, loadBank, parseBankJsonl } from '../../suite/bank.ts';
import type { Probe } from '../../veh/task-schema.ts';
import { CircuitBankManifestSchema, CircuitTaskSchema, type CircuitBankManifest, type CircuitTask } from '../task-schema.ts';

export { BankLoadError };

/** Parses JSONL circuit tasks (one per line, trailing newline allowed); `probe` requires every task to be that probe. */
export function parseCircuitBankJsonl(text: string, probe?: Probe): CircuitTask[] {
  return parseBankJsonl(CircuitTaskSchema, text, probe);
}

/** Reads manifest.json and every bank it lists through `readText`, verifying sizes, hashes and counts. */
export function loadCircuitBank(readText: (file: string) => Promise<string>): Promise<{ manifest: CircuitBankManifest; tasks: CircuitTask[] }> {
  return loadBank({ manifestSchema: CircuitBankManifestSchema, taskSchema: CircuitTaskSchema }, readText);
}
