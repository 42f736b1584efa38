import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStreamTopic } from '../shared/stream/stream-context.tsx';
import type { TopicMessage } from '../shared/stream/stream-client.ts';

/** Query keys start with their call's path: member data under `user/`, orders and positions under `trade/`. */
const memberData = (key: unknown) => typeof key === 'string' && key.startsWith('user/');
const tradeData = (key: unknown) => typeof key === 'string' && key.startsWith('trade/');

/**
 * A position that filled, closed (by the member, a level or a margin call) or took margin changes the member's money
 * (`user/assets`, the timeline) and the trade screens; any other member event changes member data only.
 */
export const changesTrades = (m: TopicMessage): boolean =>
  m.type === 'event' && m.event.type === 'trade.positionChanged';

/** While a member is signed in, their decisions arrive live and every open screen refetches what it shows. */
export function useMemberEvents(): void {
  const client = useQueryClient();
  const refetch = useCallback(
    (alsoTrade: boolean) =>
      void client.invalidateQueries({
        predicate: (q) => memberData(q.queryKey[0]) || (alsoTrade && tradeData(q.queryKey[0])),
      }),
    [client],
  );
  const onEvent = useCallback((m: TopicMessage) => refetch(changesTrades(m)), [refetch]);
  // After a gap anything may have happened: refetch both.
  const onResync = useCallback(() => refetch(true), [refetch]);
  useStreamTopic('member', onEvent, onResync);
}
