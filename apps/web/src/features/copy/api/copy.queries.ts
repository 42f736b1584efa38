import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/http-client.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { copyKeys, fetchFollow, fetchFollows, fetchStrategies, fetchStrategy, type FollowStatus } from './copy.api.ts';

export const FOLLOWS_PAGE_SIZE = 20;

/** A refusal is an answer (the server said no): asking again at once would only repeat it. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && (error.kind === 'refusal' || error.kind === 'unauthorized')) && count < 2;

export function useStrategies() {
  const { token } = useSession();
  return useQuery({
    queryKey: copyKeys.strategies(token),
    queryFn: ({ signal }) => fetchStrategies({ signal }),
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

export function useStrategy(id: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: copyKeys.strategy(token, id),
    queryFn: ({ signal }) => fetchStrategy(id, { signal }),
    enabled: token !== '' && id !== '',
    retry: retryUnlessRefused,
  });
}

export function useFollows(status: FollowStatus) {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: copyKeys.follows(token, status),
    queryFn: ({ pageParam, signal }) => fetchFollows(status, pageParam, FOLLOWS_PAGE_SIZE, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.items.length, 0) < last.total ? all.length + 1 : undefined,
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

export function useFollow(id: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: copyKeys.one(token, id),
    queryFn: ({ signal }) => fetchFollow(id, { signal }),
    enabled: token !== '' && id !== '',
    retry: retryUnlessRefused,
  });
}

/** After a follow or a stop: every `follow/…` query, the trades and the member's money (`user/…`) refetch. */
export function useRefreshCopy(): () => Promise<void> {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) =>
        typeof q.queryKey[0] === 'string' &&
        (q.queryKey[0].startsWith(copyKeys.all) ||
          q.queryKey[0].startsWith('user/') ||
          q.queryKey[0].startsWith('trade/')),
    });
}
