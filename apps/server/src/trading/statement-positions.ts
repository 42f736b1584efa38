import type { Sql } from '@kabuto/db/database';
import { Decimal } from '@kabuto/domain/money';
import type { PositionFacts } from '@kabuto/domain/statements/statement';

/**
 * Issue 27 "Statements": what a statement prints of the member's positions its trade entries name (by order number):
 * the stock, side, quantity, open and close prices, and the stamp duty the close recorded. Only the member's own.
 */
export async function statementPositions(
  sql: Sql,
  memberId: string,
  orderNos: readonly string[],
): Promise<Map<string, PositionFacts>> {
  if (orderNos.length === 0) return new Map();
  const rows = await sql.query<{
    order_no: string;
    symbol: string;
    side: 'long' | 'short';
    quantity: string;
    open_price: string | null;
    close_price: string | null;
    stamp_duty: string;
  }>(
    `SELECT order_no, symbol, side, quantity::text AS quantity, open_price::text AS open_price,
            close_price::text AS close_price, stamp_duty::text AS stamp_duty
       FROM trade_positions WHERE member_id = $1 AND order_no = ANY($2::text[])`,
    [memberId, [...new Set(orderNos)]],
  );
  return new Map(
    rows.map((r) => [
      r.order_no,
      {
        orderNo: r.order_no,
        symbol: r.symbol,
        side: r.side,
        quantity: r.quantity,
        openPrice: r.open_price === null ? null : new Decimal(r.open_price).toFixed(),
        closePrice: r.close_price === null ? null : new Decimal(r.close_price).toFixed(),
        stampDuty: new Decimal(r.stamp_duty),
      },
    ]),
  );
}
