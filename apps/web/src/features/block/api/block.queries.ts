import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/http-client.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import {
  blockKeys,
  fetchBlockApplication,
  fetchBlockApplications,
  fetchBlockProduct,
  fetchBlockProducts,
} from './block.api.ts';

export const APPLICATIONS_PAGE_SIZE = 20;

/** A refusal is an answer (the server said no): asking again at once would only repeat it. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && (error.kind === 'refusal' || error.kind === 'unauthorized')) && count < 2;

export function useBlockProducts() {
  const { token } = useSession();
  return useQuery({
    queryKey: blockKeys.list(token),
    queryFn: ({ signal }) => fetchBlockProducts({ signal }),
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

export function useBlockProduct(id: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: blockKeys.detail(token, id),
    queryFn: ({ signal }) => fetchBlockProduct(id, { signal }),
    enabled: token !== '' && id !== '',
    retry: retryUnlessRefused,
  });
}

/** The member's applications, newest first, a page at a time. */
export function useBlockApplications() {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: blockKeys.applications(token),
    queryFn: ({ pageParam, signal }) => fetchBlockApplications(pageParam, APPLICATIONS_PAGE_SIZE, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.items.length, 0) < last.total ? all.length + 1 : undefined,
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

export function useBlockApplication(id: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: blockKeys.application(token, id),
    queryFn: ({ signal }) => fetchBlockApplication(id, { signal }),
    enabled: token !== '' && id !== '',
    retry: retryUnlessRefused,
  });
}

/** After an application: every `market/block/…` query and the member's money (`user/…`: the amount is held) refetch. */
export function useRefreshBlock(): () => Promise<void> {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) =>
        typeof q.queryKey[0] === 'string' &&
        (q.queryKey[0].startsWith(blockKeys.all) || q.queryKey[0].startsWith('user/')),
    });
}
