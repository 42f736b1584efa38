import type { Database } from '@kabuto/db/database';
import { money, toWire } from '@kabuto/domain/money';
import { noSaleRules } from '@kabuto/domain/trading/sale-rules';
import type { MarketSnapshot } from '../market/public.ts';
import { positionColumns, positionWire, type PositionRow } from './position-row.ts';
import { closingPrices, namesIn } from './position-queries.ts';

/** Member centre (SPEC §3, DESIGN): unrealised P&L of holding positions, and profit = realised + unrealised. */
export async function memberProfit(
  db: Database,
  market: Pick<MarketSnapshot, 'get' | 'touch'>,
  memberId: string,
): Promise<{ unrealised: string; profit: string }> {
  const rows = await db.query<PositionRow>(
    `SELECT ${positionColumns} FROM trade_positions WHERE member_id = $1 AND status IN ('holding', 'closing', 'closed')`,
    [memberId],
  );
  const prices = closingPrices(market, rows);
  let unrealised = money('0');
  let profit = money('0');
  for (const r of rows) {
    const w = positionWire(r, namesIn(market, r.symbol), noSaleRules, prices.get(r.order_no) ?? null);
    if (r.status !== 'closed' && w.pnl !== null) unrealised = unrealised.plus(w.pnl);
    if (w.netPnl !== null) profit = profit.plus(w.netPnl);
  }
  return { unrealised: toWire(unrealised), profit: toWire(profit) };
}
