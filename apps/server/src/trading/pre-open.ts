import type { Database } from '@kabuto/db/database';
import { money, toWire } from '@kabuto/domain/money';
import { indicativeOpen, nextSessionLimits, orderWindow, type BookLevel } from '@kabuto/domain/market/order-window';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { tradePreOpenCall } from '@kabuto/contracts/trade/orders';
import type { Clock } from '../clock.ts';
import { orderWindowWire, type MarketSnapshot } from '../market/public.ts';

type PreOpen = ResponseOf<typeof tradePreOpenCall>;

/** How many stocks the pre-open book shows when the member names none. */
export const PRE_OPEN_DEFAULT = 12;

/**
 * Issue 26 "Pre-market and after-hours": the book a member sees before the open. Per stock: the limits of the session
 * orders are for (from the close when that session opens a new day), the members' queued limit orders as totals by
 * side and price (nobody's own order is shown), and the indicative opening price by the itayose rule over those
 * orders together with the quoted depth. Under `demo` the window is always `open` and the indicative price is what
 * the same rule gives for the book as it stands.
 */
export function preOpenBook(deps: { db: Database; market: MarketSnapshot; profile: SessionProfile; clock: Clock }) {
  /** The stocks of the member's own queued orders first, then the day's most traded (`PRE_OPEN_DEFAULT` in all). */
  async function defaultSymbols(memberId: string): Promise<string[]> {
    const own = await deps.db.query<{ symbol: string }>(
      `SELECT DISTINCT symbol FROM trade_positions WHERE member_id = $1 AND status = 'pending' ORDER BY symbol LIMIT $2`,
      [memberId, PRE_OPEN_DEFAULT],
    );
    const active = deps.market
      .ranked('turnover')
      .slice(0, PRE_OPEN_DEFAULT)
      .map((e) => e.company.code);
    return [...new Set([...own.map((r) => r.symbol), ...active])].slice(0, PRE_OPEN_DEFAULT);
  }

  return async (memberId: string, symbols: readonly string[] | undefined): Promise<PreOpen> => {
    const window = orderWindow(deps.profile, deps.clock.now());
    const asked = symbols ?? (await defaultSymbols(memberId));
    const wanted = [...new Set(asked)].filter((s) => {
      const status = deps.market.get(s)?.status;
      return status === 'listed' || status === 'halted';
    });
    const queued = await deps.db.query<{ symbol: string; side: 'long' | 'short'; price: string; shares: string }>(
      `SELECT symbol, side, limit_price::text AS price, sum(quantity)::text AS shares
         FROM trade_positions
        WHERE status = 'pending' AND limit_price IS NOT NULL AND symbol = ANY($1::text[])
        GROUP BY symbol, side, limit_price`,
      [wanted],
    );
    const items = wanted.flatMap((symbol) => {
      const entry = deps.market.get(symbol);
      if (!entry) return [];
      const q = deps.market.quote(entry);
      const depth = deps.market.depth(entry);
      const limits =
        window.kind !== 'open' && window.newDay
          ? nextSessionLimits(q.last, entry.company.tickTable)
          : { limitUp: q.limitUp, limitDown: q.limitDown };
      const mine = queued.filter((r) => r.symbol === symbol);
      const level = (r: { price: string; shares: string }): BookLevel => ({ price: r.price, shares: r.shares });
      const buys = mine.filter((r) => r.side === 'long').map(level);
      const sells = mine.filter((r) => r.side === 'short').map(level);
      const total = (ls: readonly BookLevel[]) => toWire(ls.reduce((s, l) => s.plus(money(l.shares)), money('0')));
      const indicative = indicativeOpen(
        [...depth.bids.map((l) => ({ price: l.price, shares: String(l.quantity) })), ...buys],
        [...depth.asks.map((l) => ({ price: l.price, shares: String(l.quantity) })), ...sells],
        q.last,
      );
      return [
        {
          symbol,
          names: entry.company.names,
          last: q.last,
          prevClose: q.prevClose,
          change: q.change,
          changePercent: q.changePercent,
          status: q.status,
          ...limits,
          queuedBuy: total(buys),
          queuedSell: total(sells),
          indicative: indicative.price,
          indicativeShares: indicative.shares,
        },
      ];
    });
    return { profile: deps.profile, window: orderWindowWire(window), items };
  };
}
