import { QueryClient } from '@tanstack/react-query';

/** Everything the page queries is static for the session (bank files, the oracle worker). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
