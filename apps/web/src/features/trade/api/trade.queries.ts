import { useEffect, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderWindow } from '@kabuto/domain/market/order-window';
import type { OrderWindowWire } from '@kabuto/contracts/trade/orders';
import { ApiError } from '../../../shared/api/http-client.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import {
  fetchAssets,
  fetchMarketStatus,
  fetchPreOpen,
  fetchPositionDetail,
  fetchPositions,
  fetchStock,
  fetchTotals,
  previewOrder,
  tradeKeys,
  type MarketStatus,
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

/**
 * Issue 27: the positions screen's totals. Refetched with every `trade/…` query when an order or position changes
 * (member events, `useRefreshTrade`); the live book moves the P&L in between.
 */
export function useTradeTotals() {
  const { token } = useSession();
  return useQuery({
    queryKey: tradeKeys.totals(token),
    queryFn: ({ signal }) => fetchTotals({ signal }),
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

/**
 * Issue 26: when an order placed now meets the market (now, an opening auction, the next session), by the domain's
 * own `orderWindow` on the profile the server runs — the same rule the server checks. Under `tse` it is worked out
 * again every 30 s on this device (no request); the ticket's preview carries the server's answer for each order.
 */
export function useOrderWindow(): { profile: MarketStatus['profile']; window: OrderWindowWire } | undefined {
  const status = useQuery({
    queryKey: tradeKeys.marketStatus,
    queryFn: ({ signal }) => fetchMarketStatus({ signal }),
    staleTime: 30_000,
  });
  const profile = status.data?.profile;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (profile !== 'tse') return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [profile]);
  if (profile === undefined) return undefined;
  const w = orderWindow(profile, new Date(now));
  return {
    profile,
    window:
      w.kind === 'open'
        ? { kind: 'open', opensAt: null, sessionDay: null, newDay: false }
        : { kind: w.kind, opensAt: w.opensAt.toISOString(), sessionDay: w.sessionDay, newDay: w.newDay },
  };
}

/**
 * Issue 26: the book before the open — the member's queued stocks and the day's most traded, each with the queued
 * orders by side and the indicative opening price. Asked again when one of the member's orders changes (the member
 * stream refreshes every `trade/…` query) or when the member pulls it; others' queued orders are not pushed.
 */
export function usePreOpen() {
  const { token } = useSession();
  return useQuery({
    queryKey: tradeKeys.preOpen(token),
    queryFn: ({ signal }) => fetchPreOpen({ signal }),
    enabled: token !== '',
    retry: retryUnlessRefused,
    staleTime: 10_000,
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
