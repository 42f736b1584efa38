import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/http-client.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import {
  fetchAllotments,
  fetchDraw,
  fetchGrabOrder,
  fetchIpoRecords,
  fetchOffering,
  fetchOfferings,
  ipoKeys,
} from './ipo.api.ts';

/** A refusal is an answer (the server said no): asking again at once would only repeat it. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && (error.kind === 'refusal' || error.kind === 'unauthorized')) && count < 2;

export function useOfferings() {
  const { token } = useSession();
  return useQuery({
    queryKey: ipoKeys.list(token),
    queryFn: ({ signal }) => fetchOfferings({ signal }),
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

export function useOffering(id: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: ipoKeys.detail(token, id),
    queryFn: ({ signal }) => fetchOffering(id, { signal }),
    enabled: token !== '' && id !== '',
    retry: retryUnlessRefused,
    // Past its draw time an offering is drawn within seconds (a leader job): a member without an entry gets no event.
    refetchInterval: (query) => {
      const o = query.state.data;
      return o?.phase === 'ended' && Date.now() >= Date.parse(o.drawAt) ? 15_000 : false;
    },
  });
}

/** The published draw (every entry): asked only once the offering is drawn; it never changes after that. */
export function usePublishedDraw(id: string, drawn: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: ipoKeys.draw(token, id),
    queryFn: ({ signal }) => fetchDraw(id, { signal }),
    enabled: token !== '' && id !== '' && drawn,
    retry: retryUnlessRefused,
    staleTime: Infinity,
  });
}

/**
 * The published serving order of a grab window: asked only when the member opens it. It grows while the window is open;
 * a press (`useRefreshIpo`) or an `ipo.entryChanged` event refetches it with the other `market/ipo/…` queries.
 */
export function useGrabOrder(id: string, wanted: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: ipoKeys.grabOrder(token, id),
    queryFn: ({ signal }) => fetchGrabOrder(id, { signal }),
    enabled: token !== '' && id !== '' && wanted,
    retry: retryUnlessRefused,
  });
}

export function useIpoRecords() {
  const { token } = useSession();
  return useQuery({
    queryKey: ipoKeys.records(token),
    queryFn: ({ signal }) => fetchIpoRecords({ signal }),
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

/**
 * After a subscription, a payment or a grab: every `market/ipo/…` query, the member's money (`user/…`) and, as a paid win
 * opens a position, the positions (`trade/…`) refetch.
 */
export function useRefreshIpo(): () => Promise<void> {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) =>
        typeof q.queryKey[0] === 'string' &&
        (q.queryKey[0].startsWith(ipoKeys.all) ||
          q.queryKey[0].startsWith('user/') ||
          q.queryKey[0].startsWith('trade/')),
    });
}

/** /user/pj: the shares allotted to the member. */
export function useAllotments() {
  const { token } = useSession();
  return useQuery({
    queryKey: ipoKeys.allotments(token),
    queryFn: ({ signal }) => fetchAllotments({ signal }),
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}
