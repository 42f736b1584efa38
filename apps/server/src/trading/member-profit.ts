import type { Database } from '@kabuto/db/database';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { tradeTotalsCall } from '@kabuto/contracts/trade/totals';
import { money, toWire } from '@kabuto/domain/money';
import { unrealisedTotal, type OpenPositionMark } from '@kabuto/domain/trading/position-totals';
import { noSaleRules } from '@kabuto/domain/trading/sale-rules';
import type { MarketSnapshot } from '../market/public.ts';
import { positionColumns, positionWire, type PositionRow } from './position-row.ts';
import { closingPrices, namesIn } from './position-queries.ts';

type Market = Pick<MarketSnapshot, 'get' | 'touch'>;

/** The member's positions of these statuses, each valued at the closing side of its book now. */
async function valued(db: Database, market: Market, memberId: string, statuses: string[]) {
  const rows = await db.query<PositionRow>(
    `SELECT ${positionColumns} FROM trade_positions WHERE member_id = $1 AND status = ANY($2::text[]) ORDER BY id`,
    [memberId, statuses],
  );
  const prices = closingPrices(market, rows);
  return rows.map((r) => ({
    row: r,
    wire: positionWire(r, namesIn(market, r.symbol), noSaleRules, prices.get(r.order_no) ?? null),
  }));
}

const markOf = ({ row: r, wire: w }: Awaited<ReturnType<typeof valued>>[number]): OpenPositionMark | null =>
  (r.status === 'holding' || r.status === 'closing') && r.open_price !== null
    ? {
        orderNo: r.order_no,
        symbol: r.symbol,
        side: r.side,
        status: r.status,
        openPrice: toWire(money(r.open_price)),
        quantity: toWire(money(r.quantity)),
        pnl: w.pnl,
      }
    : null;

/** Member centre (SPEC §3, DESIGN): unrealised P&L of holding positions, and profit = realised + unrealised. */
export async function memberProfit(
  db: Database,
  market: Market,
  memberId: string,
): Promise<{ unrealised: string; profit: string }> {
  const positions = await valued(db, market, memberId, ['holding', 'closing', 'closed']);
  let profit = money('0');
  for (const { wire } of positions) if (wire.netPnl !== null) profit = profit.plus(wire.netPnl);
  // The same sum the positions screen's totals show (domain `unrealisedTotal`, no newer book).
  const unrealised = unrealisedTotal(positions.map(markOf).filter((m) => m !== null));
  return { unrealised: toWire(unrealised), profit: toWire(profit) };
}

/**
 * Issue 27 (建玉一覧): the positions screen's head — the member centre's unrealised P&L over the same positions at the
 * same prices, the JPY margin book (margin in use) and the JPY available book (what orders draw on), with the open
 * positions so the screen can move the total with the live book.
 */
export async function memberTotals(
  db: Database,
  market: Market,
  memberId: string,
): Promise<ResponseOf<typeof tradeTotalsCall>> {
  const positions = (await valued(db, market, memberId, ['holding', 'closing'])).map(markOf).filter((m) => m !== null);
  const books = await db.query<{ book: string; balance: string }>(
    `SELECT book, balance::text AS balance FROM ledger_accounts
      WHERE member_id = $1 AND currency = 'JPY' AND book IN ('available', 'margin')`,
    [memberId],
  );
  const book = (name: string) => toWire(money(books.find((b) => b.book === name)?.balance ?? '0'));
  return {
    currency: 'JPY',
    unrealised: toWire(unrealisedTotal(positions)),
    margin: book('margin'),
    available: book('available'),
    openCount: positions.length,
    positions,
  };
}
