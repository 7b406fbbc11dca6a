import { useQuery } from '@tanstack/react-query';
import { createWorkerVehOracle } from '../../adapters/browser/worker-veh-oracle.ts';

export type WorkerVehOracle = Awaited<ReturnType<typeof createWorkerVehOracle>>;

export const VEH_ORACLE_QUERY_KEY = ['veh-oracle', 'worker'] as const;

// The worker is a live resource, not data: when a retry creates a new one, the old one must go.
let currentOracle: WorkerVehOracle | null = null;

async function startOracle(): Promise<WorkerVehOracle> {
  currentOracle?.terminate();
  currentOracle = null;
  const oracle = await createWorkerVehOracle();
  currentOracle = oracle;
  return oracle;
}

/** The worker-hosted VEH oracle, started once when the page loads. */
export function useVehOracle() {
  return useQuery({
    queryKey: VEH_ORACLE_QUERY_KEY,
    queryFn: startOracle,
    staleTime: Infinity,
    gcTime: Infinity,
    // A worker that failed to start fails the same way again; the user retries explicitly. Without
    // retryOnMount: false, any component that mounts later (another view using the oracle) would
    // silently start it again behind the error banner.
    retry: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
