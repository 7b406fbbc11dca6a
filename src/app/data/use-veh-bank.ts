import { useQuery } from '@tanstack/react-query';
import { loadVehBank } from '../../core/veh/bank/load.ts';
import { readBankFile } from './read-bank-file.ts';

export const VEH_BANK_QUERY_KEY = ['veh-bank'] as const;

/** The validated VEH bank (manifest + all tasks), fetched once and kept for the session. */
export function useVehBank() {
  return useQuery({
    queryKey: VEH_BANK_QUERY_KEY,
    queryFn: () => loadVehBank(readBankFile),
    staleTime: Infinity,
    gcTime: Infinity,
    // A schema or hash mismatch will not fix itself; a network blip might, so retry once.
    retry: 1,
  });
}
