import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/http-client.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { useStreamTopic } from '../../../shared/stream/stream-context.tsx';
import type { TopicMessage } from '../../../shared/stream/stream-client.ts';
import { dayTradeKeys, fetchApplications, fetchDayTrades, fetchOverview } from './daytrade.api.ts';

const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && (error.kind === 'refusal' || error.kind === 'unauthorized')) && count < 2;

export function useDayTradeOverview() {
  const { token } = useSession();
  return useQuery({
    queryKey: dayTradeKeys.overview(token),
    queryFn: ({ signal }) => fetchOverview({ signal }),
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

export function useDayTradeApplications() {
  const { token } = useSession();
  return useQuery({
    queryKey: dayTradeKeys.applications(token),
    queryFn: ({ signal }) => fetchApplications(1, 100, { signal }),
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

export function useDayTrades(tab: 'placing' | 'holding' | 'closed') {
  const { token } = useSession();
  return useQuery({
    queryKey: dayTradeKeys.trades(token, tab),
    queryFn: ({ signal }) => fetchDayTrades(tab, { signal }),
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

const dayTradeData = (key: unknown) =>
  typeof key === 'string' && (key.startsWith(dayTradeKeys.all) || key.startsWith('trade/') || key.startsWith('user/'));

/** Every day-trading query, the trade queries and the member's money refetch. */
export function useRefreshDayTrade(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ predicate: (q) => dayTradeData(q.queryKey[0]) }), [client]);
}

/**
 * Live: a quota decided or ended, a day trade closed at the cut-off (`daytrade.changed`), or any position changed
 * (`trade.positionChanged`) refetches what the day-trading screens show. After a gap, everything.
 */
export function useDayTradeEvents(): void {
  const refresh = useRefreshDayTrade();
  const onMessage = useCallback(
    (m: TopicMessage) => {
      if (m.type === 'event' && (m.event.type === 'daytrade.changed' || m.event.type === 'trade.positionChanged'))
        void refresh();
    },
    [refresh],
  );
  const onResync = useCallback(() => void refresh(), [refresh]);
  useStreamTopic('member', onMessage, onResync);
}
