import { QueryClient } from '@tanstack/react-query';

// The HTTP client already told the member what went wrong; a silent retry would repeat the notice.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
