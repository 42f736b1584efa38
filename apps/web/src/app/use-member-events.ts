import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStreamTopic } from '../shared/stream/stream-context.tsx';
import { showNoticeKey } from '../shared/api/notice.ts';
import type { TopicMessage } from '../shared/stream/stream-client.ts';

/**
 * Query keys start with their call's path: member data under `user/`, orders and positions under `trade/`, new-share
 * offerings and the member's entries under `market/ipo/`, block-trade products and applications under `market/block/`.
 */
const memberData = (key: unknown) => typeof key === 'string' && key.startsWith('user/');
const tradeData = (key: unknown) => typeof key === 'string' && key.startsWith('trade/');
const ipoData = (key: unknown) => typeof key === 'string' && key.startsWith('market/ipo/');
const blockData = (key: unknown) => typeof key === 'string' && key.startsWith('market/block/');
const copyData = (key: unknown) => typeof key === 'string' && key.startsWith('follow/');

/**
 * A position that filled, closed (by the member, a level or a margin call) or took margin changes the member's money
 * (`user/assets`, the timeline) and the trade screens; any other member event changes member data only.
 */
export const changesTrades = (m: TopicMessage): boolean =>
  m.type === 'event' && m.event.type === 'trade.positionChanged';

/** An IPO entry drawn (won or not), paid, lapsed or cancelled changes the IPO screens as well as the member's money. */
export const changesIpo = (m: TopicMessage): boolean => m.type === 'event' && m.event.type === 'ipo.entryChanged';

/**
 * A block-trade application decided changes the applications and their detail, and, approved, the positions (the
 * shares open one under "competition"), as well as the member's money.
 */
export const changesBlock = (m: TopicMessage): boolean => m.type === 'event' && m.event.type === 'block.decided';

/**
 * Issue 26: a follow started, a lead's trade mirrored (or not: below one unit), a follow ended — the copy-trading
 * screens, and the positions under "follow orders".
 */
export const changesCopy = (m: TopicMessage): boolean => m.type === 'event' && m.event.type === 'copy.changed';

/**
 * Issue 26: the member's day trades were closed at the day's cut-off (or a quota decided): the positions changed too,
 * and a cut-off close is said in a notice wherever the member is.
 */
export const changesDayTrades = (m: TopicMessage): boolean => m.type === 'event' && m.event.type === 'daytrade.changed';
export const dayTradesClosed = (m: TopicMessage): boolean =>
  changesDayTrades(m) && m.type === 'event' && m.event.payload.reason === 'daytradeCutOff';

/** What a member event makes stale, besides the member's own data (always). */
interface Stale {
  trade: boolean;
  ipo: boolean;
  block: boolean;
  copy?: boolean;
}

/** While a member is signed in, their decisions arrive live and every open screen refetches what it shows. */
export function useMemberEvents(): void {
  const client = useQueryClient();
  const refetch = useCallback(
    (also: Stale) =>
      void client.invalidateQueries({
        predicate: (q) =>
          memberData(q.queryKey[0]) ||
          (also.trade && tradeData(q.queryKey[0])) ||
          (also.ipo && ipoData(q.queryKey[0])) ||
          (also.block && blockData(q.queryKey[0])) ||
          (also.copy === true && copyData(q.queryKey[0])),
      }),
    [client],
  );
  const onEvent = useCallback(
    (m: TopicMessage) => {
      if (dayTradesClosed(m)) showNoticeKey('notice.dayTradesClosed');
      refetch({
        trade: changesTrades(m) || changesBlock(m) || changesCopy(m) || changesDayTrades(m),
        ipo: changesIpo(m),
        block: changesBlock(m),
        copy: changesCopy(m),
      });
    },
    [refetch],
  );
  // After a gap anything may have happened: refetch all of it.
  const onResync = useCallback(() => refetch({ trade: true, ipo: true, block: true, copy: true }), [refetch]);
  useStreamTopic('member', onEvent, onResync);
}
