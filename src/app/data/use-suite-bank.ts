import { useQueries, useQuery } from '@tanstack/react-query';
import { sha256Hex } from '../../core/hash/sha256.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import { readBankFile } from './read-bank-file.ts';
import { SUITES } from '../../core/suites.ts';

export const bankQueryKey = (suiteId: string) => ['suite-bank', suiteId] as const;

/** The bank's manifest file; its sha256 is the bank hash the CLI records too. */
const MANIFEST_FILE = 'manifest.json';

export interface LoadedBank {
  suiteId: string;
  tasks: { task_id: string }[];
  /** sha256 of manifest.json's bytes, as `proving-ground run` records it, so page and CLI runs compare. */
  bankHash: string;
}

async function loadBank(suite: AnySuite): Promise<LoadedBank> {
  const seen: { manifestText?: string } = {};
  const bank = await suite.bank.load(async (file: string) => {
    const text = await readBankFile(suite.bank.dir, file);
    if (file === MANIFEST_FILE) seen.manifestText = text;
    return text;
  });
  return { suiteId: suite.descriptor.id, tasks: bank.tasks, bankHash: seen.manifestText !== undefined ? sha256Hex(seen.manifestText) : 'unknown' };
}

const bankQuery = (suite: AnySuite) => ({
  queryKey: bankQueryKey(suite.descriptor.id),
  queryFn: () => loadBank(suite),
  staleTime: Infinity,
  gcTime: Infinity,
  // A schema or hash mismatch will not fix itself; a network blip might, so retry once.
  retry: 1,
});

/** The suite's validated bank (manifest checked, every task parsed), fetched once and kept for the session. */
export function useSuiteBank(suite: AnySuite) {
  return useQuery(bankQuery(suite));
}

/** Every registered suite's bank (the Runs page verifies and exports runs of any suite): loaded ones by suite id, and whether any is still loading. */
export function useSuiteBanks(): { banks: ReadonlyMap<string, LoadedBank>; pending: boolean } {
  const suites = SUITES.list();
  return useQueries({
    queries: suites.map(bankQuery),
    combine: (results) => ({
      banks: new Map(results.flatMap((r, i) => (r.data && suites[i] ? [[suites[i].descriptor.id, r.data] as const] : []))),
      pending: results.some((r) => r.isPending),
    }),
  });
}
