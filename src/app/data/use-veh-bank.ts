import { useQuery } from '@tanstack/react-query';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { loadVehBank } from '../../core/veh/bank/load.ts';
import type { BankManifest, VehTask } from '../../core/veh/task-schema.ts';
import { readBankFile } from './read-bank-file.ts';

export const VEH_BANK_QUERY_KEY = ['veh-bank'] as const;

/** The bank's manifest file; its sha256 is the bank hash the CLI records too. */
const MANIFEST_FILE = 'manifest.json';

export interface LoadedBank {
  manifest: BankManifest;
  tasks: VehTask[];
  /** sha256 of manifest.json's bytes, as `proving-ground run` records it, so page and CLI runs compare. */
  bankHash: string;
}

async function loadBank(): Promise<LoadedBank> {
  const seen: { manifestText?: string } = {};
  const bank = await loadVehBank(async (file: string) => {
    const text = await readBankFile(file);
    if (file === MANIFEST_FILE) seen.manifestText = text;
    return text;
  });
  return { ...bank, bankHash: seen.manifestText !== undefined ? sha256Hex(seen.manifestText) : 'unknown' };
}

/** The validated VEH bank (manifest + all tasks), fetched once and kept for the session. */
export function useVehBank() {
  return useQuery({
    queryKey: VEH_BANK_QUERY_KEY,
    queryFn: loadBank,
    staleTime: Infinity,
    gcTime: Infinity,
    // A schema or hash mismatch will not fix itself; a network blip might, so retry once.
    retry: 1,
  });
}
