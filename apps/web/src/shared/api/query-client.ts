import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * `meta` for a query that records what was done (the back office's audit log): it is refetched after any change
 * the app makes succeeds, wherever that change was made, so it never needs a reload to show the action just taken.
 */
export const refreshAfterChanges = { refreshAfterChanges: true } as const;

// The HTTP client already told the member what went wrong; a silent retry would repeat the notice.
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      // Not awaited: the mutation's own onSuccess (a notice, a navigation) should not wait for the refetch.
      onSuccess: () => {
        void client.invalidateQueries({ predicate: (query) => query.meta?.['refreshAfterChanges'] === true });
      },
    }),
  });
  return client;
}
