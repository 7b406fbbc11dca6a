/** The shipped bank for tests (Node only): public/banks/photonics-agent read from disk. */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadPhotonicsAgentBank } from './bank/load.ts';
import type { PhotonicsTask } from './task-schema.ts';

export const BANK_DIR = fileURLToPath(new URL('../../../public/banks/photonics-agent/', import.meta.url));

export const readBankFile = (file: string): Promise<string> => readFile(new URL(file, `file://${BANK_DIR}`), 'utf8');

export async function shippedTasks(): Promise<PhotonicsTask[]> {
  return (await loadPhotonicsAgentBank(readBankFile)).tasks;
}
