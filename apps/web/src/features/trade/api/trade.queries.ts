import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/http-client.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import {
  fetchAssets,
  fetchMarketStatus,
  fetchPositionDetail,
  fetchPositions,
  fetchStock,
  previewOrder,
  tradeKeys,
  type OrderRequest,
  type PositionTab,
  type Ticket,
} from './trade.api.ts';

export const POSITIONS_PAGE_SIZE = 20;

/** A refusal is an answer (the server said no): asking again at once would only repeat it. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && (error.kind === 'refusal' || error.kind === 'unauthorized')) && count < 2;

/** The ticket's figures from the server (authoritative); the last answer stays on screen while the next is asked. */
export function useTicketPreview(order: OrderRequest | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: tradeKeys.preview(token, order),
    queryFn: ({ signal }): Promise<Ticket> => {
      // Never run without an order (`enabled` below); the check keeps the type honest.
      if (order === null) throw new Error('no order to preview');
      return previewOrder(order, { signal });
    },
    enabled: token !== '' && order !== null,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    // A market order is worked at the moving ask or bid: keep the figures near the price the order would fill at.
    refetchInterval: order?.type === 'market' ? 10_000 : false,
    staleTime: 5_000,
  });
}

export function usePositions(tab: PositionTab) {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: tradeKeys.list(token, tab),
    queryFn: ({ pageParam, signal }) => fetchPositions(tab, pageParam, POSITIONS_PAGE_SIZE, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.items.length, 0) < last.total ? all.length + 1 : undefined,
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

export function usePositionDetail(orderNo: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: tradeKeys.detail(token, orderNo),
    queryFn: ({ signal }) => fetchPositionDetail(orderNo, { signal }),
    enabled: token !== '' && orderNo !== '',
    retry: retryUnlessRefused,
  });
}

export function useStockForTicket(symbol: string) {
  return useQuery({
    queryKey: tradeKeys.stock(symbol),
    queryFn: ({ signal }) => fetchStock(symbol, { signal }),
    enabled: symbol !== '',
    retry: retryUnlessRefused,
  });
}

export function useAssetsForTrade() {
  const { token } = useSession();
  return useQuery({
    queryKey: tradeKeys.assets(token),
    queryFn: ({ signal }) => fetchAssets({ signal }),
    enabled: token !== '',
    staleTime: 5_000,
  });
}

/** Where the prices on screen come from (simulated or replayed); the session changes on the minute at most. */
export function usePriceSource() {
  return useQuery({
    queryKey: tradeKeys.marketStatus,
    queryFn: ({ signal }) => fetchMarketStatus({ signal }),
    staleTime: 30_000,
    select: (status) => status.source,
  });
}

/** After an order or position changed: every `trade/…` query and the member's money (`user/…`) refetch. */
export function useRefreshTrade(): () => Promise<void> {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) =>
        typeof q.queryKey[0] === 'string' && (q.queryKey[0].startsWith('trade/') || q.queryKey[0].startsWith('user/')),
    });
}
