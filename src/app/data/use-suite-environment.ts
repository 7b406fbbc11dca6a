import { useQuery } from '@tanstack/react-query';
import { createPageEnvironment, type PageEnvironment } from '../../adapters/browser/suite-environments.ts';

export const environmentQueryKey = (suiteId: string) => ['suite-environment', suiteId] as const;

// A worker is a live resource, not data: when a retry creates a new one, the old one must go.
const current = new Map<string, PageEnvironment>();

async function startEnvironment(suiteId: string): Promise<PageEnvironment> {
  current.get(suiteId)?.terminate();
  current.delete(suiteId);
  const env = await createPageEnvironment(suiteId);
  current.set(suiteId, env);
  return env;
}

/** The suite's worker-hosted environment (its oracle), started once per page load when first needed. */
export function useSuiteEnvironment(suiteId: string) {
  return useQuery({
    queryKey: environmentQueryKey(suiteId),
    queryFn: () => startEnvironment(suiteId),
    staleTime: Infinity,
    gcTime: Infinity,
    // A worker that failed to start fails the same way again; the user retries explicitly. Without
    // retryOnMount: false, any component that mounts later would silently start it again behind the error banner.
    retry: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
